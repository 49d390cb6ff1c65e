/**
 * The typed arrays a pack's columns are made of, named by their element
 * type as the manifest writes it, and a column that grows while a layer is
 * built.
 */

/** Element type of a stored buffer. */
export type BufferType = 'u8' | 'u32' | 'i32' | 'f64';

/** A typed array of one of the {@link BufferType}s. */
export type TypedBuffer = Uint8Array | Uint32Array | Int32Array | Float64Array;

/** The array constructor of each buffer type. */
export const BUFFER_ARRAYS = {
  u8: Uint8Array,
  u32: Uint32Array,
  i32: Int32Array,
  f64: Float64Array,
} as const;

/**
 * The buffer type of a typed array.
 *
 * @param array - any {@link TypedBuffer}
 */
export function bufferTypeOf(array: TypedBuffer): BufferType {
  if (array instanceof Uint8Array) return 'u8';
  if (array instanceof Uint32Array) return 'u32';
  if (array instanceof Int32Array) return 'i32';
  return 'f64';
}

/**
 * A typed array that grows by doubling as values are appended; {@link
 * GrowableBuffer.finish} returns exactly the values appended.
 */
export class GrowableBuffer<T extends TypedBuffer> {
  private array: T;
  private size = 0;

  /**
   * @param type - element type
   * @param capacity - initial capacity; @default 1024
   */
  constructor(
    private readonly type: BufferType,
    capacity = 1024,
  ) {
    this.array = new BUFFER_ARRAYS[type](capacity) as T;
  }

  /** Values appended so far. */
  get length(): number {
    return this.size;
  }

  /** Appends one value (converted as the typed array converts it). */
  push(value: number): void {
    if (this.size === this.array.length) {
      const grown = new BUFFER_ARRAYS[this.type](this.array.length * 2) as T;
      grown.set(this.array);
      this.array = grown;
    }
    this.array[this.size++] = value;
  }

  /** The values appended, in a typed array of exactly that length. */
  finish(): T {
    return this.array.slice(0, this.size) as T;
  }
}
