import type { MultiPolygon, Polygon, Position } from 'geojson';
import osm2geojson from 'osm2geojson-lite';
import type { LatLng } from './types.js';

/** A member way of an area relation with its points in order, and its role. */
export interface RingMember {
  /** OSM way id. */
  id: number;
  /** `outer` or `inner` (an empty role counts as `outer`, as OSM's multipolygon rules say). */
  role: 'outer' | 'inner';
  points: readonly LatLng[];
}

/** Coordinates are rounded to 1e-7 degrees, OSM's own precision. */
const SCALE = 1e7;

function round(value: number): number {
  return Math.round(value * SCALE) / SCALE;
}

/**
 * Joins the member ways of an OSM multipolygon or boundary relation into a
 * GeoJSON Polygon or MultiPolygon: ways are chained end to end into closed
 * rings (reversed where needed), outer rings made counter-clockwise and
 * inner rings clockwise, and each inner ring given to the outer ring that
 * holds it. The joining is osm2geojson-lite's (the assembler of
 * query-geo-boundary); this function checks its result: it returns null
 * unless every member way ended up in a closed ring, because the library
 * drops chains that do not close (a relation cut at the extract's edge)
 * without a word, which would give a smaller area than the real one.
 *
 * @param members - the relation's outer and inner ways, each with at least two points
 * @returns the geometry, or null when a ring does not close or there is no outer way
 */
export function assembleRings(members: readonly RingMember[]): Polygon | MultiPolygon | null {
  const expected = { outer: { points: 0, ways: 0 }, inner: { points: 0, ways: 0 } };
  const elements = [];
  for (const member of members) {
    if (member.points.length < 2) return null;
    expected[member.role].points += member.points.length;
    expected[member.role].ways += 1;
    elements.push({
      type: 'way',
      ref: member.id,
      role: member.role,
      geometry: member.points.map((point) => ({ lat: round(point.lat), lon: round(point.lng) })),
    });
  }
  if (expected.outer.ways === 0) return null;
  const result: unknown = osm2geojson({ elements: [{ type: 'relation', id: 0, tags: {}, members: elements }] });
  if (!isAreaGeometry(result)) return null;
  const polygons = result.type === 'Polygon' ? [result.coordinates] : result.coordinates;
  const outers = polygons.map((rings) => rings[0] ?? []);
  const inners = polygons.flatMap((rings) => rings.slice(1));
  if (!allConsumed(outers, expected.outer) || !allConsumed(inners, expected.inner)) return null;
  return result;
}

/**
 * Whether closed rings used every point of their ways: chaining `w` ways of
 * `n` points into `r` rings drops one shared point per join, so the rings
 * hold exactly `n - w + r` points; a dropped open chain leaves fewer.
 */
function allConsumed(rings: readonly Position[][], expected: { points: number; ways: number }): boolean {
  let points = 0;
  for (const ring of rings) points += ring.length;
  return points === expected.points - expected.ways + rings.length;
}

function isAreaGeometry(value: unknown): value is Polygon | MultiPolygon {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'Polygon' || type === 'MultiPolygon';
}
