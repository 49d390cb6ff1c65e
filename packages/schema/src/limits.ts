/**
 * The contract's limits on the arrays of a result and of an address error
 * (docs/api.md, "arrays" and "address not found"). The schemas enforce them;
 * the engine and the server cut their lists to them.
 */

/** Most competitors a result lists, nearest first; `competitorCount` counts them all. */
export const MAX_LISTED_COMPETITORS = 10;
/** Fewest insights a result holds. */
export const MIN_INSIGHTS = 2;
/** Most insights a result holds. */
export const MAX_INSIGHTS = 6;
/** Most candidates an `address_ambiguous` error lists in `details.candidates`. */
export const MAX_ADDRESS_CANDIDATES = 5;
