import { MAX_UNIT_IMPORT_BODY_BYTES, MAX_UNITS_PER_IMPORT, type Unit, type UnitImportResult } from '@locscore/schema';
import { AbortedError, AuthenticationError, ForbiddenError, LocScoreError } from '../errors.js';

/** Why one row of an import was not created: the server's error for that row, or the error of the request that carried it. */
export interface UnitImportFailure {
  /** API error code (`invalid_request`, `address_not_found`, `conflict`…) or an SDK code (`connection_error`, `timeout`, `payload_too_large`). */
  code: string;
  message: string;
  /** `details` of the error (`fields`, `candidates`…), when there are some. */
  details?: Record<string, unknown> | undefined;
}

/** The outcome of one row: `index` is its position in the rows given to `units.import` (0-based). */
export type UnitImportOutcome = { index: number; status: 'created'; unit: Unit } | { index: number; status: 'failed'; error: UnitImportFailure };

/** What `units.import` did: counts and one outcome per row, in the order given. */
export interface UnitImportReport {
  created: number;
  failed: number;
  results: UnitImportOutcome[];
}

/** Options of `units.import`. */
export interface UnitImportOptions {
  /** Cancels the import between or during requests; it then rejects with `AbortedError` (rows already sent stay created). */
  signal?: AbortSignal | undefined;
  /** Rows per request, 1–1,000. @default 1000 ({@link MAX_UNITS_PER_IMPORT}) */
  rowsPerRequest?: number | undefined;
  /** Called after each request with the rows done so far and the total. */
  onProgress?: ((done: number, total: number) => void) | undefined;
}

/** Room left in a request body for `{"units":[…]}` and the commas between rows. */
const BODY_MARGIN_BYTES = 1024;
const encoder = new TextEncoder();

/** One request's rows: their positions in the input and their JSON texts. */
export interface ImportChunk {
  indexes: number[];
  rows: unknown[];
}

/**
 * Splits rows into requests of at most `rowsPerRequest` rows and
 * {@link MAX_UNIT_IMPORT_BODY_BYTES} bytes. A row that alone exceeds the body
 * limit goes in no request: it is returned among `tooLarge`.
 *
 * @throws {RangeError} when `rowsPerRequest` is not a whole number from 1 to {@link MAX_UNITS_PER_IMPORT}
 */
export function importChunks(rows: readonly unknown[], rowsPerRequest: number = MAX_UNITS_PER_IMPORT): { chunks: ImportChunk[]; tooLarge: number[] } {
  if (!Number.isInteger(rowsPerRequest) || rowsPerRequest < 1 || rowsPerRequest > MAX_UNITS_PER_IMPORT)
    throw new RangeError(`rowsPerRequest must be a whole number from 1 to ${MAX_UNITS_PER_IMPORT}`);
  const budget = MAX_UNIT_IMPORT_BODY_BYTES - BODY_MARGIN_BYTES;
  const chunks: ImportChunk[] = [];
  const tooLarge: number[] = [];
  let current: ImportChunk = { indexes: [], rows: [] };
  let bytes = 0;
  rows.forEach((row, index) => {
    const size = encoder.encode(JSON.stringify(row) ?? 'null').length + 1;
    if (size > budget) {
      tooLarge.push(index);
      return;
    }
    if (current.rows.length === rowsPerRequest || bytes + size > budget) {
      chunks.push(current);
      current = { indexes: [], rows: [] };
      bytes = 0;
    }
    current.indexes.push(index);
    current.rows.push(row);
    bytes += size;
  });
  if (current.rows.length > 0) chunks.push(current);
  return { chunks, tooLarge };
}

/** The server's outcome for the row at `position` of a request, re-indexed to the input; a row the answer leaves out is failed, never dropped. */
function outcomeOf(answer: UnitImportResult, position: number, index: number): UnitImportOutcome {
  const row = answer.results.find((each) => each.index === position);
  if (row === undefined) return { index, status: 'failed', error: { code: 'invalid_response', message: `the server answered no outcome for row ${index}` } };
  return { ...row, index };
}

/** Whether an error of one request means every later request would fail the same way (bad key, missing CSRF token). */
function stopsImport(error: LocScoreError): boolean {
  return error instanceof AuthenticationError || error instanceof ForbiddenError;
}

const failureOf = (error: LocScoreError): UnitImportFailure => ({
  code: error.code,
  message: error.message,
  ...(error.details === undefined ? {} : { details: error.details }),
});

/**
 * Sends rows in chunks through `post` and gathers one outcome per row. A
 * request that fails marks its rows failed with its error and the import goes
 * on (an authentication or CSRF error marks every remaining row and stops:
 * the next requests would fail alike). Requests are never retried, so no
 * unit is created twice; re-send the failed rows.
 *
 * @param post - sends one request's rows, answering the server's result
 * @throws {AbortedError} when `options.signal` fires
 * @throws errors that are not {@link LocScoreError}s (bugs) as they are
 */
export async function importUnits(
  rows: readonly unknown[],
  post: (rows: unknown[], signal: AbortSignal | undefined) => Promise<UnitImportResult>,
  options: UnitImportOptions = {},
): Promise<UnitImportReport> {
  const { chunks, tooLarge } = importChunks(rows, options.rowsPerRequest);
  const results: UnitImportOutcome[] = tooLarge.map((index) => ({
    index,
    status: 'failed',
    error: { code: 'payload_too_large', message: `row ${index} is larger than a request may be (${MAX_UNIT_IMPORT_BODY_BYTES} bytes)` },
  }));
  let stop: UnitImportFailure | undefined;
  let done = tooLarge.length;
  for (const chunk of chunks) {
    if (stop === undefined) {
      try {
        const answer = await post(chunk.rows, options.signal);
        results.push(...chunk.indexes.map((index, position) => outcomeOf(answer, position, index)));
      } catch (error) {
        if (!(error instanceof LocScoreError) || error instanceof AbortedError) throw error;
        if (stopsImport(error)) stop = failureOf(error);
        for (const index of chunk.indexes) results.push({ index, status: 'failed', error: failureOf(error) });
      }
    } else {
      for (const index of chunk.indexes) results.push({ index, status: 'failed', error: stop });
    }
    done += chunk.rows.length;
    options.onProgress?.(done, rows.length);
  }
  results.sort((a, b) => a.index - b.index);
  const created = results.filter((row) => row.status === 'created').length;
  return { created, failed: results.length - created, results };
}
