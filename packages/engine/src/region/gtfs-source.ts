import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import yauzl from 'yauzl';
import { RegionPackError } from '../errors.js';
import { parseCsv } from './csv-rows.js';
import { digestFiles, type FileDigest } from './file-digest.js';

/** One GTFS row: column name → value (trimmed strings, empty when blank). */
export type GtfsRow = Record<string, string>;

/**
 * A GTFS feed, as a zip file or a folder of `.txt` files: which tables it has,
 * and a streaming reader per table.
 */
export interface GtfsSource {
  /** Short feed name: the file or folder name without `.zip`, e.g. `stm`. */
  readonly name: string;
  /** The path as given. */
  readonly path: string;
  /** Whether the feed has the table, e.g. `stop_times.txt`. */
  has(table: string): boolean;
  /**
   * Streams the table's rows (csv-parse, header row as column names, BOM stripped).
   *
   * @throws RegionPackError naming the feed and table on malformed CSV
   */
  rows(table: string, onRow: (row: GtfsRow) => void): Promise<void>;
  /**
   * Streams only the named columns of the table's rows, trimmed, in the order
   * asked (`''` for a column the table lacks): no object per row, for the
   * large tables (`stop_times.txt`, `trips.txt`).
   *
   * @throws RegionPackError naming the feed and table on malformed CSV
   */
  columns(table: string, names: readonly string[], onRow: (values: string[]) => void): Promise<void>;
  /** Size and SHA-256: of the zip file, or over the folder's `.txt` names and contents in name order. */
  digest(): Promise<FileDigest>;
  /** Releases the zip file, if any. */
  close(): void;
}

/**
 * Opens a GTFS feed (zip or folder).
 *
 * @param path - a `.zip` file or a folder holding `stops.txt`
 * @returns the feed
 * @throws RegionPackError when the path is missing, not a zip, or has no `stops.txt`
 */
export async function openGtfs(path: string): Promise<GtfsSource> {
  const info = await stat(path).catch(() => {
    throw new RegionPackError(path, 'GTFS feed not found');
  });
  const source = info.isDirectory() ? await openFolder(path) : await openZip(path);
  if (!source.has('stops.txt')) {
    source.close();
    throw new RegionPackError(path, 'not a GTFS feed: no stops.txt');
  }
  return source;
}

function feedName(path: string): string {
  return basename(path.replace(/[\\/]+$/, '')).replace(/\.zip$/i, '');
}

async function openFolder(path: string): Promise<GtfsSource> {
  const files = new Map<string, string>();
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.toLowerCase().endsWith('.txt')) files.set(entry.name.toLowerCase(), entry.name);
  }
  return {
    name: feedName(path),
    path,
    has: (table) => files.has(table),
    rows: async (table, onRow) => {
      const file = files.get(table);
      if (file === undefined) return;
      await parseCsv(createReadStream(join(path, file)), `${path}/${file}`, onRow);
    },
    columns: async (table, names, onRow) => {
      const file = files.get(table);
      if (file === undefined) return;
      await parseCsvColumns(createReadStream(join(path, file)), `${path}/${file}`, names, onRow);
    },
    digest: () => digestFiles([...files.values()].sort().map((file) => ({ path: join(path, file), label: file }))),
    close: () => undefined,
  };
}

async function openZip(path: string): Promise<GtfsSource> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.open(path, { lazyEntries: false, autoClose: false }, (error, file) => {
      if (error !== null) reject(new RegionPackError(path, `not a readable GTFS zip (${error.message})`));
      else resolve(file);
    });
  });
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = basename(entry.fileName).toLowerCase();
      if (name.endsWith('.txt') && !entry.fileName.endsWith('/') && !entries.has(name)) entries.set(name, entry);
    });
    zip.on('end', () => resolve());
    zip.on('error', (error: Error) => reject(new RegionPackError(path, `malformed GTFS zip (${error.message})`)));
  });
  return {
    name: feedName(path),
    path,
    has: (table) => entries.has(table),
    rows: async (table, onRow) => {
      const entry = entries.get(table);
      if (entry !== undefined) await parseCsv(await openEntry(zip, entry, `${path}/${table}`), `${path}/${table}`, onRow);
    },
    columns: async (table, names, onRow) => {
      const entry = entries.get(table);
      if (entry !== undefined) await parseCsvColumns(await openEntry(zip, entry, `${path}/${table}`), `${path}/${table}`, names, onRow);
    },
    digest: () => digestFiles([{ path }]),
    close: () => zip.close(),
  };
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, label: string): Promise<Readable> {
  return new Promise<Readable>((resolve, reject) => {
    zip.openReadStream(entry, (error, readable) => {
      if (error !== null) reject(new RegionPackError(label, `cannot read from the zip (${error.message})`));
      else resolve(readable);
    });
  });
}

/**
 * Streams the named columns of a CSV with a header row through csv-parse in
 * array mode (BOM stripped, blank lines skipped, short rows allowed).
 *
 * @throws RegionPackError naming `label` on malformed CSV
 */
async function parseCsvColumns(input: Readable, label: string, names: readonly string[], onRow: (values: string[]) => void): Promise<void> {
  const parser = input.pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true }));
  input.on('error', (error) => parser.destroy(error));
  let indexes: number[] | null = null;
  try {
    for await (const record of parser) {
      const fields = record as string[];
      if (indexes === null) {
        const header = fields.map((field) => field.trim());
        indexes = names.map((name) => header.indexOf(name));
        continue;
      }
      onRow(indexes.map((index) => (index < 0 ? '' : (fields[index] ?? '').trim())));
    }
  } catch (error) {
    if (error instanceof RegionPackError) throw error;
    throw new RegionPackError(label, `malformed CSV (${error instanceof Error ? error.message : String(error)})`);
  }
}
