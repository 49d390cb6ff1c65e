import type { StringTable, StringTableBuilder } from './string-table.js';
import type { TypedBuffer } from './typed-buffers.js';

/** The kinds of column a layer can have; each stores its values in one or more named buffers. */
export type ColumnKind = 'point' | 'points' | 'lines' | 'polygons' | 'string' | 'strings' | 'tags' | 'number' | 'numbers' | 'osmId' | 'json';

/** The buffers of one column, by name (e.g. `offsets`, `coords`). */
export type ColumnBuffers = Readonly<Record<string, TypedBuffer>>;

/** Appends one value per record while a layer is built. */
export interface ColumnBuilder<V> {
  /** Appends the value of the next record. */
  add(value: V): void;
  /** The column's buffers; the builder is not used after. */
  finish(): ColumnBuffers;
}

/**
 * How one kind of column is written and read: `V` is the value a record
 * gives, `R` the reader over the stored buffers.
 */
export interface ColumnCodec<V, R> {
  readonly kind: ColumnKind;
  /** A builder that codes strings through the pack's dictionary. */
  builder(strings: StringTableBuilder): ColumnBuilder<V>;
  /**
   * A reader over stored buffers (views, nothing copied).
   *
   * @throws RangeError when a buffer the kind needs is absent
   */
  read(buffers: ColumnBuffers, strings: StringTable, rows: number): R;
}

/**
 * A named buffer of a stored column, checked for its type.
 *
 * @param buffers - the column's buffers
 * @param name - e.g. `coords`
 * @param type - the typed array expected
 * @throws RangeError naming the buffer when absent or of another type
 */
export function bufferOf<T extends TypedBuffer>(buffers: ColumnBuffers, name: string, type: new (length: number) => T): T {
  const buffer = buffers[name];
  if (!(buffer instanceof type)) throw new RangeError(`column buffer ${name} is missing or not a ${type.name}`);
  return buffer;
}
