/**
 * Whether two strings are within one edit of each other in the optimal
 * string alignment (restricted Damerau-Levenshtein) distance: one
 * insertion, deletion, substitution, or swap of two adjacent characters.
 *
 * @param a - first string
 * @param b - second string
 * @returns true when the distance is 0 or 1
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const lengthGap = a.length - b.length;
  if (lengthGap > 1 || lengthGap < -1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA <= 1 && restB <= 1) return true; // one insertion, deletion or substitution
  // an adjacent swap: `ab` ↔ `ba`
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}

/**
 * Finds the keys within one edit ({@link withinOneEdit}) of a query without
 * scanning every key: each key is stored under itself and under each of its
 * one-character deletions (the symmetric-delete method of SymSpell, W. Garbe
 * 2012), so a query looks up only its own deletions, then verifies each
 * candidate. Memory: about (key length + 1) entries per key.
 *
 * @typeParam T - the value stored with each key
 */
export class TypoIndex<T> {
  private readonly variants = new Map<string, Set<string>>();
  private readonly values = new Map<string, T[]>();

  /**
   * Stores a value under a key.
   *
   * @param key - a normalised name, e.g. `matte` (a folded street core)
   * @param value - what to return for it
   */
  add(key: string, value: T): void {
    const existing = this.values.get(key);
    if (existing !== undefined) {
      existing.push(value);
      return;
    }
    this.values.set(key, [value]);
    for (const variant of deletions(key)) {
      const keys = this.variants.get(variant);
      if (keys === undefined) this.variants.set(variant, new Set([key]));
      else keys.add(key);
    }
  }

  /**
   * Values of every stored key within one edit of the query, except the query itself.
   *
   * @param query - the key to look for
   * @returns matching keys with their values, in no particular order
   */
  near(query: string): Array<{ key: string; values: readonly T[] }> {
    const found = new Set<string>();
    for (const variant of deletions(query)) {
      for (const key of this.variants.get(variant) ?? []) {
        if (key !== query && withinOneEdit(key, query)) found.add(key);
      }
    }
    return [...found].map((key) => ({ key, values: this.values.get(key) ?? [] }));
  }
}

/** The key itself and each string made by deleting one of its characters. */
function deletions(key: string): Set<string> {
  const out = new Set<string>([key]);
  for (let index = 0; index < key.length; index += 1) out.add(key.slice(0, index) + key.slice(index + 1));
  return out;
}
