/**
 * Demand generators the market-fit model counts around a point. `residents`,
 * `households` and `spending` (their aggregate income) come from the pack's
 * population layer; `addresses` counts mapped address points, the proxy used
 * only where a pack has no population layer; `roads` is the distance to the
 * nearest major road; the rest count POIs of the kind.
 */
export const DEMAND_KINDS = [
  'residents',
  'households',
  'spending',
  'addresses',
  'offices',
  'schools',
  'universities',
  'retail',
  'dining',
  'healthcare',
  'parks',
  'roads',
] as const;

/** One of the {@link DEMAND_KINDS}. */
export type DemandKind = (typeof DEMAND_KINDS)[number];

/** Demand kinds measured from the population layer, whose weights fall back along {@link PEOPLE_FALLBACK}. */
export type PeopleDemandKind = 'residents' | 'households' | 'spending' | 'addresses';

/**
 * Where the weight of a people kind goes when the pack cannot measure it:
 * spending (no income) → households (no households) → residents (no
 * population layer) → addresses, so that people keep their share of a
 * category's market fit whatever the census gives.
 */
export const PEOPLE_FALLBACK: Readonly<Record<Exclude<PeopleDemandKind, 'addresses'>, PeopleDemandKind>> = {
  spending: 'households',
  households: 'residents',
  residents: 'addresses',
};

/** Demand kinds counted from POIs. */
export type PoiDemandKind = Exclude<DemandKind, PeopleDemandKind | 'roads'>;

/** The POI demand kinds, in {@link DEMAND_KINDS} order. */
export const POI_DEMAND_KINDS: readonly PoiDemandKind[] = ['offices', 'schools', 'universities', 'retail', 'dining', 'healthcare', 'parks'];

/** A noun in its two numbers, for `countNoun` ("1 school", "2 schools"). */
export interface NounForms {
  one: string;
  other: string;
}

/** The noun of each kind for insights, singular and plural ("1 office", "37 offices within 800 m"). */
export const DEMAND_NOUNS: Readonly<Record<DemandKind, NounForms>> = {
  residents: { one: 'resident', other: 'residents' },
  households: { one: 'household', other: 'households' },
  spending: { one: 'unit of household income', other: 'household income' },
  addresses: { one: 'mapped address', other: 'mapped addresses' },
  offices: { one: 'office', other: 'offices' },
  schools: { one: 'school', other: 'schools' },
  universities: { one: 'college or university', other: 'colleges and universities' },
  retail: { one: 'shop', other: 'shops' },
  dining: { one: 'restaurant, café or bar', other: 'restaurants, cafés and bars' },
  healthcare: { one: 'clinic, doctor or dentist', other: 'clinics, doctors and dentists' },
  parks: { one: 'park or playground', other: 'parks and playgrounds' },
  roads: { one: 'metre to the nearest major road', other: 'metres to the nearest major road' },
};

const DINING = new Set(['restaurant', 'cafe', 'fast_food', 'bar', 'pub', 'food_court', 'ice_cream', 'biergarten']);
const HEALTHCARE_AMENITIES = new Set(['doctors', 'clinic', 'hospital', 'dentist']);
const UNIVERSITIES = new Set(['university', 'college']);
const PARKS = new Set(['park', 'dog_park', 'playground', 'garden', 'nature_reserve']);

/**
 * The POI demand kinds a POI counts as, from its OSM tags:
 * offices `office=*` or `building=office|commercial`; schools `amenity=school`
 * or `building=school`; universities `amenity=university|college` or
 * `building=university|college`; retail `shop=*` or `building=retail`; dining
 * `amenity=restaurant|cafe|fast_food|bar|pub|food_court|ice_cream|biergarten`;
 * healthcare `amenity=doctors|clinic|hospital|dentist` or `healthcare=*` other
 * than pharmacy; parks `leisure=park|dog_park|playground|garden|nature_reserve`.
 *
 * @param tags - the POI's kept OSM tags
 * @returns the kinds, possibly none
 */
export function demandKindsOf(tags: Readonly<Record<string, string>>): PoiDemandKind[] {
  const kinds: PoiDemandKind[] = [];
  const { amenity, building, shop, leisure, office, healthcare } = tags;
  if ((office !== undefined && office !== 'no') || building === 'office' || building === 'commercial') kinds.push('offices');
  if (amenity === 'school' || building === 'school') kinds.push('schools');
  if ((amenity !== undefined && UNIVERSITIES.has(amenity)) || (building !== undefined && UNIVERSITIES.has(building))) kinds.push('universities');
  if ((shop !== undefined && shop !== 'no' && shop !== 'vacant') || building === 'retail') kinds.push('retail');
  if (amenity !== undefined && DINING.has(amenity)) kinds.push('dining');
  if ((amenity !== undefined && HEALTHCARE_AMENITIES.has(amenity)) || (healthcare !== undefined && healthcare !== 'pharmacy' && healthcare !== 'no'))
    kinds.push('healthcare');
  if (leisure !== undefined && PARKS.has(leisure)) kinds.push('parks');
  return kinds;
}
