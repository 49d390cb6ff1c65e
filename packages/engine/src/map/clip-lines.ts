import { EARTH_RADIUS_METRES } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';

const RAD = Math.PI / 180;

/** A point on a local plane around a centre, metres east (`x`) and north (`y`). */
interface Planar {
  x: number;
  y: number;
}

/**
 * A local equirectangular projection around `centre`: metres east and north.
 * Over the 2 km of a site map its error is far below a metre.
 *
 * @param centre - decimal degrees
 */
function projection(centre: LatLng): (point: LatLng) => Planar {
  const cosLat = Math.cos(centre.lat * RAD);
  return (point) => ({ x: (point.lng - centre.lng) * RAD * EARTH_RADIUS_METRES * cosLat, y: (point.lat - centre.lat) * RAD * EARTH_RADIUS_METRES });
}

/** Distance from the origin to the segment a–b on the plane, metres. */
function segmentDistance(a: Planar, b: Planar): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(a.x * dx + a.y * dy) / length2));
  return Math.hypot(a.x + t * dx, a.y + t * dy);
}

/**
 * The parts of a polyline that reach into a circle: each run of consecutive
 * segments that come within `radiusMetres` of `centre`, as its own line (a
 * way that leaves the circle and comes back gives two). A segment is kept
 * whole, so a line ends at the first vertex beyond the circle.
 *
 * @param points - the polyline, decimal degrees
 * @param centre - the circle's centre
 * @param radiusMetres - the circle's radius, metres
 * @returns the runs, each at least two points; empty when the line stays outside
 */
export function clipToCircle(points: readonly LatLng[], centre: LatLng, radiusMetres: number): LatLng[][] {
  const project = projection(centre);
  const runs: LatLng[][] = [];
  let run: LatLng[] = [];
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1] as LatLng;
    const b = points[i] as LatLng;
    if (segmentDistance(project(a), project(b)) <= radiusMetres) {
      if (run.length === 0) run.push(a);
      run.push(b);
    } else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}
