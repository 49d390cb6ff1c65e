import { createHash } from 'node:crypto';

/**
 * SHA-256 (hex) of a row's fields, as normalised to the header's width.
 * Fields are JSON-encoded as an array so that `a,b` and `a|b` cannot collide.
 *
 * @param fields - the row's fields
 * @returns 64 hex characters
 */
export function rowContentHash(fields: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

/**
 * The automatic `Idempotency-Key` of a batch row: SHA-256 of the input's
 * identity (its absolute path, or `stdin`), the 1-based data row number, the
 * row's content hash and the category sent. Running the same file again (or
 * resuming it) sends the same key for the same row, so the server replays
 * the stored result and never counts the row against the quota twice
 * (docs/api.md, quota accounting); the same file scored for another
 * `--category` is another request with its own key (a shared key would be
 * refused as `idempotency_conflict`).
 *
 * @param source - absolute input path, or `stdin`
 * @param rowNumber - 1-based data row number (the header is row 0)
 * @param contentHash - {@link rowContentHash} of the row
 * @param category - the category sent for the row
 * @returns `lsb_` followed by 64 hex characters
 */
export function rowIdempotencyKey(source: string, rowNumber: number, contentHash: string, category: string): string {
  return `lsb_${createHash('sha256').update(`${source}\n${rowNumber}\n${contentHash}\n${category}`).digest('hex')}`;
}
