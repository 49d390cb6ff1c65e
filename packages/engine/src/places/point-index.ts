import KDBush from 'kdbush';
import { around } from 'geokdbush';
import { EARTH_RADIUS_METRES, haversineMetres } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';
import { FLAT_RELATIVE_ERROR, SearchCircle, cosineOfLatitude, countingBox } from './search-circle.js';

/** One item found near a query point, with its great-circle distance. */
export interface Neighbour<T> {
  item: T;
  /** Great-circle (haversine) distance from the query point, metres (not rounded). */
  distanceMetres: number;
}

/** Layers up to this many points are scanned whole: cheaper than walking a tree. */
const SCAN_ALL_SIZE = 32;

/** First radius (metres) {@link PointIndex.nearest} tries; it doubles up to the caller's limit. */
const FIRST_NEAREST_METRES = 100;

/**
 * geokdbush's `around` (which {@link PointIndex.nearest} used to ask for its 4
 * nearest candidates) ranks points by its own haversine on a 6,371 km sphere;
 * a point it could rank before the true nearest is within this relative and
 * absolute slack of it (floating-point error only, about 1e-15).
 */
const TIE_RELATIVE = 1e-9;
const TIE_METRES = 1e-6;

/** How many candidates the geokdbush search took: the true nearest is among them unless more than this many points tie with it. */
const AROUND_CANDIDATES = 4;

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
 * A static spatial index over points (a kdbush tree). Built once per region
 * layer; every query visits only the tree nodes near the point, never the
 * whole layer (layers of at most 32 points are scanned whole).
 *
 * Distances are haversine metres ({@link haversineMetres}, sphere of radius
 * 6,371,008.8 m). Membership in a radius is decided as `haversineMetres ≤
 * radius` ({@link SearchCircle.contains}); nearest-neighbour answers are those
 * of a geokdbush search for 4 candidates settled by haversine distance, then
 * by input order (see {@link PointIndex.nearest}).
 */
export class PointIndex<T extends LatLng> {
  private readonly tree: KDBush | null;
  /** `cos(lat)` of each item, for {@link SearchCircle.contains}. */
  private readonly cosLats: Float64Array;
  /** Every id, for layers scanned whole. */
  private readonly allIds: readonly number[];

