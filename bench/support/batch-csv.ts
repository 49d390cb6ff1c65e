/**
 * Input CSVs of `bench/batch.ts` and the check of the CLI's output files.
 */

import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { REPO_ROOT } from './machine.js';

/** The kinds of invalid row a batch file holds (about 2 % of its rows). */
export type InvalidKind = 'empty-address' | 'unknown-street' | 'bad-category';

/** One row in fifty is invalid; the kinds take turns. */
export const INVALID_EVERY = 50;
const INVALID_KINDS: readonly InvalidKind[] = ['empty-address', 'unknown-street', 'bad-category'];

/**
 * Which kind of invalid row (if any) row `id` (1-based) is.
 *
 * @param id - the row's `id` cell
 */
export function invalidKindOf(id: number): InvalidKind | null {
  if (id % INVALID_EVERY !== 7) return null;
  return INVALID_KINDS[Math.floor(id / INVALID_EVERY) % INVALID_KINDS.length] ?? null;
}

function quote(cell: string): string {
  return /[",\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/**
 * Writes `id,address,category` rows: real addresses in turn, the categories
 * in turn, and every {@link INVALID_EVERY}th row invalid ({@link invalidKindOf}).
 *
 * @param path - output file
 * @param rows - number of data rows
 * @param addresses - real address strings (at least one)
 * @param categories - valid category names (at least one)
 * @returns counts of valid and invalid rows
 */
export async function writeBatchCsv(
  path: string,
  rows: number,
  addresses: readonly string[],
  categories: readonly string[],
): Promise<{ rows: number; invalid: number }> {
  const out = createWriteStream(path);
  let invalid = 0;
  let chunk = 'id,address,category\n';
  for (let id = 1; id <= rows; id++) {
    let address = addresses[(id - 1) % addresses.length] ?? '';
    let category = categories[(id - 1) % categories.length] ?? 'coffee';
    const kind = invalidKindOf(id);
    if (kind !== null) invalid += 1;
    if (kind === 'empty-address') address = '';
    else if (kind === 'unknown-street') address = `Nonexistentweg ${(id % 97) + 1}, 9490 Vaduz`;
    else if (kind === 'bad-category') category = 'coffe';
    chunk += `${id},${quote(address)},${category}\n`;
    if (chunk.length > 64_000) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  return { rows, invalid };
}

/** What the check of one output file found. */
export interface OutputCheck {
  /** Data records in the output. */
  records: number;
  /** Input ids absent from the output. */
  missing: number;
  /** Input ids present more than once. */
  duplicated: number;
  /** Ids out of input order. */
  outOfOrder: number;
  /** Valid rows written with a score. */
  scored: number;
  /** Rows written with an error code, by code. */
  errors: Record<string, number>;
  /** Valid rows that came back with an error (should be 0). */
  validRowsWithError: number;
  /** Invalid rows that came back with a score (should be 0). */
  invalidRowsScored: number;
  /** Every input row exactly once, in order, errors only where expected. */
  ok: boolean;
}

interface CsvParser {
  parse(options: { columns: boolean; bom: boolean }): NodeJS.ReadWriteStream & AsyncIterable<Record<string, string>>;
}

/**
 * Streams a `locscore batch` CSV output and checks it holds every input row
 * (`id` 1..rows) exactly once, in order, with `locscore_score` on valid rows
 * and `locscore_error_code` on the invalid ones. Uses csv-parse (the CLI's own).
 *
 * @param path - the output file
 * @param rows - the input's number of data rows
 */
export async function checkBatchOutput(path: string, rows: number): Promise<OutputCheck> {
  const { parse } = createRequire(join(REPO_ROOT, 'apps', 'cli', 'package.json'))('csv-parse') as CsvParser;
  const seen = new Uint8Array(rows + 1);
  const check: OutputCheck = {
    records: 0,
    missing: 0,
    duplicated: 0,
    outOfOrder: 0,
    scored: 0,
    errors: {},
    validRowsWithError: 0,
    invalidRowsScored: 0,
    ok: false,
  };
  let previous = 0;
  const records = (createReadStream(path) as Readable).pipe(parse({ columns: true, bom: true }));
  for await (const record of records) {
    check.records += 1;
    const id = Number(record.id);
    if (!Number.isInteger(id) || id < 1 || id > rows) continue;
    if (seen[id] === 1) check.duplicated += 1;
    seen[id] = 1;
    if (id < previous) check.outOfOrder += 1;
    previous = id;
    const code = record.locscore_error_code ?? '';
    const invalid = invalidKindOf(id) !== null;
    if (code !== '') {
      check.errors[code] = (check.errors[code] ?? 0) + 1;
      if (!invalid) check.validRowsWithError += 1;
    } else if ((record.locscore_score ?? '') !== '') {
      check.scored += 1;
      if (invalid) check.invalidRowsScored += 1;
    }
  }
  for (let id = 1; id <= rows; id++) if (seen[id] !== 1) check.missing += 1;
  check.ok =
    check.records === rows &&
    check.missing === 0 &&
    check.duplicated === 0 &&
    check.outOfOrder === 0 &&
    check.validRowsWithError === 0 &&
    check.invalidRowsScored === 0;
  return check;
}
