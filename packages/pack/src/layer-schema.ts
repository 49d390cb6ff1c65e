/**
 * How a layer of records is stored: its columns (each a codec and the field
 * of the record it holds), its spatial index, and how a record is rebuilt
 * from the columns. A field added to a record type is a column added here;
 * readers ignore columns they do not know.
 */
import type { ColumnBuffers, ColumnCodec, ColumnKind } from './column.js';
import type { BBox, LatLng } from './records.js';
import type { StringTable, StringTableBuilder } from './string-table.js';

/** Appends one record's value to a column. */
export interface RecordColumnBuilder<R> {
  add(record: R): void;
  finish(): ColumnBuffers;
}

/** One column of a layer of records `R`, read through `C`. */
export interface ColumnSpec<R, C> {
  readonly kind: ColumnKind;
  builder(strings: StringTableBuilder): RecordColumnBuilder<R>;
  read(buffers: ColumnBuffers, strings: StringTable, rows: number): C;
}

/**
 * A column of records `R` holding `get(record)`, stored by `codec`.
 *
 * @param codec - e.g. `point`, `string`, `strings` (`coordinate-columns.ts`, `value-columns.ts`)
 * @param get - the record's value
 */
export function column<R, V, C>(codec: ColumnCodec<V, C>, get: (record: R) => V): ColumnSpec<R, C> {
  return {
    kind: codec.kind,
    builder(strings) {
      const builder = codec.builder(strings);
      return { add: (record) => builder.add(get(record)), finish: () => builder.finish() };
    },
    read: (buffers, strings, rows) => codec.read(buffers, strings, rows),
  };
}

/** The columns of a layer, by name. */
export type ColumnSpecs<R> = Record<string, ColumnSpec<R, unknown>>;

/** The readers of a layer's columns, by name. */
export type ColumnReaders<Cols> = { readonly [K in keyof Cols]: Cols[K] extends ColumnSpec<never, infer C> ? C : never };

/**
 * The spatial index stored with a layer: a kdbush tree over each record's
 * point (`points`), or a flatbush tree over each record's box (`boxes`),
 * both in decimal degrees, items in row order.
 */
export type IndexSpec<R> = { kind: 'points'; point: (record: R) => LatLng } | { kind: 'boxes'; box: (record: R) => BBox };

/**
 * A layer of records `R` stored in columns `Cols`, named `N`, read back as
 * records `Out` (the same as `R` unless the layer keeps only part of them).
 */
export interface LayerSchema<R, Cols extends ColumnSpecs<R>, N extends string = string, Out = R> {
  /** The layer's name, also its file name `<name>.bin`. */
  readonly name: N;
  readonly columns: Cols;
  readonly index?: IndexSpec<R>;
  /** Loaded only when asked for (e.g. full street geometry, which only site maps draw). @default false */
  readonly lazy?: boolean;
  /**
   * Rebuilds row `i` as a record, for readers that want objects (small
   * layers, tests, golden comparisons).
   */
  readonly record: (columns: ColumnReaders<Cols>, i: number) => Out;
}

/**
 * Defines a layer; `defineLayer<AddressPoint>()({ … })` infers its name and columns.
 *
 * @returns a function taking the layer's schema and returning it typed
 */
export function defineLayer<R, Out = R>(): <const N extends string, Cols extends ColumnSpecs<R>>(
  schema: LayerSchema<R, Cols, N, Out>,
) => LayerSchema<R, Cols, N, Out> {
  return (schema) => schema;
}