  /**
   * @param items - the points; their order is kept as the tie-break for equal distances
   * @throws TypeError when an item has a non-finite `lat` or `lng` (names the item's index)
   */
  constructor(readonly items: readonly T[]) {
    assertFinitePoints(items);
    this.cosLats = new Float64Array(items.length);
    this.allIds = items.length <= SCAN_ALL_SIZE ? Array.from(items.keys()) : [];
    if (items.length === 0) {
      this.tree = null;
      return;
    }
    const tree = new KDBush(items.length);
    items.forEach((item, index) => {
      tree.add(item.lng, item.lat);
      this.cosLats[index] = cosineOfLatitude(item.lat);
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
    const circle = new SearchCircle(point, radiusMetres);
    const ids = this.candidates(circle);
    if (ids === null) return this.withinAround(point, radiusMetres, predicate);
    const found: Array<Neighbour<T> & { id: number }> = [];
    for (const id of ids) {
      const item = this.itemAt(id);
      if (!circle.contains(item.lat, item.lng, this.cosLats[id] ?? 0)) continue;
      if (predicate !== undefined && !predicate(item)) continue;
      found.push({ item, distanceMetres: haversineMetres(point, item), id });
    }
    found.sort((a, b) => a.distanceMetres - b.distanceMetres || a.id - b.id);
    return found.map(({ item, distanceMetres }) => ({ item, distanceMetres }));
  }

  /**
   * The nearest item within `maxMetres` (that passes `predicate`), or null;
   * of several at the same distance, the first in input order.
   *
   * Searches a circle of 100 m, then (while none is found) one reaching the
   * nearest point seen in the last box, or twice as wide, up to `maxMetres`, computing the
   * haversine only for the points whose flat distance ({@link SearchCircle.flatAngleSquared})
   * is within its error of the nearest one's. The answer is
   * the one the earlier geokdbush search (4 candidates, settled by haversine)
   * gave: when more than 4 points tie at the nearest distance (to 1e-9), that
   * search is run instead, since which of them it returns depends on its queue.
   *
   * @param point - query point, decimal degrees
   * @param maxMetres - search radius, metres
   * @param predicate - optional filter on the item
   */
  nearest(point: LatLng, maxMetres: number, predicate?: (item: T) => boolean): Neighbour<T> | null {
    if (this.tree === null || !(maxMetres >= 0)) return null;
    let radius = this.items.length <= SCAN_ALL_SIZE ? maxMetres : Math.min(maxMetres, FIRST_NEAREST_METRES);
    for (;;) {
      // Wide enough to hold every point that could tie with one at `radius`.
      const circle = new SearchCircle(point, radius * (1 + 2 * TIE_RELATIVE) + 2 * TIE_METRES);
      const ids = this.candidates(circle);
      if (ids === null) return this.nearestAround(point, maxMetres, predicate);
      // Flat distances first: the haversine is needed only for points about as near as the nearest one.
      const near: Array<{ id: number; flat: number }> = [];
      let nearestFlat = Number.POSITIVE_INFINITY;
      for (const id of ids) {
        const item = this.itemAt(id);
        if (predicate !== undefined && !predicate(item)) continue;
        const flat = circle.flatAngleSquared(item.lat, item.lng, this.cosLats[id] ?? 0);
        if (flat < nearestFlat) nearestFlat = flat;
        near.push({ id, flat });
      }
      // A point beyond this (flat) is farther than the nearest by more than the flat error and the tie slack.
      const beyond = (Math.sqrt(nearestFlat) * (1 + 25 * FLAT_RELATIVE_ERROR) + 1e-12) ** 2;
      const distances: number[] = [];
      let best: (Neighbour<T> & { id: number }) | null = null;
      for (const { id, flat } of near) {
        if (flat > beyond) continue;
        const item = this.itemAt(id);
        const distanceMetres = haversineMetres(point, item);
        distances.push(distanceMetres);
        if (distanceMetres > radius) continue;
        if (best === null || distanceMetres < best.distanceMetres || (distanceMetres === best.distanceMetres && id < best.id)) {
          best = { item, distanceMetres, id };
        }
      }
      if (best !== null) {
        const tieLimit = best.distanceMetres * (1 + TIE_RELATIVE) + TIE_METRES;
        const ties = distances.reduce((count, distance) => (distance <= tieLimit ? count + 1 : count), 0);
        if (ties > AROUND_CANDIDATES) return this.nearestAround(point, maxMetres, predicate);
        return { item: best.item, distanceMetres: best.distanceMetres };
      }
      if (radius >= maxMetres) return null;
      // None within `radius`: the next circle reaches the nearest point seen in the box (flat, plus its error), else twice as far.
      const seen = Math.sqrt(nearestFlat) * EARTH_RADIUS_METRES * (1 + 5 * FLAT_RELATIVE_ERROR) + 1e-3;
      radius = Math.min(maxMetres, Number.isFinite(seen) ? Math.max(seen, radius * 1.01) : radius * 2);
    }
  }

  /**
   * How many items lie within `radiusMetres` of `point`: those in
   * {@link countingBox} whose haversine distance is at most the radius,
   * without sorting, so it stays cheap for dense layers such as address points.
   *
   * @param point - query point, decimal degrees
   * @param radiusMetres - radius, metres (inclusive)
   * @param predicate - optional filter on the item
   */
  countWithin(point: LatLng, radiusMetres: number, predicate?: (item: T) => boolean): number {
    if (this.tree === null || !(radiusMetres >= 0)) return 0;
    const circle = new SearchCircle(point, radiusMetres);
    const [minLng, minLat, maxLng, maxLat] = countingBox(point, radiusMetres);
    let count = 0;
    for (const id of this.tree.range(minLng, minLat, maxLng, maxLat)) {
      const item = this.itemAt(id);
      if (circle.contains(item.lat, item.lng, this.cosLats[id] ?? 0) && (predicate === undefined || predicate(item))) count++;
    }
    return count;
  }

  /** Ids that may lie in the circle: all of a small layer, else a range query on its box; null when the box crosses the antimeridian. */
  private candidates(circle: SearchCircle): readonly number[] | null {
    if (this.tree === null) return [];
    if (this.items.length <= SCAN_ALL_SIZE) return this.allIds;
    const box = circle.box;
    return box === null ? null : this.tree.range(box[0], box[1], box[2], box[3]);
  }

  /** {@link PointIndex.within} through geokdbush (any box, including across the antimeridian). */
  private withinAround(point: LatLng, radiusMetres: number, predicate?: (item: T) => boolean): Array<Neighbour<T>> {
    if (this.tree === null) return [];
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

  /** {@link PointIndex.nearest} through geokdbush: its 4 nearest candidates, settled by haversine distance, then input order. */
  private nearestAround(point: LatLng, maxMetres: number, predicate?: (item: T) => boolean): Neighbour<T> | null {
    if (this.tree === null) return null;
    // Take a few candidates: geokdbush's sphere differs from ours by ~0.0001 %, so equal-distance ties are settled here.
    const ids = around(this.tree, point.lng, point.lat, AROUND_CANDIDATES, (maxMetres * 1.001) / 1000, predicate === undefined ? undefined : (id) => predicate(this.itemAt(id)));
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

  private itemAt(id: number): T {
    const item = this.items[id];
    if (item === undefined) throw new RangeError(`spatial index id ${id} out of range`);
    return item;
  }
}
