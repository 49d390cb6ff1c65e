import { CATEGORIES, CATEGORY_LABELS, type Category } from '@locscore/schema';
import type { CategoryMatcher } from '../region/types.js';

/** How the engine recognises and measures one franchise category. */
export interface CategoryDefinition {
  /** Human-readable label (from `@locscore/schema`'s `CATEGORY_LABELS`). */
  label: string;
  /**
   * Competitor radius, metres: places of the category within it are
   * competitors and `competitorCount` counts them. Reasons in `docs/categories.md`.
   */
  radiusMetres: number;
  /** Whether a POI with these OSM tags is a place of the category. */
  matches: CategoryMatcher;
  /** The OSM tags `matches` accepts, in documentation form (`amenity=cafe`), derived from the same rules as `matches`. */
  osmTags: readonly string[];
  /** Why the radius is what it is (one sentence, shown in `docs/categories.md`). */
  radiusReason: string;
}

type Tags = Readonly<Record<string, string>>;

/**
 * One OSM tag test: the tag `key` has one of `values`. A `list` tag is an OSM
 * semicolon list (`cuisine=pizza;italian`) where any listed value counts,
 * compared trimmed and lower-cased; any other tag must equal a value exactly.
 */
interface TagTest {
  key: string;
  values: readonly string[];
  list?: boolean;
}

/**
 * One way a POI can be a place of a category: its `tag` test holds, and the
 * `and` test too when given; `unlessOnly` rejects a POI whose `unlessOnly.key`
 * lists values all of which are in `unlessOnly.values`. `note` is shown after
 * the tags in documentation form.
 */
interface TagRule {
  tag: TagTest;
  and?: TagTest;
  unlessOnly?: TagTest;
  note?: string;
}

/**
 * The values of a semicolon-separated OSM list tag (`cuisine=pizza;italian`),
 * trimmed and lower-cased.
 */
function listValues(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(';')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
}

function passes(test: TagTest, tags: Tags): boolean {
  if (test.list) return listValues(tags[test.key]).some((value) => test.values.includes(value));
  const value = tags[test.key];
  return value !== undefined && test.values.includes(value);
}

function ruleMatches(rule: TagRule, tags: Tags): boolean {
  if (!passes(rule.tag, tags)) return false;
  if (rule.and !== undefined && !passes(rule.and, tags)) return false;
  if (rule.unlessOnly === undefined) return true;
  const listed = listValues(tags[rule.unlessOnly.key]);
  return listed.length === 0 || listed.some((value) => !rule.unlessOnly?.values.includes(value));
}

/**
 * A rule in documentation form: one `key=value` line per value for a plain
 * test, else `key=a|b + other=c|d`, followed by the rule's note.
 */
function describeRule(rule: TagRule): string[] {
  const alternatives = (test: TagTest): string => `${test.key}=${test.values.join('|')}`;
  const suffix = [
    rule.and === undefined ? '' : ` + ${alternatives(rule.and)}`,
    rule.unlessOnly === undefined ? '' : ` (unless its only ${rule.unlessOnly.key} values are ${rule.unlessOnly.values.join('|')})`,
    rule.note === undefined ? '' : ` (${rule.note})`,
  ].join('');
  if (suffix === '') return rule.tag.values.map((value) => `${rule.tag.key}=${value}`);
  return [`${alternatives(rule.tag)}${suffix}`];
}

/** Plain rules for `key=value` tags, one rule for all the values of each key. */
const oneOf = (key: string, values: readonly string[]): TagRule => ({ tag: { key, values } });

/** Cuisines that make a café or fast-food place a dessert / bubble-tea place rather than a coffee shop. */
const DESSERT_CUISINES = ['bubble_tea', 'ice_cream', 'frozen_yogurt', 'dessert', 'desserts', 'crepe', 'waffle', 'donut', 'cake'] as const;

/** What a category is, before its matcher and documentation are derived from its rules. */
interface CategorySource {
  radiusMetres: number;
  /** A POI is a place of the category when any rule matches. */
  rules: readonly TagRule[];
  radiusReason: string;
}

