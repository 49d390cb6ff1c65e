import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { haversineMetres } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';
import { circleBox, type RangeBox } from './circle-box.js';
import { cosineOfLatitude, RadiusTest } from './radius-test.js';

/** One item found near a query point, with its great-circle distance. */
export interface Neighbour<T> {
  item: T;
  /** Great-circle (haversine) distance from the query point, metres (not rounded). */
  distanceMetres: number;
}

/** geokdbush takes distances in kilometres. */
const METRES_PER_KILOMETRE = 1_000;

/**
 * Checks that every point has finite coordinates.
 *
 * @param items - points in decimal degrees
 * @throws TypeError naming the first bad item's index, `items[<index>]`
 */
export function assertFinitePoints(items: readonly LatLng[]): void {
  items.forEach((item, index) => {
    if (!Number.isFinite(item.lat) || !Number.isFinite(item.lng)) {
      throw new TypeError(`items[${index}]: lat and lng must be finite numbers`);
    }
  });
}

/**
 * A static spatial index over points: a kdbush tree, searched with geokdbush
 * for the nearest point (great circle, any latitude, across the antimeridian)
 * and with kdbush range queries on a circle's bounding coordinates for the
 * points within a radius (geokdbush where no box holds the circle). Built once
 * per region layer.
 *
 * Distances are haversine metres ({@link haversineMetres}, sphere of radius
 * 6,371,008.8 m) and membership in a radius is exactly `haversineMetres ≤
 * radius`: range candidates go through {@link RadiusTest}; geokdbush measures
 * on a 6,371 km sphere, whose circle of the same radius holds ours, so its
 * candidates are re-checked in haversine metres.
 */
export class PointIndex<T extends LatLng> {
  private readonly tree: KDBush | null;
  /**
   * Each item's latitude, longitude and `cos(lat)` by index, for
   * {@link RadiusTest.contains}: typed arrays, so that testing thousands of
   * candidates reads no object properties (items of a layer differ in shape).
   */
  private readonly lats: Float64Array;
  private readonly lngs: Float64Array;
  private readonly cosLats: Float64Array;

  /**
   * @param items - the points; their order is the tie-break of equal distances in {@link PointIndex.within}
   * @throws TypeError when an item has a non-finite `lat` or `lng` (names the item's index)
   */
  constructor(readonly items: readonly T[]) {
    assertFinitePoints(items);
    this.lats = Float64Array.from(items, (item) => item.lat);
    this.lngs = Float64Array.from(items, (item) => item.lng);
    this.cosLats = this.lats.map(cosineOfLatitude);
    if (items.length === 0) {
      this.tree = null;
      return;
    }
    const tree = new KDBush(items.length);
    for (const item of items) tree.add(item.lng, item.lat);
    this.tree = tree.finish();
  }

  /** Number of indexed points. */
  get size(): number {
    return this.items.length;
  }

  /**
   * Items within `radiusMetres` of `point`, nearest first (equal distances in
   * input order): the candidates of {@link PointIndex.forEachWithin}, measured
   * in haversine metres and sorted.
   *
   * @param point - query point, decimal degrees
   * @param radiusMetres - search radius, metres (inclusive); none for a negative or NaN radius
   * @param predicate - optional filter on the item
   * @returns neighbours sorted by distance
   */
  within(point: LatLng, radiusMetres: number, predicate?: (item: T) => boolean): Array<Neighbour<T>> {
    const found: Array<Neighbour<T> & { id: number }> = [];
    this.forEachWithin(point, radiusMetres, (item, id) => {
      if (predicate === undefined || predicate(item)) found.push({ item, distanceMetres: haversineMetres(point, item), id });
    });
    return found.sort((a, b) => a.distanceMetres - b.distanceMetres || a.id - b.id).map(({ item, distanceMetres }) => ({ item, distanceMetres }));
  }

