import type { TerritoryGeometry } from '@locscore/schema';
import { bbox as boundingBox } from '@turf/bbox';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { circle } from '@turf/circle';
import type { MultiPolygon, Polygon } from 'geojson';
import { circleBox, type RangeBox } from '../places/circle-box.js';
import { cosineOfLatitude, RadiusTest } from '../places/radius-test.js';
import type { LatLng } from '../region/types.js';

/** The box holding every point, for an area no smaller box holds (a pole, the antimeridian). */
const WORLD: RangeBox = [-180, -90, 180, 90];

/**
 * Vertices of the polygon drawn for a circle. At 64 the polygon's corners lie
 * 0.12 % of the radius outside the circle (1 / cos(π/64) − 1), 0.22 % with
 * the margins of {@link circlePolygon}: 70 cm at 300 m, 220 m at the 100 km
 * largest radius.
 */
export const CIRCLE_STEPS = 64;

/** Decimals kept in the coordinates of a drawn circle: 7 decimal degrees is about 1 cm. */
const COORDINATE_DECIMALS = 1e7;
/**
 * Margins on a drawn circle's radius, so that no edge passes inside the
 * circle: 0.1 % for the polygon's edges being straight in longitude and
 * latitude rather than on the sphere (measured under 0.05 % up to 100 km, at
 * 40°–64° of latitude), and 5 cm for the rounding of its coordinates.
 */
const SPHERE_MARGIN = 1.001;
const ROUNDING_MARGIN_METRES = 0.05;

/**
 * An area the territory measures test points against: a circle (a radius
 * territory, a trade area) or a polygon. `bbox` holds the whole area, so a
 * range query on it finds every point `contains` may accept.
 */
export interface Shape {
  /** `[minLng, minLat, maxLng, maxLat]`, decimal degrees. */
  readonly bbox: RangeBox;
  /** Whether the point is inside (edges included). */
  contains(point: LatLng): boolean;
  /** The area as GeoJSON, `[lng, lat]`: the polygon itself, or a circle as a {@link CIRCLE_STEPS}-gon. */
  geometry(): Polygon | MultiPolygon;
}

/**
 * A circle on the sphere: the points within `radiusMetres` of `centre`
 * (great circle, `haversineMetres`), so that membership is exact rather than
 * the drawn polygon's.
 *
 * @param centre - decimal degrees
 * @param radiusMetres - metres, ≥ 0
 */
export function circleShape(centre: LatLng, radiusMetres: number): Shape {
  const test = new RadiusTest(centre, radiusMetres);
  return {
    bbox: circleBox(centre, radiusMetres) ?? WORLD,
    contains: (point) => test.contains(point.lat, point.lng, cosineOfLatitude(point.lat)),
    geometry: () => circlePolygon(centre, radiusMetres),
  };
}

/**
 * A GeoJSON polygon that holds the whole circle: a regular {@link CIRCLE_STEPS}-gon
 * drawn with `@turf/circle` (geodesic destination points, Earth radius
 * 6,371,008.8 m like `haversineMetres`) on the circumscribed radius
 * `r / cos(π / steps)` with small margins, so that its edges pass outside
 * the circle, never inside it. Counter-clockwise, coordinates to 7 decimals.
 *
 * @param centre - decimal degrees
 * @param radiusMetres - metres, > 0
 */
export function circlePolygon(centre: LatLng, radiusMetres: number): Extract<TerritoryGeometry, { type: 'Polygon' }> {
  const circumscribed = (radiusMetres / Math.cos(Math.PI / CIRCLE_STEPS)) * SPHERE_MARGIN + ROUNDING_MARGIN_METRES;
  const { geometry } = circle([centre.lng, centre.lat], circumscribed, { steps: CIRCLE_STEPS, units: 'meters' });
  const round = (value: number) => Math.round(value * COORDINATE_DECIMALS) / COORDINATE_DECIMALS;
  return { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => ring.map(([lng = 0, lat = 0]): [number, number] => [round(lng), round(lat)])) };
}

/**
 * A GeoJSON Polygon or MultiPolygon (holes honoured, edges inside), tested
 * with `@turf/boolean-point-in-polygon`.
 *
 * @param geometry - a valid polygon (`TerritoryGeometryInput` checks it)
 */
export function polygonShape(geometry: Polygon | MultiPolygon): Shape {
  const [minLng = -180, minLat = -90, maxLng = 180, maxLat = 90] = boundingBox(geometry);
  return {
    bbox: [minLng, minLat, maxLng, maxLat],
    contains: (point) => booleanPointInPolygon([point.lng, point.lat], geometry),
    geometry: () => geometry,
  };
}

/**
 * The box two boxes share, or null when they do not meet.
 *
 * @param a - a box
 * @param b - another
 */
export function boxIntersection(a: RangeBox, b: RangeBox): RangeBox | null {
  const box: RangeBox = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return box[0] <= box[2] && box[1] <= box[3] ? box : null;
}
