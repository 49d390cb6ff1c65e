/**
 * Messages between `openPgliteDb` (main thread, `pglite-db.ts`) and the PGlite worker
 * (`pglite-worker.ts`). Types only: both sides import them with
 * `import type`, so the worker's bundle holds no code of the main side.
 *
 * Every request carries an `id`, unique per database; the worker answers each
 * with exactly one {@link WorkerReply} of the same `id`. Values travel by
 * structured clone (rows as PGlite returns them: `Date`, parsed `jsonb`,
 * numbers, `bigint`, `Uint8Array`, arrays), never through JSON.
 *
 * @module
 */

/** Data the worker starts with (`workerData`). */
export interface WorkerData {
  /** PGlite data directory, created when absent. */
  dataDir: string;
}

/**
 * One call, main thread → worker.
 *
 * - `query` / `exec`: on the database, or, with `tx`, inside that open transaction.
 * - `begin`: opens a transaction whose id is this request's `id`; answered once
 *   `BEGIN` ran (after any transaction already open has ended).
 * - `commit` / `rollback`: ends transaction `tx`; answered once `COMMIT` or
 *   `ROLLBACK` ran.
 * - `close`: closes PGlite (after the queries already queued), flushing it to disk.
 */
export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: readonly unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'close' };

/**
 * An error thrown in the worker, as plain data: `message`, `name`, and every
 * own field of primitive value (`code`, `detail`, `constraint`, `severity`,
 * `schema`, `table`, `column`, `query`, …). Object fields (such as PGlite's
 * `params`) are left out.
 */
export interface SerializedError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean | bigint>;
}

/**
 * One answer, worker → main thread. `value` is the rows of a `query`, the rows
 * of every statement of an `exec`, or undefined. Id 0 answers the start-up
 * (`PGlite.create`).
 */
export type WorkerReply = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: SerializedError };
