/**
 * Reading a pack: each layer file is read whole and its columns become
 * typed-array views of it; spatial indexes are handed to kdbush and
 * flatbush as stored. Nothing is parsed record by record; strings are
 * decoded when first asked for.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ColumnBuffers } from './column.js';
import { PackError } from './errors.js';
import { MANIFEST_FILE, type PackManifest, type StoredLayer } from './format.js';
import type { ColumnReaders, ColumnSpecs, LayerSchema } from './layer-schema.js';
import { PACK_LAYERS, type PackLayerName } from './layers.js';
import { checkManifest, rebuildCommand } from './manifest-check.js';
import type { PackRecordsRead } from './pack-records.js';
import { readSpatialIndex, type SpatialIndex } from './spatial-index.js';
import { readStoredFile, viewOf } from './stored-files.js';
import { StringTable } from './string-table.js';

/** The schema of the layer named `N`. */
export type SchemaOf<N extends PackLayerName> = Extract<(typeof PACK_LAYERS)[number], { name: N }>;

/** One layer as read: its rows, column readers, spatial index and records. */
export interface LoadedLayer<N extends PackLayerName> {
  readonly name: N;
  readonly rows: number;
  readonly columns: ColumnReaders<SchemaOf<N>['columns']>;
  /** kdbush (points) or flatbush (boxes) over the rows, in row order; null for a layer without one or without rows. */
  readonly index: SpatialIndex | null;
  /** Row `i` rebuilt as a record. */
  record(i: number): PackRecordsRead[N];
}

/** Options of {@link openPack}. */
export interface OpenPackOptions {
  /** Layers to read now; @default every layer but the lazy ones (`streetLines`) */
  layers?: readonly PackLayerName[];
  /** Check every file's SHA-256 against the manifest (sizes are always checked); @default true */
  verify?: boolean;
}

/** An open pack. */
export interface Pack {
  readonly dir: string;
  readonly manifest: PackManifest;
  readonly strings: StringTable;
  /**
   * A layer read by {@link openPack}.
   *
   * @throws PackError `invalid` when the layer was not read (a lazy layer: use {@link Pack.loadLayer})
   */
  layer<N extends PackLayerName>(name: N): LoadedLayer<N>;
  /** A layer, read now if it was not. */
  loadLayer<N extends PackLayerName>(name: N): Promise<LoadedLayer<N>>;
}

/**
 * Opens a format-4 pack.
 *
 * @param dir - the pack directory
 * @param options - see {@link OpenPackOptions}
 * @throws PackError `not_found` (no directory or manifest), `previous_format`
 *   (with the command that rebuilds it), `newer_format`, `invalid` (manifest
 *   or a column the reader needs), `damaged` (size, checksum or offsets)
 */
export async function openPack(dir: string, options: OpenPackOptions = {}): Promise<Pack> {
  const manifest = await readManifest(dir);
  const verify = options.verify ?? true;
  const strings = await readStrings(dir, manifest, verify);
  const loaded = new Map<PackLayerName, LoadedLayer<PackLayerName>>();
  const load = async <N extends PackLayerName>(name: N): Promise<LoadedLayer<N>> => {
    let layer = loaded.get(name) as LoadedLayer<N> | undefined;
    if (layer === undefined) {
      layer = await readLayer(dir, manifest, strings, name, verify);
      loaded.set(name, layer as unknown as LoadedLayer<PackLayerName>);
    }
    return layer;
  };
  const wanted = options.layers ?? PACK_LAYERS.filter((schema) => !('lazy' in schema && schema.lazy === true)).map((schema) => schema.name);
  for (const name of wanted) await load(name);
  return {
    dir,
    manifest,
    strings,
    layer<N extends PackLayerName>(name: N): LoadedLayer<N> {
      const layer = loaded.get(name);
      if (layer === undefined) throw new PackError(dir, 'invalid', `layer ${name} was not read; read it with loadLayer('${name}')`);
      return layer as unknown as LoadedLayer<N>;
    },
    loadLayer: load,
  };
}

/**
 * Reads and checks a pack's manifest only (what `locscore region info`
 * prints), without reading its layers.
 *
 * @param dir - the pack directory
 * @returns the manifest
 * @throws PackError as {@link openPack} does for the manifest
 */
export async function readPackManifest(dir: string): Promise<PackManifest> {
  return readManifest(dir);
}

async function readManifest(dir: string): Promise<PackManifest> {
  try {
    if (!(await stat(dir)).isDirectory()) throw new PackError(dir, 'not_found', 'not a directory');
  } catch (error) {
    if (error instanceof PackError) throw error;
    throw new PackError(dir, 'not_found', 'region pack not found');
  }
  const path = join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new PackError(dir, 'not_found', 'no manifest.json: not a region pack');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PackError(path, 'invalid', 'the manifest is not valid JSON');
  }
  return checkManifest(parsed, dir, path);
}

async function readStrings(dir: string, manifest: PackManifest, verify: boolean): Promise<StringTable> {
  const bytes = await readStoredFile(dir, manifest.strings, verify);
  const path = join(dir, manifest.strings.path);
  const count = manifest.strings.count;
  const offsets = viewOf(bytes, { type: 'u32', offset: 0, length: count + 1 }, path);
  const start = Math.ceil(((count + 1) * 4) / 8) * 8;
  const utf8 = viewOf(bytes, { type: 'u8', offset: start, length: bytes.byteLength - start }, path);
  return new StringTable(offsets as Uint32Array, utf8 as Uint8Array);
}

async function readLayer<N extends PackLayerName>(
  dir: string,
  manifest: PackManifest,
  strings: StringTable,
  name: N,
  verify: boolean,
): Promise<LoadedLayer<N>> {
  const schema = PACK_LAYERS.find((layer) => layer.name === name) as unknown as LayerSchema<never, ColumnSpecs<never>, N, PackRecordsRead[N]>;
  const stored: StoredLayer | undefined = manifest.layers[name];
  if (stored === undefined) throw new PackError(dir, 'invalid', `the pack has no layer ${name}; rebuild it: ${rebuildCommand(manifest, dir)}`);
  const bytes = await readStoredFile(dir, stored, verify);
  const path = join(dir, stored.path);
  const columns: Record<string, unknown> = {};
  for (const [column, spec] of Object.entries(schema.columns)) {
    const entry = stored.columns[column];
    if (entry === undefined || entry.kind !== spec.kind) {
      throw new PackError(path, 'invalid', `column ${column} of kind ${spec.kind} is missing; rebuild the pack: ${rebuildCommand(manifest, dir)}`);
    }
    const buffers: ColumnBuffers = Object.fromEntries(Object.entries(entry.buffers).map(([buffer, at]) => [buffer, viewOf(bytes, at, path)]));
    try {
      columns[column] = spec.read(buffers, strings, stored.rows);
    } catch (error) {
      throw new PackError(path, 'damaged', `column ${column}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const index = stored.index === undefined ? null : readSpatialIndex(stored.index.kind, await readStoredFile(dir, stored.index, verify));
  const readers = columns as ColumnReaders<SchemaOf<N>['columns']>;
  return {
    name,
    rows: stored.rows,
    columns: readers,
    index,
    record: (i) => schema.record(readers as never, i),
  };
}
