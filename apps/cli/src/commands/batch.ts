import {
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  LocScoreClient,
  type LocScoreError,
  QuotaExceededError,
  RateLimitError,
  ServiceUnavailableError,
  TimeoutError,
} from '@locscore/sdk';
import { type BatchInput, openBatchInput } from '../batch/batch-input.js';
import { type BatchOutput, openBatchOutput } from '../batch/batch-output.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../batch/output-format.js';
import { createBatchProgress } from '../batch/progress.js';
import type { RowOutcome } from '../batch/result-cells.js';
import { type FeedState, feedRows } from '../batch/row-feed.js';
import { rowIdempotencyKey } from '../batch/row-identity.js';
import { addToTally, type BatchTally, createTally, renderSummary } from '../batch/summary.js';
import { resolveConnection } from '../config.js';
import { CliError, EXIT } from '../exit-codes.js';
import { note, type Terminal } from '../output/terminal.js';
import { requireCategory } from './score.js';

/** Flags of `locscore batch`. */
export interface BatchOptions {
  category?: string | undefined;
  categoryColumn?: string | undefined;
  addressColumn?: string | undefined;
  out?: string | undefined;
  format?: string | undefined;
  concurrency?: string | undefined;
  resume?: boolean | undefined;
  /** `--decimal-comma` (true) / `--no-decimal-comma` (false); unset: on for `;` input. */
  decimalComma?: boolean | undefined;
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
}

/**
 * Default number of rows in flight at once (also the default of the
 * `--concurrency` flag in `program.ts`). A batch waits on the server's
 * scoring time, so several rows in flight hide its latency; 16 stays gentle
 * on a shared server and its per-key burst limit (bench/batch.ts compares
 * 4, 16 and 64).
 */
export const DEFAULT_CONCURRENCY = 16;

/**
 * Parses `--concurrency`.
 *
 * @param value - the flag text; undefined gives {@link DEFAULT_CONCURRENCY}
 * @returns a whole number from 1 to 64
 * @throws CliError (exit 2) otherwise
 */
export function parseConcurrency(value: string | undefined): number {
  if (value === undefined) return DEFAULT_CONCURRENCY;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 64) throw new CliError(`--concurrency must be a whole number from 1 to 64, got "${value}"`);
  return n;
}

/**
 * Parses `--format`.
 *
 * @throws CliError (exit 2) for anything but `csv` or `jsonl`
 */
export function parseFormat(value: string | undefined): OutputFormat {
  if (value === undefined) return 'csv';
  if (!(OUTPUT_FORMATS as readonly string[]).includes(value)) throw new CliError(`--format must be csv or jsonl, got "${value}"`);
  return value as OutputFormat;
}

/**
 * Errors after which a batch stops sending rows and writes nothing more: the
 * key is refused (401), the quota is spent (429), the server is rate limiting,
 * not configured (503) or unreachable. Every later row is left for `--resume`.
 * Other errors (a bad address or category, a scoring failure) are written as
 * the row's error and the batch goes on.
 *
 * @param error - an outcome's error
 */
export function isStopError(error: LocScoreError): boolean {
  return (
    error instanceof AuthenticationError ||
    error instanceof QuotaExceededError ||
    error instanceof RateLimitError ||
    error instanceof ServiceUnavailableError ||
    error instanceof ConnectionError ||
    error instanceof TimeoutError
  );
}

/**
 * The error cells of a row: the API code and message, with each invalid
 * field of a 400, and the candidate places of an `address_ambiguous` (or the
 * "did you mean" near misses of an `address_not_found`):
 * `… | candidates: Landstrasse 92, 9490 Vaduz (47.149742, 9.512241); …`.
 */
function rowError(error: LocScoreError): NonNullable<RowOutcome['error']> {
  let message = error.message;
  if (error instanceof BadRequestError) {
    const details = error.fields.map((issue) => `${issue.field}: ${issue.message}`).filter((detail) => !message.includes(detail));
    if (details.length > 0) message = `${message} (${details.join('; ')})`;
    const places = error.candidates.map((c) => `${c.matchedAddress} (${c.lat.toFixed(6)}, ${c.lng.toFixed(6)})`);
    if (places.length > 0) message = `${message} | ${error.code === 'address_ambiguous' ? 'candidates' : 'did you mean'}: ${places.join('; ')}`;
  }
  return { code: error.code, message, requestId: error.requestId };
}

/** How the rows of one run went: the tally of rows written, and why it stopped early, if it did. */
interface RowsRun {
  tally: BatchTally;
  /** Data rows read from the input (resumed rows included). */
  rowsRead: number;
  /** The stop error that ended the run (every later row is left for `--resume`), or `null`. */
  halt: LocScoreError | null;
  /** Whether SIGINT ended the run. */
  interrupted: boolean;
}

/**
 * Scores the input's rows through the SDK's `scoreBatch` and writes each
 * outcome in input order, until the input ends, a stop error comes back
 * ({@link isStopError}) or SIGINT: then the rows in flight are finished,
 * written (those before the stop error) and the output is closed.
 *
 * @throws what reading the input or writing the output threw, after closing the output
 */
