/**
 * Writing a pack: records are added layer by layer into growing typed
 * columns (nothing keeps the record objects), then every file is written
 * into a temporary sibling directory that is renamed into place, so a pack
 * directory is complete or absent.
 */
import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { ColumnBuffers } from './column.js';
import { PackError } from './errors.js';
import { MANIFEST_FILE, PACK_FORMAT_VERSION, type PackDescription, type PackManifest, STRINGS_FILE, type StoredLayer } from './format.js';
import type { ColumnSpecs, LayerSchema, RecordColumnBuilder } from './layer-schema.js';
import { PACK_LAYERS } from './layers.js';
import type { PackRecords, RegionRecords } from './pack-records.js';
import { SpatialIndexBuilder } from './spatial-index.js';
import { writeBufferFile } from './stored-files.js';
import { StringTableBuilder } from './string-table.js';
import type { TypedBuffer } from './typed-buffers.js';

/** Columns of one layer under construction. */
class LayerBuilder<R> {
  rows = 0;
  private readonly columns: Array<{ name: string; kind: string; builder: RecordColumnBuilder<R> }>;
  private readonly index: SpatialIndexBuilder | null;

  constructor(
    private readonly schema: LayerSchema<R, ColumnSpecs<R>, string, unknown>,
    strings: StringTableBuilder,
  ) {
    this.columns = Object.entries(schema.columns).map(([name, spec]) => ({ name, kind: spec.kind, builder: spec.builder(strings) }));
    this.index = schema.index === undefined ? null : new SpatialIndexBuilder(schema.index.kind);
  }

  add(record: R): void {
    for (const column of this.columns) column.builder.add(record);
    const index = this.schema.index;
    if (index?.kind === 'points') this.index?.addPoint(index.point(record));
    else if (index?.kind === 'boxes') this.index?.addBox(index.box(record));
    this.rows++;
  }

  finish(): { columns: Array<{ name: string; kind: string; buffers: ColumnBuffers }>; index: Uint8Array | null } {
    return { columns: this.columns.map(({ name, kind, builder }) => ({ name, kind, buffers: builder.finish() })), index: this.index?.finish() ?? null };
  }
}

/**
 * Builds a format-4 pack: add records with {@link PackBuilder.add} (or a
 * whole region with {@link PackBuilder.addRegion}), then {@link PackBuilder.write}.
 */
export class PackBuilder {
  private readonly strings = new StringTableBuilder();
  private readonly layers = new Map<string, LayerBuilder<never>>();

  constructor() {
    for (const schema of PACK_LAYERS) {
      this.layers.set(schema.name, new LayerBuilder(schema as unknown as LayerSchema<never, ColumnSpecs<never>, string, unknown>, this.strings));
    }
  }

  /**
   * Adds one record to a layer.
   *
   * @param layer - the layer's name
   * @param record - the record
   * @throws RangeError for a coordinate that is not finite or beyond ±180°, or a street without points
   */
  add<N extends keyof PackRecords>(layer: N, record: PackRecords[N]): void {
    (this.layers.get(layer) as LayerBuilder<PackRecords[N]> | undefined)?.add(record);
  }

  /**
   * Adds every record of a region; each street goes to `streets` and to
   * `streetLines`. Other properties (a `manifest`) are not read.
   *
   * @param region - records by layer (the engine's `RegionData` fits)
   */
  addRegion(region: RegionRecords): void {
    for (const schema of PACK_LAYERS) {
      const layer = schema.name;
      if (layer === 'streetLines') continue;
      for (const record of (region[layer] ?? []) as Iterable<never>) {
        this.add(layer, record);
        if (layer === 'streets') this.add('streetLines', record);
      }
    }
  }

  /**
   * Writes the pack to `dir`.
   *
   * @param dir - the pack directory to create
   * @param description - the manifest's fields from the importer (name, sources…)
   * @param options - `force` replaces an existing directory; @default `{ force: false }`
   * @returns the manifest written
   * @throws PackError `exists` when `dir` exists without `force`, `write_failed` when a file cannot be written
   */
  async write(dir: string, description: PackDescription, options: { force?: boolean } = {}): Promise<PackManifest> {
    if (options.force !== true && (await exists(dir)))
      throw new PackError(dir, 'exists', 'already exists; choose another directory or pass force to replace it');
    let temp: string;
    try {
      temp = await mkdtemp(join(dirname(dir), `.${basename(dir)}.tmp-`));
    } catch (error) {
      throw new PackError(dir, 'write_failed', `cannot create the pack next to it (${describe(error)})`);
    }
    try {
      const manifest = await this.writeFiles(temp, description);
      if (options.force === true) await rm(dir, { recursive: true, force: true });
      await rename(temp, dir);
      return manifest;
    } catch (error) {
      await rm(temp, { recursive: true, force: true });
      if (error instanceof PackError) throw error;
      throw new PackError(dir, 'write_failed', `cannot write the pack (${describe(error)})`);
    }
  }

  private async writeFiles(dir: string, description: PackDescription): Promise<PackManifest> {
    const layers: Record<string, StoredLayer> = {};
    const counts: Record<string, number> = {};
    for (const [name, builder] of this.layers) {
      layers[name] = await writeLayer(dir, name, builder);
      counts[name] = builder.rows;
    }
    const dictionary = this.strings.finish();
    const stringsFile = await writeBufferFile(join(dir, STRINGS_FILE), [
      ['offsets', dictionary.offsets],
      ['bytes', dictionary.bytes],
    ]);
    const manifest: PackManifest = {
      formatVersion: PACK_FORMAT_VERSION,
      ...description,
      counts,
      strings: { ...stringsFile.file, count: this.strings.size },
      layers,
    };
    await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  }
}

async function writeLayer(dir: string, name: string, builder: LayerBuilder<never>): Promise<StoredLayer> {
  const { columns, index } = builder.finish();
  const arrays: Array<readonly [string, TypedBuffer]> = columns.flatMap(({ name: column, buffers }) =>
    Object.entries(buffers).map(([buffer, array]) => [`${column}.${buffer}`, array] as const),
  );
  const { file, buffers } = await writeBufferFile(join(dir, `${name}.bin`), arrays);
  const stored: StoredLayer = { ...file, rows: builder.rows, columns: {} };
  for (const column of columns) {
    stored.columns[column.name] = {
      kind: column.kind as StoredLayer['columns'][string]['kind'],
      buffers: Object.fromEntries(
        Object.keys(column.buffers).map((buffer) => [buffer, buffers.get(`${column.name}.${buffer}`) as NonNullable<ReturnType<typeof buffers.get>>]),
      ),
    };
  }
  if (index !== null) {
    const written = await writeBufferFile(join(dir, `${name}.index`), [['tree', index]]);
    const kind = PACK_LAYERS.find((schema) => schema.name === name)?.index?.kind ?? 'points';
    stored.index = { ...written.file, kind };
  }
  return stored;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
