import type { LatLng } from '../region/types.js';

/**
 * The fictional sample town "Maple Junction". Everything here is invented:
 * it lies in the middle of the North Atlantic so that it can never be taken
 * for a real place. Positions are in metres east (`x`) and north (`y`) of the
 * town centre (King Boulevard and Main Street).
 */
export const SAMPLE_REGION_NAME = 'Maple Junction (fictional sample)';

/** Municipality written in every sample address (`addr:city`). */
export const SAMPLE_CITY = 'Maple Junction';

/** Postcode of every sample address (fictional). */
export const SAMPLE_POSTCODE = '00001';

/** The town centre, decimal degrees (open ocean, 44° N 40° W). */
export const SAMPLE_ORIGIN: LatLng = { lat: 44, lng: -40 };

const METRES_PER_DEGREE = 111_320;

/**
 * Local metres → WGS 84 (equirectangular around {@link SAMPLE_ORIGIN}; exact
 * enough over the town's 2.5 km).
 *
 * @param x - metres east of the centre
 * @param y - metres north of the centre
 */
export function toLatLng(x: number, y: number): LatLng {
  const lat = SAMPLE_ORIGIN.lat + y / METRES_PER_DEGREE;
  const lng = SAMPLE_ORIGIN.lng + x / (METRES_PER_DEGREE * Math.cos((SAMPLE_ORIGIN.lat * Math.PI) / 180));
  return { lat: Math.round(lat * 1e7) / 1e7, lng: Math.round(lng * 1e7) / 1e7 };
}

/** A straight street: `axis` `x` runs east–west at `y = at`; `y` runs north–south at `x = at`. */
export interface PlannedStreet {
  name: string;
  axis: 'x' | 'y';
  at: number;
  from: number;
  to: number;
  /** OSM `highway` value. */
  highway: string;
}

/** The 15 named streets (plus the expressway), in English forms. */
export const STREETS: readonly PlannedStreet[] = [
  { name: 'Main Street', axis: 'x', at: 0, from: -1000, to: 1300, highway: 'secondary' },
  { name: 'Maple Avenue', axis: 'x', at: 200, from: -1000, to: 1300, highway: 'residential' },
  { name: 'Oak Street', axis: 'x', at: 400, from: -1000, to: 1300, highway: 'residential' },
  { name: 'Church Street', axis: 'x', at: 600, from: -1000, to: 1300, highway: 'residential' },
  { name: 'Elm Street', axis: 'x', at: -200, from: -1000, to: 1300, highway: 'residential' },
  { name: 'Cedar Lane', axis: 'x', at: -400, from: -1000, to: 1300, highway: 'residential' },
  { name: 'Lake Road', axis: 'x', at: -600, from: -1000, to: 1300, highway: 'tertiary' },
  { name: 'King Boulevard', axis: 'y', at: 0, from: -700, to: 700, highway: 'primary' },
  { name: 'Queen Street', axis: 'y', at: 300, from: -700, to: 700, highway: 'residential' },
  { name: 'Station Road', axis: 'y', at: 600, from: -700, to: 700, highway: 'tertiary' },
  { name: 'River Drive', axis: 'y', at: 900, from: -700, to: 700, highway: 'residential' },
  { name: 'Harbour Street', axis: 'y', at: 1200, from: -700, to: 700, highway: 'residential' },
  { name: 'Mill Road', axis: 'y', at: -300, from: -700, to: 700, highway: 'residential' },
  { name: 'Park Avenue', axis: 'y', at: -600, from: -700, to: 700, highway: 'residential' },
  { name: 'College Way', axis: 'y', at: -900, from: -700, to: 700, highway: 'residential' },
];

/** House numbers are placed every this many metres along a street, on both sides. */
export const ADDRESS_SPACING_METRES = 100;

/** Point at `along` metres on a street, `side` metres to its left (+) or right (−). */
export function streetPoint(street: PlannedStreet, along: number, side = 0): LatLng {
  return street.axis === 'x' ? toLatLng(along, street.at + side) : toLatLng(street.at + side, along);
}

/** A planned POI: OSM tags (with `name`), on a street at a house number. */
export interface PlannedPoi {
  street: string;
  housenumber: number;
  tags: Record<string, string>;
  /** Mapped as a closed building way of this size (metres) instead of a node. */
  buildingSize?: number;
}

