import type { MultiPolygon, Polygon } from 'geojson';
import type { LatLng } from '../region/types.js';

/**
 * An area whose residents are spread over the dwellings inside it: a census
 * tract or block, a municipality with OSM `population=*`, or an area known
 * only by a point (a census CSV row, a GeoJSON point, a `place=*` node).
 */
export interface PopulationZone {
  /** Census id (`36061006500`), OSM relation (`r1155956`) or node (`n240079149`). */
  id: string;
  name: string;
  /** Residents, ≥ 0. */
  population: number;
  /** Households (a count of households), where the source gives them. */
  households?: number;
  /** Median household income, currency units of the source, where given. */
  income?: number;
  /** Land area, km², where the source gives it. */
  landAreaKm2?: number;
  /**
   * The area's (multi)polygon, `[lng, lat]`; null for an area known by a
   * point only, which takes the dwellings nearer to its point than to any
   * other point area (within {@link PopulationZone.reachMetres}).
   */
  geometry: Polygon | MultiPolygon | null;
  /** A point inside the area: where its residents go when no dwelling is found. */
  point: LatLng;
  /** Point areas only: farthest dwelling it takes, metres (default: no limit). */
  reachMetres?: number;
}
