import type KDBush from 'kdbush';
import type { RangeBox } from './search-circle.js';

/** A rule that lets {@link forEachInBox} take a whole subtree at once instead of point by point. */
export interface WholeNodes {
  /** Whether every point inside this box (decimal degrees, bounds inclusive) is wanted. */
  covers(minLng: number, minLat: number, maxLng: number, maxLat: number): boolean;
  /** Takes the points at tree positions `first..last` (inclusive), all wanted. */
  take(first: number, last: number): void;
}

/** Work stacks of {@link forEachInBox}: (left, right, axis) and each node's bounds; deep enough for any kdbush tree. */
const STACK = new Uint32Array(3 * 64);
const BOUNDS = new Float64Array(4 * 64);

/**
 * Calls `visit` with the tree position of every point of a kdbush tree inside
 * a box (bounds inclusive), as `KDBush.range` finds them but without building
 * an array of ids. A position `p` is the point's slot in the tree's sorted
 * arrays: its coordinates are `coords[2p]` (x, longitude) and `coords[2p + 1]`
 * (y, latitude), and `ids[p]` is its insertion index.
 *
 * With `whole`, a subtree whose bounds (from the tree's split lines, within
 * `extent`) lie inside the box and are `covers`ed is handed to `whole.take`
 * as one range of positions, and `visit` is not called for its points.
 *
 * @param tree - a finished kdbush index (x = longitude, y = latitude)
 * @param box - `[minLng, minLat, maxLng, maxLat]`, decimal degrees
 * @param visit - called once per point inside the box (and not taken whole), in tree order;
 *   it must not itself call `forEachInBox` (the work stacks are shared)
 * @param whole - optional rule for whole subtrees
 * @param extent - a box holding every point of the tree (needed with `whole`)
 */
export function forEachInBox(tree: KDBush, box: RangeBox, visit: (position: number) => void, whole?: WholeNodes, extent?: RangeBox): void {
  const { ids, coords, nodeSize } = tree;
  const [minX, minY, maxX, maxY] = box;
  const [rootMinX, rootMinY, rootMaxX, rootMaxY] = extent ?? [-Infinity, -Infinity, Infinity, Infinity];
  STACK[0] = 0;
  STACK[1] = ids.length - 1;
  STACK[2] = 0;
  BOUNDS[0] = rootMinX;
  BOUNDS[1] = rootMinY;
  BOUNDS[2] = rootMaxX;
  BOUNDS[3] = rootMaxY;
  let sp = 3;
  let bp = 4;
  while (sp > 0) {
    const axis = STACK[--sp] ?? 0;
    const right = STACK[--sp] ?? 0;
    const left = STACK[--sp] ?? 0;
    const nodeMaxY = BOUNDS[--bp] ?? Infinity;
    const nodeMaxX = BOUNDS[--bp] ?? Infinity;
    const nodeMinY = BOUNDS[--bp] ?? -Infinity;
    const nodeMinX = BOUNDS[--bp] ?? -Infinity;
    if (
      whole !== undefined &&
      nodeMinX >= minX &&
      nodeMaxX <= maxX &&
      nodeMinY >= minY &&
      nodeMaxY <= maxY &&
      whole.covers(nodeMinX, nodeMinY, nodeMaxX, nodeMaxY)
    ) {
      whole.take(left, right);
      continue;
    }
    if (right - left <= nodeSize) {
      for (let i = left; i <= right; i++) {
        const x = coords[2 * i] ?? Number.NaN;
        const y = coords[2 * i + 1] ?? Number.NaN;
        if (x >= minX && x <= maxX && y >= minY && y <= maxY) visit(i);
      }
      continue;
    }
    const m = (left + right) >> 1;
    const x = coords[2 * m] ?? Number.NaN;
    const y = coords[2 * m + 1] ?? Number.NaN;
    if (x >= minX && x <= maxX && y >= minY && y <= maxY) visit(m);
    // kdbush puts coordinates ≤ the middle's before it and ≥ it after it, on the node's axis.
    if (axis === 0 ? minX <= x : minY <= y) {
      STACK[sp++] = left;
      STACK[sp++] = m - 1;
      STACK[sp++] = 1 - axis;
      BOUNDS[bp++] = nodeMinX;
      BOUNDS[bp++] = nodeMinY;
      BOUNDS[bp++] = axis === 0 ? x : nodeMaxX;
      BOUNDS[bp++] = axis === 0 ? nodeMaxY : y;
    }
    if (axis === 0 ? maxX >= x : maxY >= y) {
      STACK[sp++] = m + 1;
      STACK[sp++] = right;
      STACK[sp++] = 1 - axis;
      BOUNDS[bp++] = axis === 0 ? x : nodeMinX;
      BOUNDS[bp++] = axis === 0 ? nodeMinY : y;
      BOUNDS[bp++] = nodeMaxX;
      BOUNDS[bp++] = nodeMaxY;
    }
  }
}