/**
 * POIs of all twelve categories (two or three each, with real-world OSM tags)
 * and the demand generators the market model reads: offices, schools, a
 * university, shops, restaurants.
 */
export const POIS: readonly PlannedPoi[] = [
  // coffee
  { street: 'Main Street', housenumber: 110, tags: { amenity: 'cafe', name: 'Maple Bean Café', cuisine: 'coffee_shop' } },
  { street: 'Main Street', housenumber: 151, tags: { amenity: 'cafe', name: 'Junction Coffee Roasters', cuisine: 'coffee_shop' } },
  { street: 'Station Road', housenumber: 140, tags: { amenity: 'cafe', name: 'Morning Cup', brand: 'Morning Cup' } },
  // pet-services
  { street: 'Maple Avenue', housenumber: 120, tags: { shop: 'pet', name: 'Paws & Claws Pet Supply' } },
  { street: 'Oak Street', housenumber: 131, tags: { amenity: 'veterinary', name: 'Maple Junction Animal Clinic' } },
  { street: 'Queen Street', housenumber: 110, tags: { shop: 'pet_grooming', name: 'Fluffy Cuts Grooming' } },
  // children-education
  { street: 'Church Street', housenumber: 120, tags: { amenity: 'language_school', name: 'Little Linguists Language School' } },
  { street: 'Maple Avenue', housenumber: 171, tags: { amenity: 'music_school', name: 'Junction Music Academy' } },
  { street: 'Elm Street', housenumber: 140, tags: { amenity: 'prep_school', name: 'Bright Minds Tutoring' } },
  // qsr-pizza
  { street: 'Main Street', housenumber: 170, tags: { amenity: 'fast_food', cuisine: 'pizza', name: 'Pizza Junction' } },
  { street: 'King Boulevard', housenumber: 161, tags: { amenity: 'fast_food', cuisine: 'pizza', name: 'Slice of Maple' } },
  // beauty-salon
  { street: 'Main Street', housenumber: 131, tags: { shop: 'hairdresser', name: 'Cut Above Salon' } },
  { street: 'Queen Street', housenumber: 151, tags: { shop: 'beauty', name: 'Glow Beauty Bar' } },
  { street: 'Elm Street', housenumber: 171, tags: { shop: 'beauty', beauty: 'nails', name: 'Polished Nails' } },
  // gym-fitness
  { street: 'Station Road', housenumber: 111, tags: { leisure: 'fitness_centre', name: 'Junction Fitness' } },
  { street: 'Lake Road', housenumber: 120, tags: { leisure: 'sports_centre', sport: 'swimming', name: 'Maple Aquatic Centre' }, buildingSize: 40 },
  // pharmacy-health
  { street: 'Main Street', housenumber: 190, tags: { amenity: 'pharmacy', healthcare: 'pharmacy', dispensing: 'yes', name: 'Main Street Pharmacy' } },
  { street: 'King Boulevard', housenumber: 120, tags: { amenity: 'doctors', healthcare: 'doctor', name: 'Maple Family Clinic' } },
  { street: 'Oak Street', housenumber: 160, tags: { amenity: 'dentist', healthcare: 'dentist', name: 'Bright Smile Dental' } },
  // bubble-tea-dessert
  { street: 'Main Street', housenumber: 211, tags: { amenity: 'cafe', cuisine: 'bubble_tea', name: 'Boba Junction' } },
  { street: 'Maple Avenue', housenumber: 140, tags: { amenity: 'ice_cream', name: 'Scoops Ice Cream' } },
  { street: 'Queen Street', housenumber: 170, tags: { shop: 'confectionery', name: 'Sweet Spot Candy' } },
  // daycare-childcare
  { street: 'Cedar Lane', housenumber: 130, tags: { amenity: 'kindergarten', name: 'Little Maples Kindergarten' } },
  { street: 'Church Street', housenumber: 151, tags: { amenity: 'childcare', name: 'Tiny Steps Daycare' } },
  // automotive-services
  { street: 'Lake Road', housenumber: 160, tags: { shop: 'car_repair', name: 'Junction Auto Repair' } },
  { street: 'King Boulevard', housenumber: 190, tags: { shop: 'tyres', name: 'Tread Tyres' } },
  { street: 'Lake Road', housenumber: 200, tags: { amenity: 'car_wash', name: 'Sparkle Car Wash' } },
  // dry-cleaning
  { street: 'Elm Street', housenumber: 110, tags: { shop: 'dry_cleaning', name: 'Crisp Dry Cleaners' } },
  { street: 'River Drive', housenumber: 120, tags: { shop: 'laundry', name: 'Suds Laundromat' } },
  // printing-shipping
  { street: 'Station Road', housenumber: 160, tags: { shop: 'copyshop', name: 'Junction Print & Copy' } },
  { street: 'Main Street', housenumber: 230, tags: { amenity: 'post_office', name: 'Maple Junction Post Office' } },
  { street: 'Harbour Street', housenumber: 130, tags: { office: 'courier', name: 'ParcelPoint Shipping' } },
  // demand generators: offices, schools, university, shops, food
  { street: 'King Boulevard', housenumber: 140, tags: { office: 'insurance', name: 'Maple Mutual Insurance', building: 'office' }, buildingSize: 30 },
  { street: 'Station Road', housenumber: 180, tags: { office: 'company', name: 'Junction Logistics Ltd' } },
  { street: 'Main Street', housenumber: 250, tags: { office: 'company', name: 'Harbour Software', building: 'office' }, buildingSize: 30 },
  { street: 'Queen Street', housenumber: 131, tags: { office: 'lawyer', name: 'Oakley & Partners Law' } },
  { street: 'Church Street', housenumber: 191, tags: { office: 'government', name: 'Maple Junction Town Hall' } },
  { street: 'Cedar Lane', housenumber: 171, tags: { amenity: 'school', name: 'Maple Junction Elementary School', building: 'school' }, buildingSize: 60 },
  { street: 'Park Avenue', housenumber: 151, tags: { amenity: 'school', name: 'King Boulevard High School', building: 'school' }, buildingSize: 70 },
  { street: 'College Way', housenumber: 150, tags: { amenity: 'university', name: 'Maple Junction University', building: 'university' }, buildingSize: 90 },
  { street: 'Main Street', housenumber: 270, tags: { shop: 'supermarket', name: 'FreshMart', brand: 'FreshMart' }, buildingSize: 40 },
  { street: 'Maple Avenue', housenumber: 191, tags: { shop: 'clothes', name: 'Junction Outfitters' } },
  { street: 'Oak Street', housenumber: 190, tags: { shop: 'books', name: 'Chapter & Verse Books' } },
  { street: 'Main Street', housenumber: 291, tags: { amenity: 'restaurant', cuisine: 'italian', name: 'Trattoria Maple' } },
  { street: 'King Boulevard', housenumber: 211, tags: { amenity: 'bank', name: 'Junction Savings Bank' } },
  { street: 'River Drive', housenumber: 151, tags: { amenity: 'library', name: 'Maple Junction Public Library' } },
];

