import type { ScoreResult } from '@locscore/schema';
import { AuthenticationError, LocScoreError, QuotaExceededError } from './errors.js';

/**
 * One input row of a batch: `address` and `category` are sent; any other
 * field (a CSV row's id, say) is carried through untouched in the outcome's
 * `request`.
 */
export interface BatchRow {
  /** Full civic address. */
  address: string;
  /** Category name; the server answers 400 (yielded as that row's error) when it is unknown. */
  category: string;
}

/** A row that was scored. `index` is the row's 0-based position in the input. */
export interface BatchSuccess<Row extends BatchRow = BatchRow> {
  index: number;
  request: Row;
  result: ScoreResult;
}

/** A row that failed (400 bad address, 500 after retries…). `index` is the row's 0-based position in the input. */
export interface BatchFailure<Row extends BatchRow = BatchRow> {
  index: number;
  request: Row;
  error: LocScoreError;
}

/** What `scoreBatch` yields for each row, in input order. */
export type BatchOutcome<Row extends BatchRow = BatchRow> = BatchSuccess<Row> | BatchFailure<Row>;

/** Counts reported as each outcome is about to be yielded. */
export interface BatchProgress {
  /** Rows yielded so far. */
  completed: number;
  /** Of those, rows scored. */
  succeeded: number;
  /** Of those, rows that failed. */
  failed: number;
  /** Requests sent and not yet yielded. */
  inFlight: number;
}

/** Options of `scoreBatch`. */
export interface BatchOptions<Row extends BatchRow = BatchRow> {
  /** Requests in flight at most, and rows read ahead at most (default 4, 1–64). */
  concurrency?: number | undefined;
  /** Stops sending new rows; rows in flight finish and are yielded, then the iteration ends normally. */
  signal?: AbortSignal | undefined;
  /** Called with the counts as each outcome is about to be yielded. */
  onProgress?: ((progress: BatchProgress) => void) | undefined;
  /** Idempotency key of each row (e.g. derived from a file hash and the row index) so a re-run batch is never charged twice; default a fresh UUID per row. */
  idempotencyKey?: ((row: Row, index: number) => string) | undefined;
}

/** Default number of requests in flight. */
export const DEFAULT_BATCH_CONCURRENCY = 4;
/** Largest accepted `concurrency`. */
export const MAX_BATCH_CONCURRENCY = 64;

/** Sends one row; rejects with a {@link LocScoreError}. */
export type ScoreRow<Row extends BatchRow> = (row: Row, options: { idempotencyKey?: string | undefined }) => Promise<ScoreResult>;

interface Slot<Row extends BatchRow> {
  outcome: Promise<BatchOutcome<Row>>;
}

function asLocScoreError(error: unknown): LocScoreError {
  if (error instanceof LocScoreError) return error;
  return new LocScoreError({
    message: error instanceof Error ? error.message : String(error),
    status: null,
    code: 'unexpected',
    requestId: null,
    cause: error,
  });
}

function iteratorOf<Row>(rows: Iterable<Row> | AsyncIterable<Row>): AsyncIterator<Row> | Iterator<Row> {
  if (rows !== null && typeof rows === 'object' && Symbol.asyncIterator in rows) return rows[Symbol.asyncIterator]();
  if (rows !== null && typeof rows === 'object' && Symbol.iterator in rows) return rows[Symbol.iterator]();
  throw new TypeError('rows must be an Iterable or an AsyncIterable of { address, category }');
}

/**
 * Scores rows with at most `concurrency` requests in flight and yields one
 * outcome per row **in input order**. The reorder window is the concurrency:
 * at most `concurrency` rows are read ahead of the last yielded one, so memory
 * stays flat for any input size (a slow row holds the others back).
 *
 * Stop rules:
 * - a row's 400 (or any other per-row error) is yielded as `{ error }` and the batch goes on;
 * - the first {@link QuotaExceededError} or {@link AuthenticationError} stops
 *   sending: rows in flight finish and are yielded (the failing rows as
 *   `{ error }`), then the generator throws that error;
 * - `signal` stops sending: rows in flight finish and are yielded, then the
 *   generator returns;
 * - when reading `rows` throws (a malformed CSV line, say), rows in flight
 *   are yielded, then that error is rethrown.
 *
 * Breaking out of the loop early stops reading and sending; requests already
 * in flight complete on the server (and count) but are not reported.
 *
 * @param score - sends one row
 * @param rows - the input, read lazily
 * @throws {RangeError} `concurrency` not a whole number in 1–64
 * @throws {QuotaExceededError} | {AuthenticationError} after the in-flight rows are yielded
 * @throws whatever reading `rows` throws, after the in-flight rows are yielded
 */
export async function* scoreBatch<Row extends BatchRow>(
  score: ScoreRow<Row>,
  rows: Iterable<Row> | AsyncIterable<Row>,
  options: BatchOptions<Row> = {},
): AsyncGenerator<BatchOutcome<Row>, void, undefined> {
  const { concurrency = DEFAULT_BATCH_CONCURRENCY, signal, onProgress, idempotencyKey } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_BATCH_CONCURRENCY) {
    throw new RangeError(`concurrency must be a whole number from 1 to ${MAX_BATCH_CONCURRENCY}, got ${String(concurrency)}`);
  }
  const iterator = iteratorOf(rows);
  const window: Array<Slot<Row>> = [];
  const stop: { error: LocScoreError | null } = { error: null };
  let nextIndex = 0;
  let sourceDone = false;
  let sourceError: { error: unknown } | null = null;
  const progress: BatchProgress = { completed: 0, succeeded: 0, failed: 0, inFlight: 0 };

  const start = (row: Row, index: number): Slot<Row> => {
    const key = idempotencyKey?.(row, index);
    const outcome = score(row, key === undefined ? {} : { idempotencyKey: key }).then(
      (result): BatchOutcome<Row> => ({ index, request: row, result }),
      (error: unknown): BatchOutcome<Row> => {
        const failure = asLocScoreError(error);
        if (failure instanceof QuotaExceededError || failure instanceof AuthenticationError) stop.error ??= failure;
        return { index, request: row, error: failure };
      },
    );
    return { outcome };
  };

  try {
    for (;;) {
      while (!sourceDone && stop.error === null && !signal?.aborted && window.length < concurrency) {
        let next: IteratorResult<Row>;
        try {
          next = await iterator.next();
        } catch (error) {
          // The rows already sent are charged: yield them before reporting the input's failure.
          sourceDone = true;
          sourceError = { error };
          break;
        }
        if (next.done) {
          sourceDone = true;
          break;
        }
        window.push(start(next.value, nextIndex));
        nextIndex += 1;
      }
      const head = window.shift();
      if (head === undefined) break;
      const outcome = await head.outcome;
      progress.completed += 1;
      if ('error' in outcome) progress.failed += 1;
      else progress.succeeded += 1;
      progress.inFlight = window.length;
      onProgress?.({ ...progress });
      yield outcome;
    }
  } finally {
    if (!sourceDone) await iterator.return?.();
  }
  if (sourceError !== null) throw sourceError.error;
  if (stop.error !== null) throw stop.error;
}
