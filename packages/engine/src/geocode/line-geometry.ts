import { haversineMetres } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';

/**
 * The point of a set of polylines nearest to a target, with segments
 * projected in a local equirectangular plane around the target (exact to
 * well under a metre over a street's few kilometres).
 *
 * @param lines - polylines in WGS 84 degrees, each of at least one point
 * @param target - the point to approach
 * @returns the nearest point, or null when there are no points
 */
export function nearestPointOnLines(lines: readonly (readonly LatLng[])[], target: LatLng): LatLng | null {
  const scaleX = Math.cos((target.lat * Math.PI) / 180);
  let best: LatLng | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  const consider = (point: LatLng): void => {
    const dx = (point.lng - target.lng) * scaleX;
    const dy = point.lat - target.lat;
    const distance = dx * dx + dy * dy;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = point;
    }
  };
  for (const line of lines) {
    if (line.length === 1 && line[0] !== undefined) consider(line[0]);
    for (let index = 1; index < line.length; index += 1) {
      const a = line[index - 1];
      const b = line[index];
      if (a === undefined || b === undefined) continue;
      const ax = (a.lng - target.lng) * scaleX;
      const ay = a.lat - target.lat;
      const bx = (b.lng - target.lng) * scaleX;
      const by = b.lat - target.lat;
      const lengthSquared = (bx - ax) ** 2 + (by - ay) ** 2;
      const t = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(ax * (bx - ax) + ay * (by - ay)) / lengthSquared));
      consider({ lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t });
    }
  }
  return best;
}

/**
 * Great-circle (haversine) length of a polyline in metres.
 *
 * @param line - points in WGS 84 degrees
 */
export function lineLengthMetres(line: readonly LatLng[]): number {
  let total = 0;
  for (let index = 1; index < line.length; index += 1) {
    const a = line[index - 1];
    const b = line[index];
    if (a !== undefined && b !== undefined) total += haversineMetres(a, b);
  }
  return total;
}

/**
 * The point at a fraction of a polyline's length (linear between vertices).
 *
 * @param line - points in WGS 84 degrees, at least one
 * @param fraction - 0 (first point) to 1 (last point); clamped
 * @returns the point, or null for an empty line
 */
export function pointAlongLine(line: readonly LatLng[], fraction: number): LatLng | null {
  const first = line[0];
  if (first === undefined) return null;
  const target = lineLengthMetres(line) * Math.min(1, Math.max(0, fraction));
  let walked = 0;
  for (let index = 1; index < line.length; index += 1) {
    const a = line[index - 1];
    const b = line[index];
    if (a === undefined || b === undefined) continue;
    const step = haversineMetres(a, b);
    if (walked + step >= target && step > 0) {
      const t = (target - walked) / step;
      return { lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t };
    }
    walked += step;
  }
  return line[line.length - 1] ?? first;
}

/**
 * The midpoint (by length) of the longest of a street's polylines.
 *
 * @param lines - polylines in WGS 84 degrees
 * @returns the point, or null when there are no points
 */
export function midpointOfLongestLine(lines: readonly (readonly LatLng[])[]): LatLng | null {
  let longest: readonly LatLng[] | null = null;
  let longestLength = -1;
  for (const line of lines) {
    const length = lineLengthMetres(line);
    if (line.length > 0 && length > longestLength) {
      longest = line;
      longestLength = length;
    }
  }
  return longest === null ? null : pointAlongLine(longest, 0.5);
}
