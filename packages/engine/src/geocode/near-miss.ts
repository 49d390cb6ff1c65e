import { distance } from 'fastest-levenshtein';

/** Largest edit distance (Levenshtein) of a "did you mean" street name; one for names shorter than {@link LONG_NAME}. */
export const NEAR_MISS_EDITS = 2;
/** Names of at least this many letters may be two edits off; shorter ones one. */
export const LONG_NAME = 8;

/**
 * The keys within {@link NEAR_MISS_EDITS} edits of a query (one edit below {@link LONG_NAME} letters), nearest first
 * (then alphabetical): candidates for "did you mean" when no street fits.
 * Scans every key (fine on the error path: about 2 µs a key); keys whose
 * length differs by more than the limit are skipped without computing.
 *
 * @param query - a folded street core, e.g. `landstrase`
 * @param keys - the region's street cores
 * @param limit - how many to return
 * @returns up to `limit` keys with their distance
 */
export function nearMisses(query: string, keys: Iterable<string>, limit: number): Array<{ key: string; edits: number }> {
  const found: Array<{ key: string; edits: number }> = [];
  const most = query.length >= LONG_NAME ? NEAR_MISS_EDITS : 1;
  for (const key of keys) {
    if (key === query || Math.abs(key.length - query.length) > most) continue;
    const edits = distance(key, query);
    if (edits <= most) found.push({ key, edits });
  }
  found.sort((a, b) => a.edits - b.edits || (a.key < b.key ? -1 : 1));
  return found.slice(0, limit);
}
