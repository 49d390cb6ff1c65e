import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { RegionPackError } from '../errors.js';

/**
 * Streams a CSV with a header row through csv-parse: each record as
 * column → trimmed value, with its 1-based line number (the header is line 1).
 *
 * @param input - the bytes
 * @param label - file name used in errors
 * @param onRow - called for each record; may throw a RegionPackError to stop
 * @throws RegionPackError naming `label` on malformed CSV
 */
export async function parseCsv(input: Readable, label: string, onRow: (row: Record<string, string>, line: number) => void): Promise<void> {
  const parser = input.pipe(
    parse({
      columns: (header: string[]) => header.map((h) => h.trim()),
      bom: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }),
  );
  input.on('error', (error) => parser.destroy(error));
  try {
    for await (const item of parser) {
      const { record, info } = item as { record: Record<string, string>; info: { lines: number } };
      onRow(record, info.lines);
    }
  } catch (error) {
    if (error instanceof RegionPackError) throw error;
    throw new RegionPackError(label, `malformed CSV (${error instanceof Error ? error.message : String(error)})`);
  }
}

/**
 * Reads a required numeric column.
 *
 * @throws RegionPackError naming `at` and the column when it is missing or not a finite number
 */
export function numberField(row: Record<string, string>, column: string, at: string): number {
  const text = row[column];
  if (text === undefined || text === '') throw new RegionPackError(at, `missing ${column}`);
  const value = Number(text);
  if (!Number.isFinite(value)) throw new RegionPackError(at, `${column} must be a number, got "${text}"`);
  return value;
}
