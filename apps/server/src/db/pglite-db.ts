/**
 * PGlite (PostgreSQL in WASM) behind the {@link ClosableDb} interface, run on
 * a `node:worker_threads` worker (`pglite-worker.ts`).
 *
 * Why a worker: PGlite does all its work in the calling thread, in JS and
 * WASM, where it would compete with HTTP handling for the main thread. On the
 * worker that CPU is spent on the other core; the main thread posts one
 * message per call and receives the rows by structured clone (no JSON). The
 * price is the latency of a call made alone: two thread hand-offs. The
 * figures are in `bench/results/` (`bench/http-throughput.ts`).
 *
 * @module
 */
import { Worker } from 'node:worker_threads';
import type { ClosableDb, Db, QueryResult } from './db.js';
import { createPgliteDataDir, isNewDataDir } from './pglite-init.js';
import type { SerializedError, WorkerData, WorkerReply, WorkerRequest } from './pglite-worker-protocol.js';

/** The message of the error calls reject with once the database is closed (as PGlite's own). */
const CLOSED = 'PGlite is closed';

/** Flags of this process that a worker loading TypeScript sources also needs: how modules resolve and load. */
const MODULE_FLAGS_WITH_VALUE = new Set(['--conditions', '-C', '--import', '--require', '-r', '--loader', '--experimental-loader']);
const MODULE_SWITCHES = new Set(['--experimental-import-meta-resolve', '--enable-source-maps', '--no-warnings']);
/** A module flag's value that is tsx (`tsx`, `tsx/esm`, `…/node_modules/tsx/dist/loader.mjs`). */
const TSX = /(^|[\\/])tsx([\\/]|$)/;

/**
 * The `execArgv` of a worker that runs TypeScript sources: this process's
 * module flags (`--conditions`, `--import`, `--require`, …). A worker rejects
 * V8 and process-wide flags, so the others are left out, and so is tsx, which
 * the worker registers itself (see {@link startWorker}).
 */
function sourceExecArgv(parent: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < parent.length; i += 1) {
    const flag = parent[i] ?? '';
    const equals = flag.indexOf('=');
    const name = equals === -1 ? flag : flag.slice(0, equals);
    if (MODULE_SWITCHES.has(flag)) kept.push(flag);
    if (!MODULE_FLAGS_WITH_VALUE.has(name)) continue;
    const value = equals === -1 ? parent[i + 1] : flag.slice(equals + 1);
    if (value === undefined) continue;
    if (equals === -1) i += 1;
    if (!TSX.test(value)) kept.push(`${name}=${value}`);
  }
  return kept;
}

/**
 * Starts the worker. Built, this module is a chunk of `dist/` beside
 * `dist/pglite-worker.js`, which the worker runs. From sources (vitest, or
 * `node --import tsx`) it is `pglite-db.ts` beside `pglite-worker.ts`; there
 * the worker first registers tsx through its API (`tsx/esm/api`), since on
 * Node 20 `--import tsx` registers its hooks on the main thread only, and
 * vitest transforms TypeScript without tsx at all.
 *
 * @throws Error from sources, when tsx cannot be found from here
 */
function startWorker(dataDir: string): Worker {
  const workerData: WorkerData = { dataDir };
  if (!/\.[cm]?ts$/.test(new URL(import.meta.url).pathname)) {
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
  }
  let tsx: string;
  try {
    tsx = import.meta.resolve('tsx/esm/api');
  } catch (error) {
    throw new Error('Running the server from its TypeScript sources needs tsx, to load the PGlite worker', { cause: error });
  }
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData, execArgv: sourceExecArgv(process.execArgv) });
}

/** An `Error` with the worker error's message and fields (`code`, `detail`, `constraint`, …). */
function toError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  for (const [key, value] of Object.entries(serialized.fields)) {
    if (key !== 'message' && key !== 'stack') Object.defineProperty(error, key, { value, enumerable: true, writable: true, configurable: true });
  }
  if (serialized.name !== error.name) Object.defineProperty(error, 'name', { value: serialized.name, enumerable: false, writable: true, configurable: true });
  return error;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The calls in flight to a PGlite worker, and their answers. */
interface WorkerChannel {
  /** Posts one request; resolves with its reply, rejects with its error or once the worker is gone. */
  send(request: WorkerRequest): Promise<unknown>;
  /** Rejects every pending and later call with `message` (the first call wins). */
  fail(message: string, cause?: unknown): void;
  /** Whether calls still reach the worker. */
  alive(): boolean;
  /** Resolves when the worker has opened PGlite (its reply to request 0), rejects when it could not. */
  ready: Promise<unknown>;
}

/**
 * Listens to a PGlite worker: each reply settles its pending call; an error,
 * an unreadable message or an exit rejects every pending and later call. The
 * worker holds the process open only while an answer is awaited.
 *
 * @param worker - the started worker
 * @param closing - whether the database is being closed (an exit is then expected)
 */
