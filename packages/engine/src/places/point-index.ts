import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { haversineMetres } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';
import { BoxPlace, CapBounds } from './cap-bounds.js';
import { circleBox, type RangeBox } from './circle-box.js';
import { cosineOfLatitude, RadiusTest } from './radius-test.js';

/** One item found near a query point, with its great-circle distance. */
export interface Neighbour<T> {
  item: T;
  /** Great-circle (haversine) distance from the query point, metres (not rounded). */
  distanceMetres: number;
}

/** Numbers per frame of {@link PointIndex.forEachRunWithin}'s stack: left, right, axis, minLng, minLat, maxLng, maxLat. */
const FRAME = 7;
/** Frames of that stack: a kdbush tree of 2³² points is 32 levels deep, and the walk holds at most one frame per level and one more. */
const FRAMES = 64;

/**
 * Visitors of {@link PointIndex.forEachRunWithin}: `run` takes a run of
 * positions `from..to` (inclusive) of {@link PointIndex.order} whose items all
 * lie within the radius; `item` takes one item's index that does.
 */
export interface RunVisitor {
  run(from: number, to: number): void;
  item(index: number): void;
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

/** The box `[minLng, minLat, maxLng, maxLat]` of the points (all Infinity-signed for none). */
function boundsOf(lngs: Float64Array, lats: Float64Array): RangeBox {
  let [minLng, minLat, maxLng, maxLat] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  lngs.forEach((lng, index) => {
    const lat = lats[index] ?? 0;
    minLng = Math.min(minLng, lng);
    maxLng = Math.max(maxLng, lng);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  });
  return [minLng, minLat, maxLng, maxLat];
}

/**
 * Replaces the frame at `top` of {@link PointIndex.forEachRunWithin}'s stack
 * by its two halves at kdbush's split: the median item at position `middle`,
 * the lower half at or below its coordinate `split` on the frame's axis, the
 * upper half at or above; each half's cell cut at `split`, its axis the other.
 *
 * @returns the stack's new top (one frame higher)
 */
function splitFrame(stack: Float64Array, top: number, middle: number, split: number): number {
  const right = stack[top + 1] ?? 0;
  const axis = stack[top + 2] ?? 0;
  stack.copyWithin(top + FRAME, top, top + FRAME);
  // Lower half: positions left..middle − 1, its cell's maximum on the axis is the split.
  stack[top + 1] = middle - 1;
  stack[top + 2] = 1 - axis;
  stack[top + 5 + axis] = split;
  // Upper half: positions middle + 1..right, its cell's minimum on the axis is the split.
  const upper = top + FRAME;
  stack[upper] = middle + 1;
  stack[upper + 1] = right;
  stack[upper + 2] = 1 - axis;
  stack[upper + 3 + axis] = split;
  return upper + FRAME;
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
  /** The items' bounding box, `[minLng, minLat, maxLng, maxLat]`: the kd-tree's root cell. */
  private readonly bounds: RangeBox;
  /** {@link PointIndex.forEachRunWithin}'s scratch stack ({@link FRAME} numbers per frame). */
  private readonly stack = new Float64Array(FRAME * FRAMES);

  /**
   * @param items - the points; their order is the tie-break of equal distances in {@link PointIndex.within}
   * @throws TypeError when an item has a non-finite `lat` or `lng` (names the item's index)
   */
  constructor(readonly items: readonly T[]) {
    assertFinitePoints(items);
    this.lats = Float64Array.from(items, (item) => item.lat);
    this.lngs = Float64Array.from(items, (item) => item.lng);
    this.cosLats = this.lats.map(cosineOfLatitude);
    this.bounds = boundsOf(this.lngs, this.lats);
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
      if (test.containsAt(lats, lngs, cosLats, id)) visit(this.itemAt(id), id);
    }
  }

  /**
   * The positions of {@link PointIndex.forEachRunWithin}'s runs: kdbush's
   * order of the items (`order[position]` is an item's index in `items`),
   * which keeps every subtree of the kd-tree in one run of positions. A
   * caller keeps sums over this order (prefix sums) to add a run at once.
   */
  get order(): ArrayLike<number> {
    return this.tree?.ids ?? [];
  }

  /**
   * The items within `radiusMetres` of `point`, as {@link PointIndex.forEachWithin}
   * finds them (`haversineMetres ≤ radius`, by {@link RadiusTest}), but a
   * whole subtree of the kd-tree at once where its cell lies wholly inside
   * the circle ({@link CapBounds}): `visitor.run` for each such run of
   * {@link PointIndex.order}, `visitor.item` for each other item within.
   * Every item within is visited exactly once, in no particular order;
   * subtrees wholly outside are skipped. Sums over a circle then cost the
   * subtrees along its edge instead of every point inside.
   *
   * @param point - query point, decimal degrees
   * @param radiusMetres - radius, metres (inclusive); nothing for a negative or NaN radius
   * @param visitor - takes the runs and the single items; it must not search this index again (the walk keeps its stack on the index)
   */
  forEachRunWithin(point: LatLng, radiusMetres: number, visitor: RunVisitor): void {
    if (this.tree === null || !(radiusMetres >= 0)) return;
    if (circleBox(point, radiusMetres) === null) {
      // Around a pole or across the antimeridian the kd-tree's cells are no bounds: one item at a time.
      this.forEachWithin(point, radiusMetres, (_item, id) => visitor.item(id));
      return;
    }
    const test = new RadiusTest(point, radiusMetres);
    const cap = new CapBounds(point, radiusMetres);
    const { ids, coords, nodeSize } = this.tree;
    const { lats, lngs, cosLats, stack, bounds } = this;
    // A frame: the subtree's positions `left..right`, its split axis (0 longitude, 1 latitude) and its cell.
    stack.set([0, ids.length - 1, 0, bounds[0], bounds[1], bounds[2], bounds[3]]);
    let top = FRAME;
    while (top > 0) {
      top -= FRAME;
      const left = stack[top] ?? 0;
      const right = stack[top + 1] ?? -1;
      const axis = stack[top + 2] ?? 0;
      const place = left > right ? BoxPlace.outside : cap.classify(stack, top + 3);
      if (place === BoxPlace.outside) continue;
      if (place === BoxPlace.inside) {
        visitor.run(left, right);
        continue;
      }
      const middle = right - left <= nodeSize ? -1 : (left + right) >> 1;
      // A leaf (no middle) is tested item by item; else the median item alone, and its halves go on the stack.
      for (let position = middle < 0 ? left : middle; position <= (middle < 0 ? right : middle); position++) {
        const id = ids[position] ?? 0;
        if (test.containsAt(lats, lngs, cosLats, id)) visitor.item(id);
      }
      if (middle >= 0) top = splitFrame(stack, top, middle, coords[2 * middle + axis] ?? 0);
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
