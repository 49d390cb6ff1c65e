import Flatbush from 'flatbush';
import type { Position } from 'geojson';
import { PreparedPolygon } from './area-pip.js';
import type { Area, BBox, LatLng, RegionData } from './types.js';

/** Bounding box of an area's outer rings, `[minLng, minLat, maxLng, maxLat]`. */
export function areaBBox(area: Pick<Area, 'geometry'>): BBox {
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  const polygons: Position[][][] = area.geometry.type === 'Polygon' ? [area.geometry.coordinates] : area.geometry.coordinates;
  for (const polygon of polygons) {
    for (const [lng = 0, lat = 0] of polygon[0] ?? []) {
      if (lng < minLng) minLng = lng;
      if (lat < minLat) minLat = lat;
      if (lng > maxLng) maxLng = lng;
      if (lat > maxLat) maxLat = lat;
    }
  }
  return [minLng, minLat, maxLng, maxLat];
}

/**
 * Point-in-polygon queries over a region's areas: a Flatbush R-tree of the
 * areas' bounding boxes picks the candidates, each area's
 * {@link PreparedPolygon} tests them (answers of `@turf/boolean-point-in-polygon`:
 * holes excluded, a point on the boundary counts as inside).
 */
export class AreaIndex<T extends Pick<Area, 'id' | 'geometry'> = Area> {
  private readonly areas: readonly T[];
  private readonly boxes: readonly BBox[];
  private readonly tree: Flatbush | null;
  /** Each area's prepared polygon, built on its first test. */
  private readonly prepared: Array<PreparedPolygon | undefined>;

  /** @param areas - the areas to index (kept by reference, not copied): the pack's areas, or anything with an `id` and a (multi)polygon `geometry` */
  constructor(areas: readonly T[]) {
    this.areas = areas;
    this.boxes = areas.map(areaBBox);
    this.prepared = new Array(areas.length);
    if (areas.length === 0) {
      this.tree = null;
      return;
    }
    const tree = new Flatbush(areas.length);
    for (const [minLng, minLat, maxLng, maxLat] of this.boxes) tree.add(minLng, minLat, maxLng, maxLat);
    tree.finish();
    this.tree = tree;
  }

  /**
   * The areas that contain a point, innermost first (smallest bounding box
   * first, then by id), e.g. Vaduz (municipality), Oberland (district),
   * Liechtenstein (country).
   *
   * @param point - WGS 84 decimal degrees
   * @param accept - optional filter run before the polygon test (e.g. one kind or admin level)
   * @returns the containing areas; empty when none
   */
  containing(point: LatLng, accept?: (area: T) => boolean): T[] {
    if (this.tree === null) return [];
    const found: Array<{ area: T; size: number }> = [];
    for (const index of this.tree.search(point.lng, point.lat, point.lng, point.lat)) {
      const area = this.areas[index];
      const box = this.boxes[index];
      if (area === undefined || box === undefined || (accept !== undefined && !accept(area))) continue;
      if (this.holds(index, area, point)) found.push({ area, size: (box[2] - box[0]) * (box[3] - box[1]) });
    }
    found.sort((a, b) => a.size - b.size || (a.area.id < b.area.id ? -1 : a.area.id > b.area.id ? 1 : 0));
    return found.map(({ area }) => area);
  }

  /**
   * The innermost area that contains a point: the first of
   * {@link AreaIndex.containing}, found by testing the candidates smallest
   * box first and stopping at the first hit.
   *
   * @param point - WGS 84 decimal degrees
   * @returns the area, or null when none contains the point
   */
  innermost(point: LatLng): T | null {
    if (this.tree === null) return null;
    const candidates = this.tree.search(point.lng, point.lat, point.lng, point.lat);
    if (candidates.length > 1) {
      const sizeOf = (index: number): number => {
        const box = this.boxes[index];
        return box === undefined ? Infinity : (box[2] - box[0]) * (box[3] - box[1]);
      };
      const idOf = (index: number): string => this.areas[index]?.id ?? '';
      candidates.sort((a, b) => sizeOf(a) - sizeOf(b) || (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0));
    }
    for (const index of candidates) {
      const area = this.areas[index];
      if (area !== undefined && this.holds(index, area, point)) return area;
    }
    return null;
  }

  /** Whether area `index` holds the point, through its prepared polygon. */
  private holds(index: number, area: T, point: LatLng): boolean {
    let prepared = this.prepared[index];
    if (prepared === undefined) {
      prepared = new PreparedPolygon(area.geometry);
      this.prepared[index] = prepared;
    }
    return prepared.contains(point.lng, point.lat);
  }
}

const indexes = new WeakMap<readonly Area[], AreaIndex>();

/**
 * The {@link AreaIndex} of a region's areas, built on first use and kept as
 * long as the region's `areas` array lives.
 *
 * @param region - a loaded region (only `areas` is read)
 * @returns the index
 */
export function areaIndexOf(region: Pick<RegionData, 'areas'>): AreaIndex {
  let index = indexes.get(region.areas);
  if (index === undefined) {
    index = new AreaIndex(region.areas);
    indexes.set(region.areas, index);
  }
  return index;
}
