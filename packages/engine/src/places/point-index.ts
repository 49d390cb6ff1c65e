import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { haversineMetres } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';

/** One item found near a query point, with its great-circle distance. */
export interface Neighbour<T> {
  item: T;
  /** Great-circle (haversine) distance from the query point, metres (not rounded). */
  distanceMetres: number;
}

/** Metres per degree of latitude on the mean Earth sphere (2πR / 360). */
const METRES_PER_DEGREE = 111_195;

/**
 * A static spatial index over points (kdbush, with geokdbush for great-circle
 * nearest-neighbour search). Built once per region layer; every query visits
 * only the tree nodes near the point, never the whole layer.
 *
 * Distances are haversine metres ({@link haversineMetres}, sphere of radius
 * 6,371,008.8 m).
 */
export class PointIndex<T extends LatLng> {
  private readonly tree: KDBush | null;

  /**
   * @param items - the points; their order is kept as the tie-break for equal distances
   * @throws TypeError when an item has a non-finite `lat` or `lng` (names the item's index)
   */
  constructor(readonly items: readonly T[]) {
    if (items.length === 0) {
      this.tree = null;
      return;
    }
    const tree = new KDBush(items.length);
    items.forEach((item, index) => {
      if (!Number.isFinite(item.lat) || !Number.isFinite(item.lng)) {
        throw new TypeError(`items[${index}]: lat and lng must be finite numbers`);
      }
      tree.add(item.lng, item.lat);
    });
    this.tree = tree.finish();
  }

  /** Number of indexed points. */
  get size(): number {
    return this.items.length;
  }

  /**
   * Items within `radiusMetres` of `point`, nearest first (ties in input order).
   *
   * @param point - query point, decimal degrees
   * @param radiusMetres - search radius, metres (inclusive)
   * @param predicate - optional filter on the item
   * @returns neighbours sorted by distance
   */
  within(point: LatLng, radiusMetres: number, predicate?: (item: T) => boolean): Array<Neighbour<T>> {
    if (this.tree === null || !(radiusMetres >= 0)) return [];
    // geokdbush searches in kilometres on a 6,371 km sphere; pad by 0.1 % and re-filter in haversine metres.
    const ids = around(this.tree, point.lng, point.lat, Infinity, (radiusMetres * 1.001) / 1000, predicate === undefined ? undefined : (id) => predicate(this.itemAt(id)));
    const found: Array<Neighbour<T> & { id: number }> = [];
    for (const id of ids) {
      const item = this.itemAt(id);
      const distanceMetres = haversineMetres(point, item);
      if (distanceMetres <= radiusMetres) found.push({ item, distanceMetres, id });
    }
    found.sort((a, b) => a.distanceMetres - b.distanceMetres || a.id - b.id);
    return found.map(({ item, distanceMetres }) => ({ item, distanceMetres }));
  }

  /**
   * The nearest item within `maxMetres` (that passes `predicate`), or null.
   *
   * @param point - query point, decimal degrees
   * @param maxMetres - search radius, metres
   * @param predicate - optional filter on the item
   */
  nearest(point: LatLng, maxMetres: number, predicate?: (item: T) => boolean): Neighbour<T> | null {
    if (this.tree === null || !(maxMetres >= 0)) return null;
    // Take a few candidates: geokdbush's sphere differs from ours by ~0.0001 %, so equal-distance ties are settled here.
    const ids = around(this.tree, point.lng, point.lat, 4, (maxMetres * 1.001) / 1000, predicate === undefined ? undefined : (id) => predicate(this.itemAt(id)));
    let best: (Neighbour<T> & { id: number }) | null = null;
    for (const id of ids) {
      const item = this.itemAt(id);
      const distanceMetres = haversineMetres(point, item);
      if (distanceMetres > maxMetres) continue;
      if (best === null || distanceMetres < best.distanceMetres || (distanceMetres === best.distanceMetres && id < best.id)) {
        best = { item, distanceMetres, id };
      }
    }
    return best === null ? null : { item: best.item, distanceMetres: best.distanceMetres };
  }

  /**
   * How many items lie within `radiusMetres` of `point`. Uses a bounding-box
   * range query and a haversine check, without sorting, so it stays cheap for
   * dense layers such as address points.
   *
   * @param point - query point, decimal degrees
   * @param radiusMetres - radius, metres (inclusive)
   * @param predicate - optional filter on the item
   */
  countWithin(point: LatLng, radiusMetres: number, predicate?: (item: T) => boolean): number {
    if (this.tree === null || !(radiusMetres >= 0)) return 0;
    const dLat = radiusMetres / METRES_PER_DEGREE;
    const cosLat = Math.max(Math.cos((point.lat * Math.PI) / 180), 1e-6);
    const dLng = Math.min(180, dLat / cosLat);
    let count = 0;
    for (const id of this.tree.range(point.lng - dLng, point.lat - dLat * 1.001, point.lng + dLng, point.lat + dLat * 1.001)) {
      const item = this.itemAt(id);
      if (haversineMetres(point, item) <= radiusMetres && (predicate === undefined || predicate(item))) count++;
    }
    return count;
  }

  private itemAt(id: number): T {
    const item = this.items[id];
    if (item === undefined) throw new RangeError(`spatial index id ${id} out of range`);
    return item;
  }
}
