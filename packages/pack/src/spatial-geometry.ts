/**
 * The geometry the pack writer needs: boxes of points, lines and polygons
 * (for the flatbush indexes) and the midpoint of a street's longest line
 * (its representative point), with turf where it fits.
 */
import along from '@turf/along';
import turfBbox from '@turf/bbox';
import { lineString } from '@turf/helpers';
import length from '@turf/length';
import type { MultiPolygon, Polygon } from 'geojson';
import type { BBox, LatLng } from './records.js';

/**
 * The box `[minLng, minLat, maxLng, maxLat]` of points.
 *
 * @param points - decimal degrees; none gives a box of NaN
 */
export function boxOfPoints(points: readonly LatLng[]): BBox {
  let minLng = Number.POSITIVE_INFINITY;
  let minLat = Number.POSITIVE_INFINITY;
  let maxLng = Number.NEGATIVE_INFINITY;
  let maxLat = Number.NEGATIVE_INFINITY;
  for (const { lat, lng } of points) {
    if (lng < minLng) minLng = lng;
    if (lng > maxLng) maxLng = lng;
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
  }
  return points.length === 0 ? [Number.NaN, Number.NaN, Number.NaN, Number.NaN] : [minLng, minLat, maxLng, maxLat];
}

/**
 * The box of several lines.
 *
 * @param lines - lists of points
 */
export function boxOfLines(lines: ReadonlyArray<readonly LatLng[]>): BBox {
  return boxOfPoints(lines.flat());
}

/**
 * The box of a polygon or multipolygon (`@turf/bbox`).
 *
 * @param geometry - GeoJSON, `[lng, lat]`
 */
export function boxOfPolygons(geometry: Polygon | MultiPolygon): BBox {
  const [minLng = Number.NaN, minLat = Number.NaN, maxLng = Number.NaN, maxLat = Number.NaN] = turfBbox(geometry);
  return [minLng, minLat, maxLng, maxLat];
}

/**
 * The point halfway along the longest of some lines, measured on the
 * great circle (`@turf/length`, `@turf/along`).
 *
 * @param lines - lists of points; a line of one point counts as length 0
 * @returns the point, or null when no line has a point
 */
export function midpointOfLongestLine(lines: ReadonlyArray<readonly LatLng[]>): LatLng | null {
  let longest: readonly LatLng[] | null = null;
  let longestMetres = -1;
  for (const line of lines) {
    if (line.length === 0) continue;
    const metres = line.length < 2 ? 0 : length(lineString(line.map((p) => [p.lng, p.lat])), { units: 'meters' });
    if (metres > longestMetres) {
      longest = line;
      longestMetres = metres;
    }
  }
  if (longest === null) return null;
  const first = longest[0] as LatLng;
  if (longest.length < 2) return { lat: first.lat, lng: first.lng };
  const [lng = first.lng, lat = first.lat] = along(lineString(longest.map((p) => [p.lng, p.lat])), longestMetres / 2, { units: 'meters' }).geometry.coordinates;
  return { lat, lng };
}