function workerChannel(worker: Worker, closing: () => boolean): WorkerChannel {
  const pending = new Map<number, Pending>();
  /** Why calls now reject: set once the worker died or was closed. */
  let dead: string | null = null;

  function fail(message: string, cause?: unknown): void {
    if (dead !== null) return;
    dead = message;
    for (const call of pending.values()) call.reject(new Error(message, { cause }));
    pending.clear();
  }

  worker.on('message', (reply: WorkerReply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) call.resolve(reply.value);
    else call.reject(toError(reply.error));
  });
  worker.on('error', (error: unknown) => {
    fail(`PGlite worker failed: ${error instanceof Error ? error.message : String(error)}`, error);
  });
  worker.on('messageerror', (error: unknown) => {
    fail('PGlite worker sent a message that could not be read', error);
    void worker.terminate();
  });
  worker.on('exit', (code: number) => {
    fail(closing() ? CLOSED : `PGlite worker exited unexpectedly (exit code ${code})`);
  });

  function send(request: WorkerRequest): Promise<unknown> {
    if (dead !== null) return Promise.reject(new Error(dead));
    try {
      worker.postMessage(request);
    } catch (error) {
      // A param structured clone cannot copy.
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (pending.size === 0) worker.ref();
    return new Promise((resolve, reject) => pending.set(request.id, { resolve, reject }));
  }

  const ready = new Promise((resolve, reject) => pending.set(0, { resolve, reject }));
  return { send, fail, alive: () => dead === null, ready };
}

/**
 * Opens PGlite (PostgreSQL in WASM) on a data directory, on a worker thread.
 *
 * The handle behaves as PGlite in this thread would:
 * - `query` answers the rows as PGlite returns them (`Date` for
 *   `timestamptz`, parsed objects for `jsonb`, numbers, `bigint`, …); params
 *   may be strings, numbers, booleans, null, `Date`s and arrays of them (they
 *   are copied by structured clone, so class instances other than `Date`,
 *   `Map`, `Set` and typed arrays arrive as plain objects, and functions fail);
 * - `exec` answers the rows of every statement;
 * - `transaction(fn)` runs `BEGIN`, then `fn`'s queries, then `COMMIT` when
 *   `fn` resolves or `ROLLBACK` when it rejects (passing the rejection on); a
 *   nested `transaction` on the transaction handle runs inside the same
 *   transaction; queries on the database handle wait while a transaction is open.
 *
 * Errors of PostgreSQL reject with an `Error` carrying PGlite's message and its
 * fields of primitive value (`code` as SQLSTATE, `detail`, `constraint`,
 * `severity`, `schema`, `table`, `column`, `query`, …), with a stack of this thread.
 *
 * While calls are pending the worker keeps the process alive; an idle open
 * database does not (as in-thread PGlite).
 *
 * A new data directory (absent or empty) is first given its database by
 * `createPgliteDataDir`, in a child process, so that the memory initdb takes
 * does not stay in this one (see `pglite-init.ts`).
 *
 * @param dataDir - directory of the database files, created when absent
 * @returns a {@link ClosableDb} with `driver: 'pglite'`. `close()` waits for
 *   the calls already made, closes PGlite in the worker (flushing it to disk)
 *   and ends the worker; it is idempotent, and every later call rejects with
 *   `PGlite is closed`. If the worker dies, every pending and later call
 *   rejects with an error saying so.
 * @throws Error from `PGlite.create` (its message and fields), e.g. when the
 *   directory holds no valid database, or when the worker cannot start
 * @throws Error `could not create a PGlite database in …` when a new
 *   directory cannot be given its database
 */
export async function openPgliteDb(dataDir: string): Promise<ClosableDb> {
  if (await isNewDataDir(dataDir)) await createPgliteDataDir(dataDir);
  const worker = startWorker(dataDir);
  let closing: Promise<void> | null = null;
  const { send, fail, alive, ready } = workerChannel(worker, () => closing !== null);
  let nextId = 1;

  function rejectWhenClosed(): Promise<never> | null {
    return closing ? Promise.reject(new Error(CLOSED)) : null;
  }

  async function query<R>(sql: string, params: readonly unknown[], tx?: number): Promise<QueryResult<R>> {
    const rows = (await send({ id: nextId++, op: 'query', sql, params, tx })) as R[];
    return { rows };
  }

  async function exec(sql: string, tx?: number): Promise<Array<QueryResult<Record<string, unknown>>>> {
    const results = (await send({ id: nextId++, op: 'exec', sql, tx })) as Array<Array<Record<string, unknown>>>;
    return results.map((rows) => ({ rows }));
  }

  async function transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const tx = nextId++;
    await (rejectWhenClosed() ?? send({ id: tx, op: 'begin' }));
    const inner: Db = {
      query: (sql, params = []) => query(sql, params, tx),
      exec: (sql) => exec(sql, tx),
      transaction: (nested) => nested(inner),
    };
    let value: T;
    try {
      value = await fn(inner);
    } catch (error) {
      // fn's rejection is the one to pass on; ROLLBACK fails only when PGlite
      // or its worker is gone, and the transaction with them.
      await send({ id: nextId++, op: 'rollback', tx }).catch(() => undefined);
      throw error;
    }
    await send({ id: nextId++, op: 'commit', tx });
    return value;
  }

  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }

  return {
    driver: 'pglite',
    query: (sql, params = []) => rejectWhenClosed() ?? query(sql, params),
    exec: (sql) => rejectWhenClosed() ?? exec(sql),
    transaction,
    close() {
      closing ??= (async () => {
        try {
          if (alive()) await send({ id: nextId++, op: 'close' });
        } finally {
          await worker.terminate();
          fail(CLOSED);
        }
      })();
      return closing;
    },
  };
}
