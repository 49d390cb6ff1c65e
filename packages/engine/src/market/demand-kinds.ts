/**
 * Demand generators the market-fit model counts around a point. `residents`
 * counts mapped address points (a residential-density proxy), `population`
 * reads census density, `roads` the distance to the nearest major road; the
 * rest count POIs of the kind.
 */
export const DEMAND_KINDS = [
  'residents',
  'population',
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

/** Demand kinds counted from POIs. */
export type PoiDemandKind = Exclude<DemandKind, 'residents' | 'population' | 'roads'>;

/** The POI demand kinds, in {@link DEMAND_KINDS} order. */
export const POI_DEMAND_KINDS: readonly PoiDemandKind[] = ['offices', 'schools', 'universities', 'retail', 'dining', 'healthcare', 'parks'];

/** Plural nouns of each kind for insights ("37 offices within 800 m"). */
export const DEMAND_NOUNS: Readonly<Record<DemandKind, string>> = {
  residents: 'mapped addresses',
  population: 'residents per km²',
  offices: 'offices',
  schools: 'schools',
  universities: 'colleges and universities',
  retail: 'shops',
  dining: 'restaurants, cafés and bars',
  healthcare: 'clinics, doctors and dentists',
  parks: 'parks and playgrounds',
  roads: 'metres to the nearest major road',
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
  if ((amenity !== undefined && HEALTHCARE_AMENITIES.has(amenity)) || (healthcare !== undefined && healthcare !== 'pharmacy' && healthcare !== 'no')) kinds.push('healthcare');
  if (leisure !== undefined && PARKS.has(leisure)) kinds.push('parks');
  return kinds;
}
