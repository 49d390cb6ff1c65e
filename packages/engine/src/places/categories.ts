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
  /** The OSM tags `matches` accepts, in documentation form (`amenity=cafe`). */
  osmTags: readonly string[];
  /** Why the radius is what it is (one sentence, shown in `docs/categories.md`). */
  radiusReason: string;
}

type Tags = Readonly<Record<string, string>>;

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

const hasCuisine = (tags: Tags, wanted: ReadonlySet<string>): boolean => listValues(tags.cuisine).some((value) => wanted.has(value));

/** Cuisines that make a café or fast-food place a dessert / bubble-tea place rather than a coffee shop. */
const DESSERT_CUISINES: ReadonlySet<string> = new Set(['bubble_tea', 'ice_cream', 'frozen_yogurt', 'dessert', 'desserts', 'crepe', 'waffle', 'donut', 'cake']);
const COFFEE_CUISINES: ReadonlySet<string> = new Set(['coffee_shop', 'coffee']);
const PIZZA_CUISINES: ReadonlySet<string> = new Set(['pizza']);

/** A café is a coffee place unless every cuisine it lists is a dessert cuisine. */
function isCoffee(tags: Tags): boolean {
  if (tags.shop === 'coffee') return true;
  if (hasCuisine(tags, COFFEE_CUISINES)) return true;
  if (tags.amenity !== 'cafe') return false;
  const cuisines = listValues(tags.cuisine);
  return cuisines.length === 0 || cuisines.some((value) => !DESSERT_CUISINES.has(value));
}

const oneOf =
  (key: string, values: readonly string[]): CategoryMatcher =>
  (tags) => {
    const value = tags[key];
    return value !== undefined && values.includes(value);
  };

const anyOf =
  (...matchers: CategoryMatcher[]): CategoryMatcher =>
  (tags) =>
    matchers.some((matcher) => matcher(tags));

const sportIncludesFitness = (tags: Tags): boolean =>
  listValues(tags.sport).some((value) => value === 'fitness' || value === 'crossfit' || value === 'yoga' || value === 'pilates');

