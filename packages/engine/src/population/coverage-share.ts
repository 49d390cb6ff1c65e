import { area } from '@turf/area';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { intersect } from '@turf/intersect';
import { pointOnFeature } from '@turf/point-on-feature';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { BBox, LatLng } from '../region/types.js';

/** Shares within this much of 1 (or 0) are taken as 1 (or 0): the noise of intersecting two polygons that share an edge. */
export const SHARE_SNAP = 0.001;

/** The part of an area inside a pack's coverage. */
export interface CoverageShare {
  /** Area inside ÷ whole area, 0-1 (geodesic areas, `@turf/area`). */
  share: number;
  /** A point of the part inside (`@turf/point-on-feature`); null when the share is 0. */
  inside: LatLng | null;
}

/**
 * The coverage a pack's areas are cut to: its boundary polygon, or its box.
 */
export class CoveragePolygon {
  private readonly feature: Feature<Polygon | MultiPolygon>;

  /**
   * @param bbox - the coverage box `[minLng, minLat, maxLng, maxLat]`
   * @param boundary - the boundary polygon when the pack covers one, else null (the box is the coverage)
   * @param contains - the pack's point test (`coverageTest`), the same the importer clips with
   */
  constructor(
    private readonly bbox: BBox,
    private readonly boundary: Polygon | MultiPolygon | null,
    readonly contains: (point: LatLng) => boolean,
  ) {
    const [w, s, e, n] = bbox;
    const geometry: Polygon | MultiPolygon = boundary ?? {
      type: 'Polygon',
      coordinates: [
        [
          [w, s],
          [e, s],
          [e, n],
          [w, n],
          [w, s],
        ],
      ],
    };
    this.feature = { type: 'Feature', properties: {}, geometry };
  }

  /**
   * The share of an area inside the coverage: 1 without intersecting
   * polygons when every vertex of the area is inside the coverage (its box,
   * or its boundary polygon, edges included: a municipality inside its
   * country); else the geodesic area of the intersection (`@turf/intersect`)
   * over the area's own, snapped to 0 or 1 within {@link SHARE_SNAP}.
   *
   * @param geometry - the area, `[lng, lat]`
   * @returns the share and a point of the part inside
   */
  shareOf(geometry: Polygon | MultiPolygon): CoverageShare {
    const feature: Feature<Polygon | MultiPolygon> = { type: 'Feature', properties: {}, geometry };
    if (this.holdsVertices(geometry)) return { share: 1, inside: onFeature(feature) };
    const whole = area(feature);
    if (!(whole > 0)) return { share: 0, inside: null };
    const part = intersect({ type: 'FeatureCollection', features: [feature, this.feature] });
    if (part === null) return { share: 0, inside: null };
    let share = Math.min(1, area(part) / whole);
    if (share > 1 - SHARE_SNAP) share = 1;
    if (share < SHARE_SNAP) return { share: 0, inside: null };
    return { share, inside: onFeature(part) };
  }

  private holdsVertices(geometry: Polygon | MultiPolygon): boolean {
    if (!boxHolds(this.bbox, geometry)) return false;
    const boundary = this.boundary;
    if (boundary === null) return true;
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    return polygons.every((polygon) => (polygon[0] ?? []).every((position) => booleanPointInPolygon(position, boundary)));
  }
}

function onFeature(feature: Feature<Polygon | MultiPolygon>): LatLng {
  const [lng = 0, lat = 0] = pointOnFeature(feature).geometry.coordinates;
  return { lat, lng };
}

function boxHolds([minLng, minLat, maxLng, maxLat]: BBox, geometry: Polygon | MultiPolygon): boolean {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const polygon of polygons) {
    for (const [lng = Number.NaN, lat = Number.NaN] of polygon[0] ?? []) {
      if (!(lng >= minLng && lng <= maxLng && lat >= minLat && lat <= maxLat)) return false;
    }
  }
  return true;
}
