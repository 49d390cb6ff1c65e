/**
 * Format 4 of a region pack: the files of a pack directory and its
 * manifest (see `docs/pack-format.md`).
 *
 * ```
 * <pack>/
 *   manifest.json       PackManifest: sources with digests and dates, layers with their columns
 *   strings.bin         the dictionary of every string (UTF-8, with offsets)
 *   <layer>.bin         the layer's columns: typed arrays, each at an 8-byte boundary
 *   <layer>.index       its spatial index (kdbush or flatbush bytes), for layers with one
 * ```
 */
import type { ColumnKind } from './column.js';
import type { BBox, PackCoverage, PackSource, PopulationSummary } from './records.js';
import type { BufferType } from './typed-buffers.js';

/** The pack format this package writes and reads. Bumped on any change a reader of the previous version cannot read. */
export const PACK_FORMAT_VERSION = 4;

/** Name of the manifest file inside a pack directory. */
export const MANIFEST_FILE = 'manifest.json';

/** Name of the string dictionary file. */
export const STRINGS_FILE = 'strings.bin';

/** Every buffer starts at a multiple of this many bytes inside its file, so typed-array views need no copy. */
export const BUFFER_ALIGNMENT = 8;

/** A file of the pack: its name, size and SHA-256 (hex), checked when the pack is read. */
export interface StoredFile {
  path: string;
  bytes: number;
  sha256: string;
}

/** One buffer of a column inside its layer file. */
export interface StoredBuffer {
  type: BufferType;
  /** Byte offset in the layer file (a multiple of {@link BUFFER_ALIGNMENT}). */
  offset: number;
  /** Elements (not bytes). */
  length: number;
}

/** One column of a layer: its kind and buffers. */
export interface StoredColumn {
  kind: ColumnKind;
  buffers: Record<string, StoredBuffer>;
}

/** One layer: its file, rows, columns and spatial index. */
export interface StoredLayer extends StoredFile {
  rows: number;
  columns: Record<string, StoredColumn>;
  /** The layer's spatial index file: kdbush over points or flatbush over boxes, decimal degrees, items in row order. */
  index?: StoredFile & { kind: 'points' | 'boxes' };
}

/** The fields of a manifest that the importer gives; the writer adds the rest. */
export interface PackDescription {
  name: string;
  /** true for the fictional sample region: every result says so. */
  sample: boolean;
  /** When the pack was written, ISO 8601 UTC. */
  createdAt: string;
  /** Box `[minLng, minLat, maxLng, maxLat]` of all data kept. */
  bbox: BBox;
  /** The inputs, each with size, SHA-256, date, licence and attribution. */
  sources: PackSource[];
  /** One line combining every source's attribution. */
  attribution: string;
  /** What wrote the pack, e.g. `@locscore/import`. */
  generator?: string;
  /** The area the pack covers. */
  coverage?: PackCoverage;
  /** How the population layer was made. */
  population?: PopulationSummary;
}

/** `manifest.json` of a format-4 pack. */
export interface PackManifest extends PackDescription {
  formatVersion: typeof PACK_FORMAT_VERSION;
  /** Rows of each layer, by layer name. */
  counts: Record<string, number>;
  strings: StoredFile & { count: number };
  layers: Record<string, StoredLayer>;
}
