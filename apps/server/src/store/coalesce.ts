import DataLoader from 'dataloader';

/**
 * Most calls merged into one batched statement (bounds the statement's size
 * and the time one batch holds PGlite's single connection).
 */
export const MAX_COALESCED = 128;

/**
 * Group commit for one store operation: calls made while the event loop
 * handles one round of I/O are merged into a single call of `runBatch`, so a
 * burst of N requests costs one database round trip instead of N.
 *
 * Built on DataLoader (the batching library of GraphQL servers) with its
 * cache off and its batch dispatched by `setImmediate`, i.e. after every
 * socket read of the current poll phase has reached the store: that is what
 * makes requests arriving on separate connections share one batch (the
 * default `process.nextTick` dispatch would give each connection its own).
 * At low load a batch holds one call and the only cost is that loop turn.
 *
 * @param runBatch - does the work for `items` in one statement and answers one
 *   output per item, in the same order; an `Error` in the array fails only its
 *   own call, a rejection fails every call of the batch
 * @returns a function with the single-call signature
 */
export function coalesce<In, Out>(runBatch: (items: readonly In[]) => Promise<ReadonlyArray<Out | Error>>): (item: In) => Promise<Out> {
  const loader = new DataLoader<In, Out>(runBatch, {
    cache: false,
    maxBatchSize: MAX_COALESCED,
    batchScheduleFn: (dispatch) => setImmediate(dispatch),
  });
  return (item) => loader.load(item);
}
