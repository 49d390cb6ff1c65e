/** One page of a cursor-paginated listing, as the API answers it. */
export interface CursorPage<T> {
  items: readonly T[];
  /** The cursor of the next page; null on the last. */
  nextCursor: string | null;
}

/**
 * Pages through a cursor-paginated listing from the first page to the last,
 * one request per page, yielding every item in the listing's order.
 *
 * @param fetchPage - reads the page after `cursor` (undefined: the first)
 */
export async function* eachPage<T>(fetchPage: (cursor: string | undefined) => Promise<CursorPage<T>>): AsyncGenerator<T, void, undefined> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}
