/**
 * Kinds of mapped places the demand model counts around a site: each POI
 * counts for every kind its OSM tags give ({@link demandKindsOf}), and every
 * POI, whatever its tags, counts once as a mapped place (`places`, the
 * foot-traffic proxy).
 */
export const POI_DEMAND_KINDS = ['offices', 'schools', 'universities', 'retail', 'dining', 'healthcare', 'parks', 'attractors', 'motoring'] as const;

/** One of the {@link POI_DEMAND_KINDS}. */
export type PoiDemandKind = (typeof POI_DEMAND_KINDS)[number];

/** A noun in its two numbers, for `countNoun` ("1 school", "2 schools"). */
export interface NounForms {
  one: string;
  other: string;
}

/** The noun of each POI kind for insights, singular and plural ("37 offices within 800 m"). */
export const POI_KIND_NOUNS: Readonly<Record<PoiDemandKind | 'places' | 'frontage', NounForms>> = {
  offices: { one: 'office', other: 'offices' },
  schools: { one: 'school', other: 'schools' },
  universities: { one: 'college or university', other: 'colleges and universities' },
  retail: { one: 'shop', other: 'shops' },
  dining: { one: 'restaurant, café or bar', other: 'restaurants, cafés and bars' },
  healthcare: { one: 'clinic, doctor or dentist', other: 'clinics, doctors and dentists' },
  parks: { one: 'park or playground', other: 'parks and playgrounds' },
  attractors: { one: 'visitor attraction or hotel', other: 'visitor attractions and hotels' },
  motoring: { one: 'fuel station, car park or car shop', other: 'fuel stations, car parks and car shops' },
  places: { one: 'mapped business or amenity', other: 'mapped businesses and amenities' },
  frontage: { one: 'mapped business or amenity', other: 'mapped businesses and amenities' },
};

const DINING = new Set(['restaurant', 'cafe', 'fast_food', 'bar', 'pub', 'food_court', 'ice_cream', 'biergarten']);
const HEALTHCARE_AMENITIES = new Set(['doctors', 'clinic', 'hospital', 'dentist']);
const UNIVERSITIES = new Set(['university', 'college']);
const PARKS = new Set(['park', 'dog_park', 'playground', 'garden', 'nature_reserve']);
const ATTRACTOR_TOURISM = new Set(['attraction', 'museum', 'gallery', 'hotel', 'hostel', 'guest_house', 'viewpoint', 'zoo', 'theme_park', 'aquarium']);
const ATTRACTOR_AMENITIES = new Set(['theatre', 'cinema', 'arts_centre', 'events_venue', 'conference_centre', 'marketplace', 'nightclub']);
const ATTRACTOR_LEISURE = new Set(['stadium', 'sports_centre', 'water_park']);
const MOTORING_AMENITIES = new Set(['fuel', 'parking', 'car_rental', 'car_sharing', 'charging_station', 'vehicle_inspection']);
const MOTORING_SHOPS = new Set(['car', 'car_parts', 'motorcycle', 'tyres']);

/**
 * The POI demand kinds a POI counts as, from its OSM tags:
 * offices `office=*` or `building=office|commercial`; schools `amenity=school`
 * or `building=school`; universities `amenity=university|college` or
 * `building=university|college`; retail `shop=*` or `building=retail`; dining
 * `amenity=restaurant|cafe|fast_food|bar|pub|food_court|ice_cream|biergarten`;
 * healthcare `amenity=doctors|clinic|hospital|dentist` or `healthcare=*` other
 * than pharmacy; parks `leisure=park|dog_park|playground|garden|nature_reserve`;
 * visitor attractors `tourism=attraction|museum|gallery|hotel|hostel|guest_house|viewpoint|zoo|theme_park|aquarium`,
 * `amenity=theatre|cinema|arts_centre|events_venue|conference_centre|marketplace|nightclub`,
 * `leisure=stadium|sports_centre|water_park` or any `historic=*`; motoring
 * (car-oriented land use) `amenity=fuel|parking|car_rental|car_sharing|charging_station|vehicle_inspection`
 * or `shop=car|car_parts|motorcycle|tyres`.
 *
 * @param tags - the POI's kept OSM tags
 * @returns the kinds, possibly none
 */
export function demandKindsOf(tags: Readonly<Record<string, string>>): PoiDemandKind[] {
  const kinds: PoiDemandKind[] = [];
  const { amenity, building, shop, leisure, office, healthcare, tourism, historic } = tags;
  if ((office !== undefined && office !== 'no') || building === 'office' || building === 'commercial') kinds.push('offices');
  if (amenity === 'school' || building === 'school') kinds.push('schools');
  if ((amenity !== undefined && UNIVERSITIES.has(amenity)) || (building !== undefined && UNIVERSITIES.has(building))) kinds.push('universities');
  if ((shop !== undefined && shop !== 'no' && shop !== 'vacant') || building === 'retail') kinds.push('retail');
  if (amenity !== undefined && DINING.has(amenity)) kinds.push('dining');
  if ((amenity !== undefined && HEALTHCARE_AMENITIES.has(amenity)) || (healthcare !== undefined && healthcare !== 'pharmacy' && healthcare !== 'no'))
    kinds.push('healthcare');
  if (leisure !== undefined && PARKS.has(leisure)) kinds.push('parks');
  if (
    (tourism !== undefined && ATTRACTOR_TOURISM.has(tourism)) ||
    (amenity !== undefined && ATTRACTOR_AMENITIES.has(amenity)) ||
    (leisure !== undefined && ATTRACTOR_LEISURE.has(leisure)) ||
    (historic !== undefined && historic !== 'no')
  )
    kinds.push('attractors');
  if ((amenity !== undefined && MOTORING_AMENITIES.has(amenity)) || (shop !== undefined && MOTORING_SHOPS.has(shop))) kinds.push('motoring');
  return kinds;
}
