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
 * cache off. A batch is dispatched by `setImmediate`, i.e. after every socket
 * read of the current poll phase has reached the store (the default
 * `process.nextTick` dispatch would give each connection its own batch), and
 * never while the previous batch of the same operation is still in the
 * database: calls arriving meanwhile wait for it and go together in the next
 * one, so batches grow with the load and round trips do not (group commit).
 * At low load a batch holds one call and the only cost is that loop turn.
 *
 * @param runBatch - does the work for `items` in one statement and answers one
 *   output per item, in the same order; an `Error` in the array fails only its
 *   own call, a rejection fails every call of the batch
 * @returns a function with the single-call signature
 */
export function coalesce<In, Out>(runBatch: (items: readonly In[]) => Promise<ReadonlyArray<Out | Error>>): (item: In) => Promise<Out> {
  let inFlight: Promise<unknown> | null = null;
  const run = (items: readonly In[]): Promise<ReadonlyArray<Out | Error>> => {
    const batch = runBatch(items);
    const settled = batch.then(
      () => undefined,
      () => undefined,
    );
    inFlight = settled;
    void settled.then(() => {
      if (inFlight === settled) inFlight = null;
    });
    return batch;
  };
  const loader = new DataLoader<In, Out>(run, {
    cache: false,
    maxBatchSize: MAX_COALESCED,
    batchScheduleFn: (dispatch) => {
      if (inFlight === null) setImmediate(dispatch);
      else void inFlight.then(() => setImmediate(dispatch));
    },
  });
  return (item) => loader.load(item);
}

/** Options of the repositories whose writes can be group-committed. */
export interface CoalesceOptions {
  /**
   * Merge concurrent calls into one statement ({@link coalesce}); only for a
   * database handle shared by requests, never for a transaction.
   */
  coalesce?: boolean;
}

/**
 * The single-call form of a batch operation: {@link coalesce}d when
 * `options.coalesce` is set, otherwise each call runs as a batch of one.
 *
 * @param runBatch - as for {@link coalesce}; an `Error` in its answer rejects that call
 * @param options - see {@link CoalesceOptions}
 */
export function singleCall<In, Out>(
  runBatch: (items: readonly In[]) => Promise<ReadonlyArray<Out | Error>>,
  options: CoalesceOptions,
): (item: In) => Promise<Out> {
  if (options.coalesce) return coalesce(runBatch);
  return async (item) => {
    const [outcome] = await runBatch([item]);
    if (outcome instanceof Error) throw outcome;
    return outcome as Out;
  };
}
