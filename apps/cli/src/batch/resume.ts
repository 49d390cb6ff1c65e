import { createReadStream } from 'node:fs';
import { open, stat, truncate } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import { CliError } from '../exit-codes.js';
import { OUTPUT_COLUMNS } from './columns.js';
import { detectDelimiter } from './csv-input.js';
import type { OutputFormat } from './output-format.js';
import { rowContentHash } from './row-identity.js';

/** A row already present in an existing output: its number and content hash. */
export interface DoneRow {
  row: number;
  hash: string;
}

/** What `--resume` found in an existing output file. */
export interface ExistingOutput {
  /** Whether the file holds nothing yet (absent or empty): write the header. */
  empty: boolean;
  /** Complete rows in the file, in order (row numbers 1..n). */
  rows: number;
  /** Bytes of the file up to the end of the last complete record. */
  validBytes: number;
  /** Size of the file as found. */
  fileBytes: number;
}

/** Whether the last byte of a file is `\n` (a record cut by a kill is not). */
async function endsWithNewline(path: string, size: number): Promise<boolean> {
  if (size === 0) return true;
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(1);
    await handle.read(buffer, 0, 1, size - 1);
    return buffer[0] === 0x0a;
  } finally {
    await handle.close();
  }
}

/**
 * Streams the rows of an existing batch output in order, with each row's
 * number and input-content hash (recomputed from the input columns of a CSV
 * row; read from `rowHash` of a JSONL record). Stops at the first record
 * that is cut short (no line ending after it, a CSV row with too few cells,
 * unparsable JSON), so a file killed mid-write yields only its complete rows.
 *
 * @param path - the output file
 * @param format - `csv` or `jsonl`
 * @param header - the input header the output must start with (CSV)
 * @returns rows with `bytes`, the offset just after each record
 * @throws CliError (exit 2) when the CSV header is not the input header plus the locscore columns
 */
export async function* readDoneRows(path: string, format: OutputFormat, header: readonly string[]): AsyncGenerator<DoneRow & { bytes: number }> {
  const size = (await stat(path)).size;
  if (size === 0) return;
  const completeEnd = (await endsWithNewline(path, size)) ? size : -1;
  if (format === 'jsonl') {
    let bytes = 0;
    let expected = 1;
    const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
    for await (const line of lines) {
      const next = bytes + Buffer.byteLength(line) + 1;
      if (next > size) return; // last line without newline: cut short
      let record: unknown;
      try {
        record = JSON.parse(line);
      } catch {
        return;
      }
      const { row, rowHash } = (record ?? {}) as { row?: unknown; rowHash?: unknown };
      if (row !== expected || typeof rowHash !== 'string') {
        throw new CliError(`${path}: line ${expected} is not row ${expected} of a locscore JSONL output; refusing to resume`);
      }
      bytes = next;
      yield { row: expected, hash: rowHash, bytes };
      expected += 1;
    }
    return;
  }
  const expectedHeader = [...header, ...OUTPUT_COLUMNS];
  const firstLine = await new Promise<string>((resolve, reject) => {
    const stream = createReadStream(path, { encoding: 'utf8', end: 64 * 1024 });
    let text = '';
    stream.on('data', (chunk) => {
      text += String(chunk);
      if (text.includes('\n')) stream.destroy();
    });
    stream.on('close', () =>
      resolve(
        text
          .replace(/^\uFEFF/, '')
          .split('\n', 1)[0]
          ?.replace(/\r$/, '') ?? '',
      ),
    );
    stream.on('error', reject);
  });
  const parser = createReadStream(path).pipe(
    parse({ delimiter: detectDelimiter(firstLine), bom: true, relax_column_count: true, skip_empty_lines: true, info: true }),
  );
  let row = -1;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: { bytes: number } }>) {
      row += 1;
      const { record, info } = item;
      if (row === 0) {
        if (record.length !== expectedHeader.length || record.some((cell, index) => cell !== expectedHeader[index])) {
          throw new CliError(`${path}: its header is not this input's header plus the locscore columns; refusing to resume into it`);
        }
        continue;
      }
      if (record.length !== expectedHeader.length) return;
      if (info.bytes >= size && completeEnd === -1) return;
      yield { row, hash: rowContentHash(record.slice(0, header.length)), bytes: info.bytes };
    }
  } catch (error) {
    if (error instanceof CliError) throw error;
    return; // a quoted field cut short by a kill: stop at the last complete record
  } finally {
    parser.destroy();
  }
}

/**
 * Scans an existing output for `--resume`: counts its complete rows and cuts
 * off a trailing record left incomplete by a killed run (truncating the file
 * to the end of the last complete record, or to empty when even the header is
 * incomplete).
 *
 * @param path - the output file (may not exist)
 * @param format - `csv` or `jsonl`
 * @param header - the input header
 * @returns what was found
 * @throws CliError (exit 2) when the file is not an output of this input
 */
export async function prepareResume(path: string, format: OutputFormat, header: readonly string[]): Promise<ExistingOutput> {
  let fileBytes: number;
  try {
    fileBytes = (await stat(path)).size;
  } catch {
    return { empty: true, rows: 0, validBytes: 0, fileBytes: 0 };
  }
  if (fileBytes === 0) return { empty: true, rows: 0, validBytes: 0, fileBytes };
  let rows = 0;
  let validBytes = 0;
  if (format === 'csv') {
    // The header's end: the offset where the first data record starts.
    validBytes = await headerEnd(path, fileBytes);
    if (validBytes === -1) {
      await truncate(path, 0);
      return { empty: true, rows: 0, validBytes: 0, fileBytes };
    }
  }
  for await (const done of readDoneRows(path, format, header)) {
    rows = done.row;
    validBytes = done.bytes;
  }
  if (validBytes < fileBytes) await truncate(path, validBytes);
  return { empty: validBytes === 0, rows, validBytes, fileBytes };
}

/** Byte offset just after the CSV header line (-1 when the header line is incomplete). */
async function headerEnd(path: string, fileBytes: number): Promise<number> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(Math.min(fileBytes, 256 * 1024));
    await handle.read(buffer, 0, buffer.length, 0);
    const newline = buffer.indexOf(0x0a);
    return newline === -1 ? -1 : newline + 1;
  } finally {
    await handle.close();
  }
}
