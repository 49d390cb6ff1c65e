/**
 * Leave-out folds for a backtest: items (places of several categories) split
 * into groups that can be left out of a pack together, because within a
 * group no two items share a category and every two are at least a given
 * great-circle distance apart.
 */
import type { LatLng } from '../../packages/engine/src/region/types.js';

/** An item to leave out: a point and the stratum (category) it belongs to. */
export interface FoldItem extends LatLng {
  stratum: string;
}

/**
 * Greedy first fit, in the items' order: each item joins the first fold
 * holding no item of its stratum and none nearer than `minMetres`, else opens
 * a new fold. Deterministic for the same items in the same order.
 *
 * @param items - the items, in a stable order
 * @param minMetres - the least distance between two items of a fold, metres
 * @param distance - great-circle distance between two points, metres
 * @returns the folds, each a non-empty list of items; every item is in exactly one
 */
export function separatedFolds<T extends FoldItem>(items: readonly T[], minMetres: number, distance: (a: LatLng, b: LatLng) => number): T[][] {
  const folds: T[][] = [];
  for (const item of items) {
    const fold = folds.find((members) => members.every((other) => other.stratum !== item.stratum && distance(other, item) >= minMetres));
    if (fold === undefined) folds.push([item]);
    else fold.push(item);
  }
  return folds;
}
