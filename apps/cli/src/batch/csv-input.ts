import type { Readable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { parse } from 'csv-parse';

/** Field delimiters the batch command recognises in a header line. */
export const DELIMITERS = [',', ';', '\t'] as const;

/** One of the {@link DELIMITERS}. */
export type Delimiter = (typeof DELIMITERS)[number];

/** The UTF-8 byte order mark as a string (`U+FEFF`). */
const BOM = '\uFEFF';

/**
 * Picks the delimiter of a CSV file from its header line: the most frequent
 * of `,` `;` and tab outside double quotes; `,` on a tie or when none occurs
 * (a one-column file). Spreadsheets in French or German locales write `;`.
 *
 * @param headerLine - the first line, with or without BOM and line ending
 * @returns the delimiter
 */
export function detectDelimiter(headerLine: string): Delimiter {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char as Delimiter)) counts.set(char as Delimiter, (counts.get(char as Delimiter) ?? 0) + 1);
  }
  let best: Delimiter = ',';
  for (const delimiter of DELIMITERS) if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** A CSV source opened for streaming: its header, dialect, and data records. */
export interface CsvSource {
  /** Header fields, BOM removed. */
  header: string[];
  delimiter: Delimiter;
  /** Whether the input started with a UTF-8 BOM (the output keeps one, for spreadsheets). */
  bom: boolean;
  /** Data records after the header, in file order; empty lines skipped. */
  records: AsyncIterator<string[]>;
}

/**
 * Opens a UTF-8 CSV stream (with or without BOM) for streaming: reads just
 * enough to see the header line, detects the delimiter from it, then parses
 * every record with csv-parse (quoted fields may hold delimiters, quotes and
 * newlines; `\n` or `\r\n` line endings). Memory stays flat: records are
 * parsed as they are pulled.
 *
 * @param input - a byte stream (a file or stdin)
 * @returns the source; `records` yields string arrays
 * @throws CliError-free `Error` with a message naming the line when the CSV is malformed
 *   (raised from `records.next()`), or when the input is empty (no header)
 */
export async function openCsv(input: Readable): Promise<CsvSource> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const head: Buffer[] = [];
  let ended = false;
  while (true) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    head.push(chunk);
    if (chunk.includes(0x0a)) break;
  }
  const headText = Buffer.concat(head).toString('utf8');
  const bom = headText.startsWith(BOM);
  const firstLine = (bom ? headText.slice(1) : headText).split('\n', 1)[0]?.replace(/\r$/, '') ?? '';
  if (firstLine.trim() === '') throw new Error('the CSV input is empty or its first line is blank: a header row is required');
  const delimiter = detectDelimiter(firstLine);
  async function* replay(): AsyncGenerator<Buffer> {
    yield* head;
    if (ended) return;
    while (true) {
      const next = await chunks.next();
      if (next.done) return;
      yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    }
  }
  const parser = ReadableStream.from(replay()).pipe(parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true }));
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const first = await records.next();
  if (first.done) throw new Error('the CSV input has no header row');
  return { header: first.value, delimiter, bom, records };
}

/**
 * Fits a record to the header's width: missing trailing fields become empty
 * strings, extra fields are dropped (a ragged row still gets one output row).
 *
 * @param record - fields as parsed
 * @param width - number of header columns
 */
export function normaliseRecord(record: readonly string[], width: number): string[] {
  const fields = record.slice(0, width);
  while (fields.length < width) fields.push('');
  return fields;
}
