/**
 * Column storage shared by the importer's id-sorted indexes
 * (`CoordinateIndex`, `WayNodes`): entries live in parallel
 * typed arrays ("columns") that grow by doubling, are sorted by id once
 * before the first lookup, and are found by binary search.
 */

/** A typed array holding one column of an id-sorted index. */
export type Column = Float64Array | Int32Array | Uint32Array;

/**
 * A copy of a column with room for `capacity` entries, its entries kept at
 * the start.
 *
 * @param column - the column
 * @param capacity - the new length, at least the column's
 */
export function grownColumn<C extends Column>(column: C, capacity: number): C {
  const grown = new (column.constructor as new (length: number) => C)(capacity);
  grown.set(column);
  return grown;
}

/**
 * The order that sorts the first `count` ids ascending: `order[i]` is the
 * position of the i-th smallest id (stable for equal ids).
 *
 * @param ids - the id column
 * @param count - entries in use
 */
export function sortOrder(ids: Float64Array, count: number): Uint32Array {
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  return order.sort((a, b) => (ids[a] ?? 0) - (ids[b] ?? 0));
}

/**
 * A column reordered by {@link sortOrder}, with the same capacity.
 *
 * @param column - the column
 * @param order - from {@link sortOrder}
 */
export function permuted<C extends Column>(column: C, order: Uint32Array): C {
  const sorted = new (column.constructor as new (length: number) => C)(column.length);
  for (let to = 0; to < order.length; to++) sorted[to] = column[order[to] ?? 0] ?? 0;
  return sorted;
}

/**
 * The position of `id` among the first `count` entries of an ascending id
 * column, by binary search.
 *
 * @param ids - the id column, sorted over its first `count` entries
 * @param count - entries in use
 * @param id - the id sought
 * @returns its position, or -1 when absent
 */
export function findSorted(ids: Float64Array, count: number, id: number): number {
  let lo = 0;
  let hi = count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const value = ids[mid] ?? 0;
    if (value === id) return mid;
    if (value < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
