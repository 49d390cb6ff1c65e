import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { MultiPolygon, Polygon, Position } from 'geojson';
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

const keyOf = (position: Position): string => `${position[0]},${position[1]}`;

/**
 * Chains ways end to end into closed rings, the way OSM's multipolygon rules
 * describe: start from the first unused way, append any unused way that
 * starts or ends where the chain ends (reversed when it ends there), else
 * prepend one at the chain's start, until the chain closes. Way ends are
 * matched by exact (rounded) coordinates through a map, so the work is
 * linear in the points.
 *
 * @param ways - each way's [lng, lat] positions, at least two
 * @returns the rings (first position repeated last), or null when a chain cannot close
 */
function chainRings(ways: readonly Position[][]): Position[][] | null {
  const used = new Array<boolean>(ways.length).fill(false);
  const byEnd = new Map<string, number[]>();
  ways.forEach((way, i) => {
    for (const end of [way[0], way[way.length - 1]] as Position[]) {
      const list = byEnd.get(keyOf(end));
      if (list === undefined) byEnd.set(keyOf(end), [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  });
  /** An unused way with an end at `position`, oriented to start there. */
  const takeFrom = (position: Position): Position[] | null => {
    const key = keyOf(position);
    const i = byEnd.get(key)?.find((candidate) => !used[candidate]);
    if (i === undefined) return null;
    used[i] = true;
    const way = ways[i] as Position[];
    return keyOf(way[0] as Position) === key ? way : [...way].reverse();
  };
  const rings: Position[][] = [];
  for (let start = 0; start < ways.length; start++) {
    if (used[start]) continue;
    used[start] = true;
    let chain = [...(ways[start] as Position[])];
    while (keyOf(chain[0] as Position) !== keyOf(chain[chain.length - 1] as Position)) {
      const after = takeFrom(chain[chain.length - 1] as Position);
      if (after !== null) {
        chain = chain.concat(after.slice(1));
        continue;
      }
      const before = takeFrom(chain[0] as Position);
      if (before === null) return null;
      chain = [...before].reverse().concat(chain.slice(1));
    }
    if (chain.length < 4) return null;
    rings.push(chain);
  }
  return rings;
}

/** Twice the signed area of a closed ring in degrees² (shoelace): positive when counter-clockwise. */
function signedArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) {
    const [x0 = 0, y0 = 0] = ring[i - 1] as Position;
    const [x1 = 0, y1 = 0] = ring[i] as Position;
    sum += x0 * y1 - x1 * y0;
  }
  return sum;
}

/** The ring, reversed when needed so that it turns counter-clockwise (`ccw`) or clockwise. */
function oriented(ring: Position[], ccw: boolean): Position[] {
  return signedArea(ring) > 0 === ccw ? ring : ring.reverse();
}

/**
 * Joins the member ways of an OSM multipolygon or boundary relation into a
 * GeoJSON Polygon or MultiPolygon: ways are chained end to end into closed
 * rings (reversed where needed), outer rings made counter-clockwise and
 * inner rings clockwise (RFC 7946 §3.1.6), and each inner ring given to the
 * first outer ring that holds its first point (@turf/boolean-point-in-polygon).
 * It returns null unless every member way ends up in a closed ring and every
 * inner ring in an outer one, because a relation cut at the extract's edge
 * would otherwise give a smaller area than the real one.
 *
 * @param members - the relation's outer and inner ways, each with at least two points
 * @returns the geometry, or null when a ring does not close, an inner ring lies in no outer ring, or there is no outer way
 */
export function assembleRings(members: readonly RingMember[]): Polygon | MultiPolygon | null {
  const ways: Record<RingMember['role'], Position[][]> = { outer: [], inner: [] };
  for (const member of members) {
    if (member.points.length < 2) return null;
    ways[member.role].push(member.points.map((point) => [round(point.lng), round(point.lat)]));
  }
  if (ways.outer.length === 0) return null;
  const outers = chainRings(ways.outer);
  const inners = chainRings(ways.inner);
  if (outers === null || inners === null) return null;
  const polygons = outers.map((ring) => [oriented(ring, true)]);
  for (const ring of inners) {
    const holder = polygons.find((rings) => booleanPointInPolygon(ring[0] as Position, { type: 'Polygon', coordinates: [rings[0] as Position[]] }));
    if (holder === undefined) return null;
    holder.push(oriented(ring, false));
  }
  return polygons.length === 1 ? { type: 'Polygon', coordinates: polygons[0] as Position[][] } : { type: 'MultiPolygon', coordinates: polygons };
}