async function scoreRows(client: LocScoreClient, input: BatchInput, output: BatchOutput, concurrency: number, terminal: Terminal): Promise<RowsRun> {
  const run: RowsRun = { tally: createTally(), rowsRead: 0, halt: null, interrupted: false };
  const state: FeedState = { rowsRead: 0, inFlight: 0, stopped: false };
  const progress = createBatchProgress(terminal, output.total);
  const onSigint = (): void => {
    if (run.interrupted) process.exit(EXIT.interrupted);
    run.interrupted = true;
    state.stopped = true;
    progress.stop();
    note(terminal, `Interrupted: finishing ${state.inFlight} row(s) in flight, then stopping (Ctrl-C again to quit now).`);
  };
  process.on('SIGINT', onSigint);
  try {
    const outcomes = client.scoreBatch(feedRows(input, output, state), {
      concurrency,
      idempotencyKey: (row) => rowIdempotencyKey(input.identity, row.row, row.hash, row.category),
    });
    for await (const outcome of outcomes) {
      state.inFlight -= 1;
      if (run.halt) continue;
      if ('error' in outcome && isStopError(outcome.error)) {
        run.halt = outcome.error;
        state.stopped = true;
        continue;
      }
      const rowOutcome: RowOutcome = 'error' in outcome ? { error: rowError(outcome.error) } : { result: outcome.result };
      const { row, fields, hash, address } = outcome.request;
      await output.sink.write(output.formatter.record(row, fields, hash, rowOutcome));
      addToTally(run.tally, row, address, rowOutcome);
      progress.update(run.tally);
    }
  } catch (error) {
    if (!(error instanceof QuotaExceededError || error instanceof AuthenticationError)) throw error;
    run.halt ??= error;
  } finally {
    process.off('SIGINT', onSigint);
    progress.stop();
    await output.sink.close();
  }
  run.rowsRead = state.rowsRead;
  return run;
}

/**
 * Reports a run a stop error ended: the error (as `locscore` reports
 * errors) and how many rows are left for `--resume`.
 *
 * @returns the stop error's exit code
 */
async function reportHalt(halt: LocScoreError, run: RowsRun, input: BatchInput, output: BatchOutput, terminal: Terminal): Promise<number> {
  const { tally } = run;
  // Rows read in this run but not written, plus every row still unread.
  let remaining = run.rowsRead - output.resumedRows - tally.done;
  while (!(await input.source.records.next()).done) remaining += 1;
  // Loaded only here: error-report imports the server and engine packages (error classes), which a batch never needs otherwise.
  const { reportError } = await import('../error-report.js');
  const report = reportError(halt);
  note(terminal, terminal.err.red(report.message));
  const after = halt instanceof QuotaExceededError ? ' after the quota resets' : '';
  note(terminal, `${remaining} row(s) not scored; ${output.resumedRows + tally.done} written to ${output.name}. Run again with --resume${after}.`);
  return report.exitCode;
}

/**
 * `locscore batch <input.csv|->`: scores every row of a CSV file through the
 * SDK's `scoreBatch` (rows in flight at once: `--concurrency`, default 16) and
 * writes every input column plus the locscore columns (or JSON Lines) in
 * input order, streaming in and out; CSV numbers take a decimal comma with
 * `--decimal-comma` and, unless `--no-decimal-comma`, for `;`-separated input. Each row is sent with an automatic
 * idempotency key (input identity, row number, content hash, category). Stops on a
 * spent quota (exit 4), a refused key (3), an unreachable or unconfigured
 * server (5) and on SIGINT (130) after finishing the rows in flight; rows not
 * written are left for `--resume`, which skips rows already in the output
 * (checked by row number and content hash) and appends the rest.
 *
 * @param input - a CSV path or `-` for stdin
 * @param options - parsed flags
 * @param terminal - the command's terminal
 * @returns exit code: 0 when every row was written (some may carry row errors), else 3, 4, 5 or 130
 * @throws CliError (exit 2) for bad flags, an unreadable or malformed input, or an output that is not this input's
 */
export async function runBatch(input: string, options: BatchOptions, terminal: Terminal): Promise<number> {
  const format = parseFormat(options.format);
  const concurrency = parseConcurrency(options.concurrency);
  if (options.category !== undefined && options.categoryColumn !== undefined) {
    throw new CliError('use either --category (one category for every row) or --category-column (one per row), not both');
  }
  if (options.category !== undefined) requireCategory(options.category);
  const out = options.out ?? '-';
  if (options.resume && out === '-') throw new CliError('--resume needs --out <file>: it appends to that file');
  if (input === '-' && out === '-' && process.stdin.isTTY) note(terminal, 'Reading CSV from stdin (Ctrl-D to end)...');

  const opened = await openBatchInput(input, options);
  const output = await openBatchOutput(out, opened, { format, resume: options.resume === true, decimalComma: options.decimalComma }, terminal);
  const connection = resolveConnection(options);
  const client = new LocScoreClient({ apiKey: connection.apiKey, baseUrl: connection.baseUrl });
  const run = await scoreRows(client, opened, output, concurrency, terminal);

  terminal.stderr.write(renderSummary(run.tally, terminal.err));
  if (run.interrupted) {
    note(terminal, `Stopped after ${output.resumedRows + run.tally.done} rows written to ${out}; run again with --resume to finish.`);
    return EXIT.interrupted;
  }
  if (run.halt) return reportHalt(run.halt, run, opened, output, terminal);
  return EXIT.ok;
}
