import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { CliError } from '../exit-codes.js';
import { findAddressColumn, findCategoryColumn } from './columns.js';
import { type CsvSource, openCsv } from './csv-input.js';

/** Flags of `locscore batch` that choose the input's columns. */
export interface InputColumnFlags {
  /** One category for every row. */
  category?: string | undefined;
  /** The column holding each row's category. */
  categoryColumn?: string | undefined;
  /** The column holding each row's address (found by name when left out). */
  addressColumn?: string | undefined;
}

/** The CSV input of a batch, opened for streaming, with the columns it is scored by. */
export interface BatchInput {
  /** Identity of the input in idempotency keys: its absolute path, or `stdin`. */
  identity: string;
  /** Absolute path of an input file; `null` for stdin. */
  path: string | null;
  /** Header, dialect and the records not read yet. */
  source: CsvSource;
  /** Index of the address column. */
  addressIndex: number;
  /**
   * The category sent for a row: `--category`, else the row's category
   * cell, trimmed and lower-cased (the API checks it: a bad one comes back
   * as that row's 400).
   */
  categoryOf(fields: readonly string[]): string;
}

/** Opens the input: a file (absolute path as its identity) or stdin for `-`. */
async function openStream(input: string): Promise<{ stream: Readable; identity: string; path: string | null }> {
  if (input === '-') return { stream: process.stdin, identity: 'stdin', path: null };
  const path = resolve(input);
  try {
    await access(path);
  } catch {
    throw new CliError(`cannot read the input file ${input}`);
  }
  return { stream: createReadStream(path), identity: path, path };
}

async function openSource(stream: Readable): Promise<CsvSource> {
  try {
    return await openCsv(stream);
  } catch (error) {
    throw new CliError(`invalid CSV input: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Opens a batch's input and finds its address and category columns.
 *
 * @param input - a CSV path or `-` for stdin
 * @param flags - `--category`, `--category-column`, `--address-column`
 * @throws CliError (exit 2) for an unreadable or malformed input, a column
 *   not found, or no category at all
 */
export async function openBatchInput(input: string, flags: InputColumnFlags): Promise<BatchInput> {
  const opened = await openStream(input);
  const source = await openSource(opened.stream);
  const { header } = source;
  const addressIndex = findAddressColumn(header, flags.addressColumn);
  const categoryIndex = findCategoryColumn(header, flags.categoryColumn, flags.category === undefined);
  const fixed = flags.category;
  if (categoryIndex === -1 && fixed === undefined) {
    throw new CliError(`no category: pass --category <c> for every row, or --category-column <name> (columns: ${header.join(', ')})`);
  }
  const categoryOf = (fields: readonly string[]): string => (categoryIndex === -1 ? (fixed ?? '') : (fields[categoryIndex] ?? '').trim().toLowerCase());
  return { identity: opened.identity, path: opened.path, source, addressIndex, categoryOf };
}

/** Counts the data records of a CSV file (a streaming pass, for the progress bar's total). */
export async function countRecords(path: string): Promise<number> {
  const source = await openCsv(createReadStream(path));
  let count = 0;
  while (!(await source.records.next()).done) count += 1;
  return count;
}
