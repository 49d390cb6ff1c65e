import { z } from 'zod';
import { wholeParam } from './query-params.js';
import { storable } from './storable-text.js';

/** Most items one page of a list holds. */
export const MAX_PAGE_SIZE = 100;
/** Items per page when `limit` is left out. */
export const DEFAULT_PAGE_SIZE = 50;

/**
 * The `cursor` and `limit` query parameters of a paged list, both optional:
 * `cursor` is the opaque `nextCursor` of the previous page (1–512
 * characters), `limit` a whole number 1–{@link MAX_PAGE_SIZE}.
 *
 * @param items - what the list holds, for the description of `limit` (`Units`)
 */
export function pageParams(items: string) {
  return {
    cursor: storable(z.string().min(1, 'cursor must not be empty').max(512, 'cursor is at most 512 characters'), 'cursor').optional(),
    limit: wholeParam('limit', 1, MAX_PAGE_SIZE).optional().describe(`${items} per page, 1–${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`),
  };
}

/**
 * One page of a list: `items` and `nextCursor`, an opaque string to pass as
 * `cursor` for the next page, null on the last page.
 *
 * @param item - the schema of one item
 */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), nextCursor: z.string().min(1).nullable() });
}
