/**
 * One page of a keyset-paginated listing from the rows of a query that asked
 * for `limit + 1` rows: the first `limit` mapped to items, and the cursor of
 * the last of them when the extra row shows that more follow.
 *
 * @param rows - the query's rows, at most `limit + 1`
 * @param limit - the page size
 * @param itemOf - a row as the listing's item
 * @param cursorOf - the cursor after a row
 * @returns `{ items, nextCursor }`, `nextCursor` null on the last page
 */
export function keysetPage<Row, Item>(
  rows: readonly Row[],
  limit: number,
  itemOf: (row: Row) => Item,
  cursorOf: (row: Row) => string,
): { items: Item[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(itemOf), nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
