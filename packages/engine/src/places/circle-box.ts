import { EARTH_RADIUS_METRES } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';

const RAD = Math.PI / 180;

/** Relative padding of {@link circleBox} over the circle, far above floating-point error. */
const PADDING = 1.001;
/** Absolute padding, degrees (about 0.1 mm): holds points whose distance underflows to 0 m. */
const MARGIN_DEGREES = 1e-9;

/** A box `[minLng, minLat, maxLng, maxLat]` in decimal degrees, for a kdbush range query. */
export type RangeBox = readonly [minLng: number, minLat: number, maxLng: number, maxLat: number];

/**
 * The bounding coordinates of a spherical cap: a box holding every point within
 * `radiusMetres` (great circle, sphere of `EARTH_RADIUS_METRES`) of `centre`,
 * padded by 0.1 % (and 1e-9°). Latitude ± the angular radius δ; longitude ±
 * `asin(sin δ / cos φ)`, the meridians tangent to the cap (J. P. Matuschek,
 * "Finding Points Within a Distance of a Latitude/Longitude Using Bounding
 * Coordinates", 2010).
 *
 * @param centre - decimal degrees
 * @param radiusMetres - metres (≥ 0)
 * @returns the box, or null when it would hold a pole or cross the antimeridian (search another way)
 */
export function circleBox(centre: LatLng, radiusMetres: number): RangeBox | null {
  const angle = (radiusMetres / EARTH_RADIUS_METRES) * PADDING;
  const dLat = angle / RAD + MARGIN_DEGREES;
  const cosLat = Math.cos(centre.lat * RAD);
  if (angle >= Math.PI / 2 || cosLat <= Math.sin(angle)) return null;
  const dLng = Math.asin(Math.sin(angle) / cosLat) / RAD + MARGIN_DEGREES;
  if (centre.lng - dLng < -180 || centre.lng + dLng > 180) return null;
  return [centre.lng - dLng, centre.lat - dLat, centre.lng + dLng, centre.lat + dLat];
}
