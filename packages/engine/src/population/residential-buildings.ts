import type { OsmTags } from '../region/osm-elements.js';
import type { LatLng } from '../region/types.js';

/** A building where people may live, read from an OSM `building=*` way. */
export interface ResidentialBuilding extends LatLng {
  /** The `building=*` value, e.g. `house`, `apartments`, `yes`. */
  kind: string;
  /** Footprint area of the way's ring, square metres. */
  footprintM2: number;
  /** Storeys from `building:levels` (or `height` ÷ {@link METRES_PER_STOREY}); null when neither is tagged. */
  levels: number | null;
}

/**
 * `building=*` values of dwellings (OSM wiki, "Key:building", accommodation
 * group). `yes` (a building of unknown use, most of OSM's buildings) counts
 * too unless its tags or its land use say otherwise ({@link residentialKindOf}).
 */
export const RESIDENTIAL_BUILDINGS: ReadonlySet<string> = new Set([
  'yes',
  'residential',
  'house',
  'apartments',
  'detached',
  'semidetached_house',
  'terrace',
  'bungalow',
  'dormitory',
  'farm',
  'cabin',
  'houseboat',
  'static_caravan',
]);

/**
 * Tag keys that, on a `building=yes`, name a use other than dwelling (a shop,
 * an office, a school, a hotel…): such a building is left out.
 */
const NON_DWELLING_KEYS = [
  'amenity',
  'shop',
  'office',
  'craft',
  'industrial',
  'man_made',
  'leisure',
  'healthcare',
  'public_transport',
  'railway',
  'aeroway',
  'power',
  'military',
  'historic',
] as const;

/** `tourism=*` values that are dwellings rather than visitor venues. */
const DWELLING_TOURISM = new Set(['apartment', 'chalet', 'guest_house']);

/** Footprints smaller than this (m²) are sheds, kiosks and garages mapped as `building=yes`, not homes. */
export const MIN_FOOTPRINT_M2 = 30;

/** Storey height (metres) used to turn a `height=*` into storeys. */
export const METRES_PER_STOREY = 3;

/**
 * The dwelling kind of a building's tags: its `building=*` value when it is
 * one of {@link RESIDENTIAL_BUILDINGS}, `building:use=residential` on any
 * building, and not a `building=yes` carrying a non-dwelling key
 * (`amenity`, `shop`, `office`…, or `tourism` other than apartments,
 * chalets and guest houses) or a non-residential `building:use`.
 *
 * @param tags - the way's tags
 * @returns the kind, or null when the building is no dwelling (or not a building)
 */
export function residentialKindOf(tags: OsmTags): string | null {
  const kind = tags.building;
  if (kind === undefined || kind === 'no') return null;
  const use = tags['building:use'];
  if (use === 'residential' || use === 'apartments') return kind;
  if (!RESIDENTIAL_BUILDINGS.has(kind)) return null;
  if (kind !== 'yes') return kind;
  if (use !== undefined) return null;
  for (const key of NON_DWELLING_KEYS) {
    const value = tags[key];
    if (value !== undefined && value !== 'no') return null;
  }
  const tourism = tags.tourism;
  if (tourism !== undefined && !DWELLING_TOURISM.has(tourism)) return null;
  return kind;
}

/**
 * Storeys of a building: `building:levels` (first number of a list such as
 * `3;4`), else `height` in metres (`12`, `12 m`) ÷ {@link METRES_PER_STOREY};
 * at least 1, at most 200.
 *
 * @param tags - the building's tags
 * @returns the storeys, or null when neither tag holds a number
 */
export function levelsOf(tags: OsmTags): number | null {
  const levels = Number.parseFloat(tags['building:levels'] ?? '');
  if (Number.isFinite(levels) && levels > 0) return Math.min(200, Math.max(1, levels));
  const height = /^\s*(\d+(?:\.\d+)?)\s*(?:m)?\s*$/.exec(tags.height ?? '');
  if (height?.[1] !== undefined) return Math.min(200, Math.max(1, Math.round(Number(height[1]) / METRES_PER_STOREY)));
  return null;
}

const RAD = Math.PI / 180;
/** Metres per degree on the mean Earth sphere (radius 6,371,008.8 m). */
const METRES_PER_DEGREE = 111_195.08;

/**
 * Area of a closed ring in square metres: the shoelace formula on a local
 * equirectangular projection around its first point (exact to well under 1 %
 * for a building or a block).
 *
 * @param ring - the ring's points; the last may repeat the first
 * @returns the area, m² (0 for fewer than 3 points)
 */
export function ringAreaM2(ring: readonly LatLng[]): number {
  const first = ring[0];
  if (first === undefined || ring.length < 3) return 0;
  const scaleX = METRES_PER_DEGREE * Math.cos(first.lat * RAD);
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i] as LatLng;
    const q = ring[(i + 1) % ring.length] as LatLng;
    twice += (p.lng - first.lng) * scaleX * (q.lat - first.lat) * METRES_PER_DEGREE - (q.lng - first.lng) * scaleX * (p.lat - first.lat) * METRES_PER_DEGREE;
  }
  return Math.abs(twice) / 2;
}

/** Whether a way's points form a closed ring of at least a triangle. */
export function isClosedRing(points: readonly LatLng[]): boolean {
  const first = points[0];
  const last = points[points.length - 1];
  return points.length >= 4 && first !== undefined && last !== undefined && first.lat === last.lat && first.lng === last.lng;
}
