import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/**
 * A deterministic simple random sample of `size` items (without
 * replacement), or a copy of every item when there are no more than `size`.
 * The same items, size and seed always give the same sample in the same
 * order: a partial Fisher–Yates shuffle driven by the xoroshiro128+
 * generator of `pure-rand` seeded with `seed`.
 *
 * @param items - the population, in a stable order (e.g. a pack's address points)
 * @param size - how many to keep, a whole number ≥ 0
 * @param seed - 32-bit integer seed of the generator
 * @returns `min(size, items.length)` distinct items of `items`
 * @throws RangeError when `size` is not a whole number ≥ 0 or `seed` not an integer
 */
export function seededSample<T>(items: readonly T[], size: number, seed: number): T[] {
  if (!Number.isInteger(size) || size < 0) throw new RangeError(`size must be a whole number >= 0, got ${String(size)}`);
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${String(seed)}`);
  const pool = [...items];
  if (pool.length <= size) return pool;
  const rng = xoroshiro128plus(seed);
  for (let i = 0; i < size; i++) {
    const j = uniformInt(rng, i, pool.length - 1);
    const picked = pool[j] as T;
    pool[j] = pool[i] as T;
    pool[i] = picked;
  }
  return pool.slice(0, size);
}
