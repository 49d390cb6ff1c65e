import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { RegionPackError } from '../errors.js';
import { parseCsv } from './csv-rows.js';

/** One row of a census table with its line, for messages. */
export interface CensusRow {
  row: Readonly<Record<string, string>>;
  line: number;
}

/**
 * The key two census ids are joined on: the id itself, or, for an id of
 * digits only, without its leading zeros (so a GEOID `01001020100` read
 * back from a spreadsheet as `1001020100` still joins).
 *
 * @param id - an id as written
 */
export function joinKey(id: string): string {
  const text = id.trim();
  return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : text;
}

/**
 * Reads a census table (CSV with a header) into rows by their join key
 * ({@link joinKey} of the join column).
 *
 * @param path - the CSV file
 * @param column - the join column, e.g. `geoid`
 * @returns the rows by key
 * @throws RegionPackError naming the file and line for a missing join value or one repeated
 */
export async function readCensusTable(path: string, column: string): Promise<Map<string, CensusRow>> {
  try {
    await access(path);
  } catch {
    throw new RegionPackError(path, 'census table not found');
  }
  const rows = new Map<string, CensusRow>();
  await parseCsv(createReadStream(path), path, (row, line) => {
    const id = row[column];
    if (id === undefined || id.trim() === '') throw new RegionPackError(`${path} line ${line}`, `missing ${column} (the join column)`);
    const key = joinKey(id);
    const earlier = rows.get(key);
    if (earlier !== undefined) throw new RegionPackError(`${path} line ${line}`, `${column} ${id} is also on line ${earlier.line}`);
    rows.set(key, { row, line });
  });
  return rows;
}