/** Parks, as closed ways: centre and half-size in metres. */
export const PARKS: ReadonlyArray<{ name: string; x: number; y: number; half: number }> = [
  { name: 'Maple Green', x: 450, y: 300, half: 60 },
  { name: 'Riverside Park', x: 1050, y: -300, half: 80 },
  { name: 'Junction Commons', x: -450, y: -300, half: 70 },
];

/** Rapid-transit line stops (GTFS metro route "Line 1"), west to east. */
export const METRO_STATIONS: ReadonlyArray<{ id: string; name: string; x: number; y: number; parent: boolean; inOsm: boolean }> = [
  { id: 'UNIVERSITY', name: 'University Station', x: -900, y: 400, parent: true, inOsm: false },
  { id: 'CENTRAL', name: 'Central Station', x: 600, y: 20, parent: true, inOsm: true },
  { id: 'HARBOUR', name: 'Harbour Station', x: 1200, y: -400, parent: false, inOsm: false },
];

/** Bus routes: each runs along one street, stopping at these cross streets (metres along it). */
export const BUS_ROUTES: ReadonlyArray<{ id: string; shortName: string; longName: string; street: string; stops: number[] }> = [
  { id: '10', shortName: '10', longName: 'Main Street', street: 'Main Street', stops: [-900, -600, 0, 300, 900, 1200] },
  { id: '20', shortName: '20', longName: 'King Boulevard', street: 'King Boulevard', stops: [-600, -200, 200, 400, 600] },
];
