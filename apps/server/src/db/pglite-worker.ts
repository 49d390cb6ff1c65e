/**
 * The PGlite worker: runs PGlite (PostgreSQL in WASM) on a `node:worker_threads`
 * thread for `openPgliteDb` (`pglite-db.ts`), which starts it with the data
 * directory in `workerData` and sends it one {@link WorkerRequest} per call.
 *
 * It answers id 0 once `PGlite.create` has resolved (or with its error), then
 * each request with one {@link WorkerReply}. Requests run as they arrive and
 * PGlite orders them: a query on the database waits while a transaction is
 * open, as in one thread. A transaction (`begin`) stays open, its queries
 * tagged with its id, until `commit` or `rollback`.
 *
 * Not imported by anything: tsup emits it as its own entry, `dist/pglite-worker.js`.
 *
 * @module
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { SerializedError, WorkerData, WorkerReply, WorkerRequest } from './pglite-worker-protocol.js';

/** An open transaction: its handle, and how to end it. */
interface OpenTransaction {
  tx: Transaction;
  /** Resolves PGlite's transaction callback: PGlite then runs COMMIT. */
  commit(): void;
  /** Rejects it with {@link ROLLBACK}: PGlite then runs ROLLBACK. */
  rollback(): void;
  /** Settles once COMMIT or ROLLBACK ran (rejects with COMMIT's error, or with {@link ROLLBACK}). */
  ended: Promise<void>;
}

/** The reason a transaction is rolled back on request (not an error to report). */
const ROLLBACK = Symbol('rollback');

/**
 * Copies an error into plain data. Besides `Error`s, PGlite can throw other
 * objects (Emscripten's `ErrnoError { name, errno }` when the data directory
 * is not a directory, say): their primitive fields are kept too, and the
 * message is made of them when they have none.
 */
function serializeError(error: unknown): SerializedError {
  if (typeof error !== 'object' || error === null) return { message: String(error), name: 'Error', fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
      fields[key] = value;
    }
  }
  const { message, name } = error as { message?: unknown; name?: unknown };
  const nameText = typeof name === 'string' ? name : 'Error';
  if (typeof message === 'string') return { message, name: nameText, fields };
  const described = Object.entries(fields)
    .filter(([key]) => key !== 'name')
    .map(([key, value]) => `${key} ${String(value)}`);
  return { message: described.length > 0 ? `${nameText} (${described.join(', ')})` : nameText, name: nameText, fields };
}

function start(port: NonNullable<typeof parentPort>, pglite: PGlite): void {
  const transactions = new Map<number, OpenTransaction>();

  function handleOf(tx: number | undefined): PGlite | Transaction {
    if (tx === undefined) return pglite;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  }

  function begin(id: number): Promise<void> {
    return new Promise((opened, failed) => {
      const ended = pglite.transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            // BEGIN ran. This callback runs after an await, so `ended` is set.
            transactions.set(id, { tx, commit: () => commit(), rollback: () => rollback(ROLLBACK), ended });
            opened();
          }),
      );
      // A rejection before the callback ran (BEGIN failed, PGlite closed) fails
      // `begin`; a later one is awaited by `commit` or `rollback`.
      ended.catch(failed);
    });
  }

  async function end(tx: number, commit: boolean): Promise<void> {
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    transactions.delete(tx);
    if (commit) {
      open.commit();
      await open.ended;
      return;
    }
    open.rollback();
    await open.ended.catch((reason: unknown) => {
      if (reason !== ROLLBACK) throw reason;
    });
  }

  async function run(request: WorkerRequest): Promise<unknown> {
    switch (request.op) {
      case 'query':
        return (await handleOf(request.tx).query(request.sql, [...request.params])).rows;
      case 'exec':
        return (await handleOf(request.tx).exec(request.sql)).map((result) => result.rows);
      case 'begin':
        return begin(request.id);
      case 'commit':
      case 'rollback':
        return end(request.tx, request.op === 'commit');
      case 'close':
        if (!pglite.closed) await pglite.close();
        return undefined;
    }
  }

  function reply(message: WorkerReply): void {
    try {
      port.postMessage(message);
    } catch (error) {
      // A value structured clone cannot copy (a function in a row, say).
      port.postMessage({ id: message.id, ok: false, error: serializeError(error) } satisfies WorkerReply);
    }
  }

  port.on('message', (request: WorkerRequest) => {
    run(request).then(
      (value) => reply({ id: request.id, ok: true, value }),
      (error: unknown) => reply({ id: request.id, ok: false, error: serializeError(error) }),
    );
  });
}

const port = parentPort;
if (!port) throw new Error('pglite-worker must run as a worker thread (started by openPgliteDb)');
const { dataDir } = workerData as WorkerData;
try {
  const pglite = await PGlite.create(dataDir);
  start(port, pglite);
  port.postMessage({ id: 0, ok: true } satisfies WorkerReply);
} catch (error) {
  port.postMessage({ id: 0, ok: false, error: serializeError(error) } satisfies WorkerReply);
}