const sources: Record<Category, CategorySource> = {
  coffee: {
    radiusMetres: 500,
    rules: [
      { tag: { key: 'amenity', values: ['cafe'] }, unlessOnly: { key: 'cuisine', values: DESSERT_CUISINES } },
      { tag: { key: 'cuisine', values: ['coffee_shop', 'coffee'], list: true } },
      oneOf('shop', ['coffee']),
    ],
    radiusReason:
      'Impulse, walk-in purchase: customers rarely walk more than about 5-6 minutes for coffee (Walk Score gives full points within 400 m); 500 m covers the block group a café draws from.',
  },
  'pet-services': {
    radiusMetres: 2_000,
    rules: [oneOf('shop', ['pet', 'pet_grooming']), oneOf('amenity', ['veterinary', 'animal_boarding', 'animal_training'])],
    radiusReason: 'Planned trips, often by car with the animal: owners compare groomers, vets and pet stores across a neighbourhood, about 2 km.',
  },
  'children-education': {
    radiusMetres: 2_000,
    rules: [oneOf('amenity', ['language_school', 'music_school', 'dancing_school', 'prep_school', 'tutoring'])],
    radiusReason:
      'After-school enrichment is a planned, driven trip from home or school; parents compare providers across about 2 km. Regular schools are demand, not competitors.',
  },
  'qsr-pizza': {
    radiusMetres: 1_500,
    rules: [{ tag: { key: 'amenity', values: ['fast_food', 'restaurant'] }, and: { key: 'cuisine', values: ['pizza'], list: true } }],
    radiusReason: 'Walk-in plus delivery: pizza delivery zones overlap within a few kilometres, and 1.5 km holds the stores that share a delivery area.',
  },
  'beauty-salon': {
    radiusMetres: 800,
    rules: [oneOf('shop', ['beauty', 'hairdresser', 'nails', 'massage', 'tattoo'])],
    radiusReason: 'Routine appointment near home or work: the 10-minute walk (800 m, the transit-planning station catchment) holds the salons a client weighs.',
  },
  'gym-fitness': {
    radiusMetres: 1_500,
    rules: [
      oneOf('leisure', ['fitness_centre']),
      { tag: { key: 'leisure', values: ['sports_centre'] }, and: { key: 'sport', values: ['fitness', 'crossfit', 'yoga', 'pilates'], list: true } },
      { tag: { key: 'amenity', values: ['gym'] }, note: 'deprecated tag' },
    ],
    radiusReason: 'Members go several times a week from home or work, walking, cycling or driving; most live or work within about 1.5 km of their club.',
  },
  'pharmacy-health': {
    radiusMetres: 1_000,
    rules: [oneOf('amenity', ['pharmacy']), oneOf('healthcare', ['pharmacy']), oneOf('shop', ['chemist'])],
    radiusReason:
      'Convenience trips, often right after a doctor visit; urban pharmacy-access studies use about 1 km. Clinics and doctors are demand generators here, not competitors.',
  },
  'bubble-tea-dessert': {
    radiusMetres: 800,
    rules: [
      oneOf('amenity', ['ice_cream']),
      oneOf('shop', ['ice_cream', 'bubble_tea', 'confectionery', 'pastry']),
      { tag: { key: 'amenity', values: ['cafe', 'fast_food', 'restaurant'] }, and: { key: 'cuisine', values: DESSERT_CUISINES, list: true } },
    ],
    radiusReason: 'Impulse treat bought on foot near shops, schools and campuses: a 10-minute walk (800 m).',
  },
  'daycare-childcare': {
    radiusMetres: 1_500,
    rules: [oneOf('amenity', ['childcare', 'kindergarten'])],
    radiusReason: 'Parents pick a daycare on the way between home and work, usually within a short drive or a 20-minute walk (1.5 km).',
  },
  'automotive-services': {
    radiusMetres: 3_000,
    rules: [oneOf('shop', ['car_repair', 'tyres', 'car_parts']), oneOf('amenity', ['car_wash', 'vehicle_inspection']), oneOf('craft', ['car_repair'])],
    radiusReason: 'A destination reached by car along arterial roads: drivers compare garages within a few minutes of driving (3 km).',
  },
  'dry-cleaning': {
    radiusMetres: 800,
    rules: [oneOf('shop', ['dry_cleaning', 'laundry'])],
    radiusReason: 'Drop-off on routine trips near home, work or a station: a 10-minute walk (800 m).',
  },
  'printing-shipping': {
    radiusMetres: 1_500,
    rules: [oneOf('shop', ['copyshop', 'courier', 'printing']), oneOf('amenity', ['post_office']), oneOf('office', ['courier']), oneOf('craft', ['printer'])],
    radiusReason: 'Errands from offices and small businesses, on foot or by car; 1.5 km holds the copy shops and post counters a business would use instead.',
  },
};

/** A category's full definition, its matcher and documented tags derived from the same rules. */
function define(category: Category): CategoryDefinition {
  const { rules, ...rest } = sources[category];
  return Object.freeze({
    label: CATEGORY_LABELS[category],
    ...rest,
    matches: (tags: Tags) => rules.some((rule) => ruleMatches(rule, tags)),
    osmTags: Object.freeze(rules.flatMap(describeRule)),
  });
}

/**
 * Every category's label, competitor radius (metres), OSM tag test and the
 * tags in documentation form. The table and the reasons for each radius are in
 * `docs/categories.md`. Matching reads only the tags a region pack keeps on a
 * POI (`amenity`, `shop`, `leisure`, `office`, `healthcare`, `craft`,
 * `cuisine`, `sport`…), so a new mapping needs no re-import.
 */
export const CATEGORY_DEFINITIONS: Readonly<Record<Category, CategoryDefinition>> = Object.freeze(
  Object.fromEntries(CATEGORIES.map((category) => [category, define(category)])) as Record<Category, CategoryDefinition>,
);

/**
 * The categories a POI's tags belong to (a place may be in several, e.g. a
 * café with `cuisine=coffee_shop;ice_cream`).
 *
 * @param tags - the POI's OSM tags
 * @returns matching categories in {@link CATEGORIES} order
 */
export function categoriesOf(tags: Tags): Category[] {
  return CATEGORIES.filter((category) => CATEGORY_DEFINITIONS[category].matches(tags));
}
