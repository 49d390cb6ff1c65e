import type KDBush from 'kdbush';
import type { RangeBox } from './search-circle.js';

/** Work stack of {@link forEachInBox}: (left, right, axis) triples; deep enough for any kdbush tree. */
const STACK = new Uint32Array(3 * 64);

/**
 * Calls `visit` with the tree position of every point of a kdbush tree inside
 * a box (bounds inclusive), as `KDBush.range` finds them but without building
 * an array of ids. A position `p` is the point's slot in the tree's sorted
 * arrays: its coordinates are `coords[2p]` (x, longitude) and `coords[2p + 1]`
 * (y, latitude), and `ids[p]` is its insertion index.
 *
 * @param tree - a finished kdbush index (x = longitude, y = latitude)
 * @param box - `[minLng, minLat, maxLng, maxLat]`, decimal degrees
 * @param visit - called once per point inside the box, in tree order; it must not
 *   itself call `forEachInBox` (the work stack is shared)
 */
export function forEachInBox(tree: KDBush, box: RangeBox, visit: (position: number) => void): void {
  const { ids, coords, nodeSize } = tree;
  const [minX, minY, maxX, maxY] = box;
  STACK[0] = 0;
  STACK[1] = ids.length - 1;
  STACK[2] = 0;
  let sp = 3;
  while (sp > 0) {
    const axis = STACK[--sp] ?? 0;
    const right = STACK[--sp] ?? 0;
    const left = STACK[--sp] ?? 0;
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
    if (axis === 0 ? minX <= x : minY <= y) {
      STACK[sp++] = left;
      STACK[sp++] = m - 1;
      STACK[sp++] = 1 - axis;
    }
    if (axis === 0 ? maxX >= x : maxY >= y) {
      STACK[sp++] = m + 1;
      STACK[sp++] = right;
      STACK[sp++] = 1 - axis;
    }
  }
}
