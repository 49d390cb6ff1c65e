import type { BBox, LatLng } from './types.js';

/** Mean Earth radius in metres (IUGG), used by {@link haversineMetres}. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

const RAD = Math.PI / 180;

/**
 * Great-circle (haversine) distance in metres between two WGS 84 points.
 *
 * @param a - first point, decimal degrees
 * @param b - second point, decimal degrees
 * @returns distance in metres on a sphere of radius {@link EARTH_RADIUS_METRES}
 */
export function haversineMetres(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Centroid of a way's points: the area centroid (shoelace formula on a local
 * equirectangular projection) when the way is closed and has an area, else
 * the mean of its vertices.
 *
 * @param points - the way's points in order (a closed way repeats its first point)
 * @returns the centroid, or null for an empty list
 */
export function wayCentroid(points: readonly LatLng[]): LatLng | null {
  const first = points[0];
  if (first === undefined) return null;
  const last = points[points.length - 1];
  const closed = points.length >= 4 && last !== undefined && last.lat === first.lat && last.lng === first.lng;
  if (closed) {
    let area2 = 0;
    let cx = 0;
    let cy = 0;
    for (let i = 0; i < points.length - 1; i++) {
      const p = points[i];
      const q = points[i + 1];
      if (p === undefined || q === undefined) continue;
      const x0 = p.lng - first.lng;
      const y0 = p.lat - first.lat;
      const x1 = q.lng - first.lng;
      const y1 = q.lat - first.lat;
      const cross = x0 * y1 - x1 * y0;
      area2 += cross;
      cx += (x0 + x1) * cross;
      cy += (y0 + y1) * cross;
    }
    if (Math.abs(area2) > 1e-14) {
      return { lat: first.lat + cy / (3 * area2), lng: first.lng + cx / (3 * area2) };
    }
  }
  return meanPoint(points);
}

/**
 * Mean of points (vertex centroid).
 *
 * @param points - any points
 * @returns their mean, or null for an empty list
 */
export function meanPoint(points: readonly LatLng[]): LatLng | null {
  if (points.length === 0) return null;
  let lat = 0;
  let lng = 0;
  for (const p of points) {
    lat += p.lat;
    lng += p.lng;
  }
  return { lat: lat / points.length, lng: lng / points.length };
}

/** A bounding box that grows as points are added. */
export class BBoxBuilder {
  private minLng = Infinity;
  private minLat = Infinity;
  private maxLng = -Infinity;
  private maxLat = -Infinity;

  /** Extends the box by one point (decimal degrees). */
  add(point: LatLng): void {
    if (point.lng < this.minLng) this.minLng = point.lng;
    if (point.lat < this.minLat) this.minLat = point.lat;
    if (point.lng > this.maxLng) this.maxLng = point.lng;
    if (point.lat > this.maxLat) this.maxLat = point.lat;
  }

  /** The box `[minLng, minLat, maxLng, maxLat]`, or all zeros when no point was added. */
  result(): BBox {
    if (this.minLng === Infinity) return [0, 0, 0, 0];
    return [this.minLng, this.minLat, this.maxLng, this.maxLat];
  }
}