const definitions: Record<Category, Omit<CategoryDefinition, 'label'>> = {
  coffee: {
    radiusMetres: 500,
    matches: isCoffee,
    osmTags: ['amenity=cafe (unless its only cuisines are dessert/bubble tea)', 'cuisine=coffee_shop', 'shop=coffee'],
    radiusReason:
      'Impulse, walk-in purchase: customers rarely walk more than about 5-6 minutes for coffee (Walk Score gives full points within 400 m); 500 m covers the block group a café draws from.',
  },
  'pet-services': {
    radiusMetres: 2_000,
    matches: anyOf(oneOf('shop', ['pet', 'pet_grooming']), oneOf('amenity', ['veterinary', 'animal_boarding', 'animal_training'])),
    osmTags: ['shop=pet', 'shop=pet_grooming', 'amenity=veterinary', 'amenity=animal_boarding', 'amenity=animal_training'],
    radiusReason: 'Planned trips, often by car with the animal: owners compare groomers, vets and pet stores across a neighbourhood, about 2 km.',
  },
  'children-education': {
    radiusMetres: 2_000,
    matches: oneOf('amenity', ['language_school', 'music_school', 'dancing_school', 'prep_school', 'tutoring']),
    osmTags: ['amenity=language_school', 'amenity=music_school', 'amenity=dancing_school', 'amenity=prep_school', 'amenity=tutoring'],
    radiusReason:
      'After-school enrichment is a planned, driven trip from home or school; parents compare providers across about 2 km. Regular schools are demand, not competitors.',
  },
  'qsr-pizza': {
    radiusMetres: 1_500,
    matches: (tags) => (tags.amenity === 'fast_food' || tags.amenity === 'restaurant') && hasCuisine(tags, PIZZA_CUISINES),
    osmTags: ['amenity=fast_food + cuisine=pizza', 'amenity=restaurant + cuisine=pizza'],
    radiusReason: 'Walk-in plus delivery: pizza delivery zones overlap within a few kilometres, and 1.5 km holds the stores that share a delivery area.',
  },
  'beauty-salon': {
    radiusMetres: 800,
    matches: oneOf('shop', ['beauty', 'hairdresser', 'nails', 'massage', 'tattoo']),
    osmTags: ['shop=beauty', 'shop=hairdresser', 'shop=nails', 'shop=massage', 'shop=tattoo'],
    radiusReason: 'Routine appointment near home or work: the 10-minute walk (800 m, the transit-planning station catchment) holds the salons a client weighs.',
  },
  'gym-fitness': {
    radiusMetres: 1_500,
    matches: (tags) =>
      tags.leisure === 'fitness_centre' || tags.amenity === 'gym' || (tags.leisure === 'sports_centre' && sportIncludesFitness(tags)),
    osmTags: ['leisure=fitness_centre', 'leisure=sports_centre + sport=fitness|crossfit|yoga|pilates', 'amenity=gym (deprecated tag)'],
    radiusReason: 'Members go several times a week from home or work, walking, cycling or driving; most live or work within about 1.5 km of their club.',
  },
  'pharmacy-health': {
    radiusMetres: 1_000,
    matches: anyOf(oneOf('amenity', ['pharmacy']), oneOf('healthcare', ['pharmacy']), oneOf('shop', ['chemist'])),
    osmTags: ['amenity=pharmacy', 'healthcare=pharmacy', 'shop=chemist'],
    radiusReason:
      'Convenience trips, often right after a doctor visit; urban pharmacy-access studies use about 1 km. Clinics and doctors are demand generators here, not competitors.',
  },
  'bubble-tea-dessert': {
    radiusMetres: 800,
    matches: (tags) =>
      tags.amenity === 'ice_cream' ||
      tags.shop === 'ice_cream' ||
      tags.shop === 'bubble_tea' ||
      tags.shop === 'confectionery' ||
      tags.shop === 'pastry' ||
      ((tags.amenity === 'cafe' || tags.amenity === 'fast_food' || tags.amenity === 'restaurant') && hasCuisine(tags, DESSERT_CUISINES)),
    osmTags: [
      'amenity=ice_cream',
      'shop=ice_cream',
      'shop=bubble_tea',
      'shop=confectionery',
      'shop=pastry',
      'amenity=cafe|fast_food|restaurant + cuisine=bubble_tea|ice_cream|frozen_yogurt|dessert|crepe|waffle|donut|cake',
    ],
    radiusReason: 'Impulse treat bought on foot near shops, schools and campuses: a 10-minute walk (800 m).',
  },
  'daycare-childcare': {
    radiusMetres: 1_500,
    matches: oneOf('amenity', ['childcare', 'kindergarten']),
    osmTags: ['amenity=childcare', 'amenity=kindergarten'],
    radiusReason: 'Parents pick a daycare on the way between home and work, usually within a short drive or a 20-minute walk (1.5 km).',
  },
  'automotive-services': {
    radiusMetres: 3_000,
    matches: anyOf(oneOf('shop', ['car_repair', 'tyres', 'car_parts']), oneOf('amenity', ['car_wash', 'vehicle_inspection']), oneOf('craft', ['car_repair'])),
    osmTags: ['shop=car_repair', 'shop=tyres', 'shop=car_parts', 'amenity=car_wash', 'amenity=vehicle_inspection', 'craft=car_repair'],
    radiusReason: 'A destination reached by car along arterial roads: drivers compare garages within a few minutes of driving (3 km).',
  },
  'dry-cleaning': {
    radiusMetres: 800,
    matches: oneOf('shop', ['dry_cleaning', 'laundry']),
    osmTags: ['shop=dry_cleaning', 'shop=laundry'],
    radiusReason: 'Drop-off on routine trips near home, work or a station: a 10-minute walk (800 m).',
  },
  'printing-shipping': {
    radiusMetres: 1_500,
    matches: anyOf(oneOf('shop', ['copyshop', 'courier', 'printing']), oneOf('amenity', ['post_office']), oneOf('office', ['courier']), oneOf('craft', ['printer'])),
    osmTags: ['shop=copyshop', 'shop=courier', 'shop=printing', 'amenity=post_office', 'office=courier', 'craft=printer'],
    radiusReason: 'Errands from offices and small businesses, on foot or by car; 1.5 km holds the copy shops and post counters a business would use instead.',
  },
};

/**
 * Every category's label, competitor radius (metres), OSM tag test and the
 * tags in documentation form. The table and the reasons for each radius are in
 * `docs/categories.md`. Matching reads only the tags a region pack keeps on a
 * POI (`amenity`, `shop`, `leisure`, `office`, `healthcare`, `craft`,
 * `cuisine`, `sport`…), so a new mapping needs no re-import.
 */
export const CATEGORY_DEFINITIONS: Readonly<Record<Category, CategoryDefinition>> = Object.freeze(
  Object.fromEntries(
    CATEGORIES.map((category) => [category, Object.freeze({ label: CATEGORY_LABELS[category], ...definitions[category] })]),
  ) as Record<Category, CategoryDefinition>,
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