  /**
   * The nearest item within `maxMetres` (that passes `predicate`), or null. Of
   * items at the same distance (to floating-point precision), the one geokdbush
   * returns first.
   *
   * @param point - query point, decimal degrees
   * @param maxMetres - search radius, metres (inclusive)
   * @param predicate - optional filter on the item
   */
  nearest(point: LatLng, maxMetres: number, predicate?: (item: T) => boolean): Neighbour<T> | null {
    const [found] = this.around(point, 1, maxMetres, predicate);
    return found === undefined ? null : { item: found.item, distanceMetres: found.distanceMetres };
  }

  /**
   * Calls `visit` for every item within `radiusMetres` of `point`, in no
   * particular order: a kdbush range query on the circle's bounding box
   * ({@link circleBox}), each candidate kept when `haversineMetres ≤ radius`
   * ({@link RadiusTest}, which settles most candidates without trigonometry).
   * Cheap for dense layers such as address points.
   *
   * @param point - query point, decimal degrees
   * @param radiusMetres - radius, metres (inclusive); nothing for a negative or NaN radius
   * @param visit - called with each item and its index in `items`
   */
  forEachWithin(point: LatLng, radiusMetres: number, visit: (item: T, index: number) => void): void {
    if (this.tree === null || !(radiusMetres >= 0)) return;
    const box = circleBox(point, radiusMetres);
    if (box === null) {
      // Around a pole or across the antimeridian no box holds the circle: geokdbush searches the sphere.
      for (const { item, id } of this.around(point, Number.POSITIVE_INFINITY, radiusMetres)) visit(item, id);
      return;
    }
    const test = new RadiusTest(point, radiusMetres);
    const { lats, lngs, cosLats } = this;
    for (const id of this.tree.range(box[0], box[1], box[2], box[3])) {
      if (test.contains(lats[id] ?? Number.NaN, lngs[id] ?? Number.NaN, cosLats[id] ?? 0)) visit(this.itemAt(id), id);
    }
  }

  /**
   * Calls `visit` for every item inside a box (edges included), in no
   * particular order: one kdbush range query. For shapes other than circles,
   * whose callers test each item against the shape.
   *
   * @param box - `[minLng, minLat, maxLng, maxLat]`, decimal degrees
   * @param visit - called with each item and its index in `items`
   */
  forEachInBox(box: RangeBox, visit: (item: T, index: number) => void): void {
    if (this.tree === null) return;
    for (const id of this.tree.range(box[0], box[1], box[2], box[3])) visit(this.itemAt(id), id);
  }

  /**
   * How many items lie within `radiusMetres` of `point` ({@link PointIndex.forEachWithin}).
   *
   * @param point - query point, decimal degrees
   * @param radiusMetres - radius, metres (inclusive)
   * @param predicate - optional filter on the item
   */
  countWithin(point: LatLng, radiusMetres: number, predicate?: (item: T) => boolean): number {
    let count = 0;
    this.forEachWithin(point, radiusMetres, (item) => {
      if (predicate === undefined || predicate(item)) count++;
    });
    return count;
  }

  /** Up to `maxResults` items within `radiusMetres`, in geokdbush's distance order, with their haversine distances and ids. */
  private around(point: LatLng, maxResults: number, radiusMetres: number, predicate?: (item: T) => boolean): Array<Neighbour<T> & { id: number }> {
    if (this.tree === null || !(radiusMetres >= 0)) return [];
    const filter = predicate === undefined ? undefined : (id: number) => predicate(this.itemAt(id));
    const found: Array<Neighbour<T> & { id: number }> = [];
    for (const id of around(this.tree, point.lng, point.lat, maxResults, radiusMetres / METRES_PER_KILOMETRE, filter)) {
      const item = this.itemAt(id);
      const distanceMetres = haversineMetres(point, item);
      if (distanceMetres <= radiusMetres) found.push({ item, distanceMetres, id });
    }
    return found;
  }

  private itemAt(id: number): T {
    const item = this.items[id];
    if (item === undefined) throw new RangeError(`spatial index id ${id} out of range`);
    return item;
  }
}
