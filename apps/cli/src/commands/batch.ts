import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
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
import { findAddressColumn, findCategoryColumn } from '../batch/columns.js';
import { type CsvSource, normaliseRecord, openCsv } from '../batch/csv-input.js';
import { createRowFormatter, OUTPUT_FORMATS, type OutputFormat } from '../batch/output-format.js';
import { createBatchProgress } from '../batch/progress.js';
import type { RowOutcome } from '../batch/result-cells.js';
import { prepareResume, readDoneRows } from '../batch/resume.js';
import { rowContentHash, rowIdempotencyKey } from '../batch/row-identity.js';
import { openSink } from '../batch/sink.js';
import { addToTally, createTally, renderSummary } from '../batch/summary.js';
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

/** Opens the input: a file (absolute path as its identity) or stdin for `-`. */
async function openInput(input: string): Promise<{ stream: Readable; identity: string; path: string | null }> {
  if (input === '-') return { stream: process.stdin, identity: 'stdin', path: null };
  const path = resolve(input);
  try {
    await access(path);
  } catch {
    throw new CliError(`cannot read the input file ${input}`);
  }
  return { stream: createReadStream(path), identity: path, path };
}

/** Counts the data records of a CSV file (a streaming pass, for the progress bar's total). */
async function countRecords(path: string): Promise<number> {
  const source = await openCsv(createReadStream(path));
  let count = 0;
  while (!(await source.records.next()).done) count += 1;
  return count;
}

async function openSource(stream: Readable): Promise<CsvSource> {
  try {
    return await openCsv(stream);
  } catch (error) {
    throw new CliError(`invalid CSV input: ${error instanceof Error ? error.message : String(error)}`);
  }
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

  const opened = await openInput(input);
  const source = await openSource(opened.stream);
  const { header } = source;
  const addressIndex = findAddressColumn(header, options.addressColumn);
  const categoryIndex = findCategoryColumn(header, options.categoryColumn, options.category === undefined);
  if (categoryIndex === -1 && options.category === undefined) {
    throw new CliError(`no category: pass --category <c> for every row, or --category-column <name> (columns: ${header.join(', ')})`);
  }

  const outPath = out === '-' ? '-' : resolve(out);
  const existing = options.resume ? await prepareResume(outPath, format, header) : { empty: true, rows: 0 };
  const doneRows = existing.rows > 0 ? readDoneRows(outPath, format, header) : null;
  const total = opened.path && terminal.stderrIsTTY ? Math.max(0, (await countRecords(opened.path)) - existing.rows) : null;

  const formatter = createRowFormatter(format, header, { ...source, decimalComma: options.decimalComma ?? source.delimiter === ';' });
  const sink = openSink(outPath, options.resume === true && !existing.empty);
  if (!options.resume || existing.empty) await sink.write(formatter.preamble());
  if (existing.rows > 0) note(terminal, `Resuming: ${existing.rows} rows already in ${out}`);

  const connection = resolveConnection(options);
  const client = new LocScoreClient({ apiKey: connection.apiKey, baseUrl: connection.baseUrl });
  const tally = createTally();
  const progress = createBatchProgress(terminal, total);

  /** A row as handed to the SDK: `address` and `category` are sent, the rest comes back on its outcome. */
  interface SentRow {
    address: string;
    category: string;
    row: number;
    fields: string[];
    hash: string;
  }
  let rowNumber = 0;
  let inFlight = 0;
  let stopFeeding = false;
  let interrupted = false;
  let halt: LocScoreError | null = null;

  const onSigint = (): void => {
    if (interrupted) process.exit(EXIT.interrupted);
    interrupted = true;
    stopFeeding = true;
    progress.stop();
    note(terminal, `Interrupted: finishing ${inFlight} row(s) in flight, then stopping (Ctrl-C again to quit now).`);
  };
  process.on('SIGINT', onSigint);

  async function* feed(): AsyncGenerator<SentRow> {
    while (!stopFeeding) {
      const next = await source.records.next();
      if (next.done) return;
      rowNumber += 1;
      const fields = normaliseRecord(next.value, header.length);
      const hash = rowContentHash(fields);
      if (rowNumber <= existing.rows && doneRows) {
        const done = await doneRows.next();
        if (done.done || done.value.row !== rowNumber || done.value.hash !== hash) {
          throw new CliError(`row ${rowNumber} of the input differs from row ${rowNumber} of ${out}: not an output of this input; refusing to resume`);
        }
        continue;
      }
      if (stopFeeding) return;
      const address = (fields[addressIndex] ?? '').trim();
      // Categories are checked by the API: a bad one comes back as this row's 400 error.
      const category = categoryIndex === -1 ? (options.category ?? '') : (fields[categoryIndex] ?? '').trim().toLowerCase();
      inFlight += 1;
      yield { address, category, row: rowNumber, fields, hash };
    }
  }

  let thrown: unknown = null;
  try {
    const outcomes = client.scoreBatch(feed(), {
      concurrency,
      idempotencyKey: (row) => rowIdempotencyKey(opened.identity, row.row, row.hash, row.category),
    });
    for await (const outcome of outcomes) {
      inFlight -= 1;
      if (halt) continue;
      if ('error' in outcome && isStopError(outcome.error)) {
        halt = outcome.error;
        stopFeeding = true;
        continue;
      }
      const rowOutcome: RowOutcome = 'error' in outcome ? { error: rowError(outcome.error) } : { result: outcome.result };
      const { row, fields, hash, address } = outcome.request;
      await sink.write(formatter.record(row, fields, hash, rowOutcome));
      addToTally(tally, row, address, rowOutcome);
      progress.update(tally);
    }
  } catch (error) {
    if (error instanceof QuotaExceededError || error instanceof AuthenticationError) halt ??= error;
    else thrown = error;
  } finally {
    process.off('SIGINT', onSigint);
    progress.stop();
    await sink.close();
  }
  if (thrown !== null) throw thrown;

  terminal.stderr.write(renderSummary(tally, terminal.err));
  if (interrupted) {
    note(terminal, `Stopped after ${existing.rows + tally.done} rows written to ${out}; run again with --resume to finish.`);
    return EXIT.interrupted;
  }
  if (halt) {
    // Rows read in this run but not written, plus every row still unread.
    let remaining = rowNumber - existing.rows - tally.done;
    while (!(await source.records.next()).done) remaining += 1;
    // Loaded only here: error-report imports the server and engine packages (error classes), which a batch never needs otherwise.
    const { reportError } = await import('../error-report.js');
    const report = reportError(halt);
    note(terminal, terminal.err.red(report.message));
    note(
      terminal,
      `${remaining} row(s) not scored; ${existing.rows + tally.done} written to ${out}. Run again with --resume${halt instanceof QuotaExceededError ? ' after the quota resets' : ''}.`,
    );
    return report.exitCode;
  }
  return EXIT.ok;
}
