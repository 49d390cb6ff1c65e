/**
 * The pack's dictionary of strings: every distinct string of every string
 * column is stored once, as UTF-8, and columns hold its code (its position
 * in the dictionary). Town names, street names, postcodes and tag values
 * repeat across millions of records; their codes take 4 bytes each.
 */

/** The code of an absent string (`undefined` or `null`). */
export const NO_STRING = 0xffff_ffff;

/**
 * Collects strings while a pack is built and gives each distinct string its
 * code, in order of first appearance.
 */
export class StringTableBuilder {
  private readonly codes = new Map<string, number>();

  /** Distinct strings so far. */
  get size(): number {
    return this.codes.size;
  }

  /**
   * The code of a string, added when new.
   *
   * @param value - the string; `undefined` and `null` give {@link NO_STRING}
   */
  code(value: string | null | undefined): number {
    if (value === undefined || value === null) return NO_STRING;
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.codes.size;
      this.codes.set(value, code);
    }
    return code;
  }

  /**
   * The stored form: `offsets[i]..offsets[i + 1]` are the UTF-8 bytes of
   * string `i` in `bytes`.
   */
  finish(): { offsets: Uint32Array; bytes: Uint8Array } {
    const offsets = new Uint32Array(this.codes.size + 1);
    let total = 0;
    let i = 0;
    for (const value of this.codes.keys()) {
      total += Buffer.byteLength(value, 'utf8');
      offsets[++i] = total;
    }
    const bytes = Buffer.alloc(total);
    i = 0;
    for (const value of this.codes.keys()) bytes.write(value, offsets[i++] ?? 0, 'utf8');
    return { offsets, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  }
}

/**
 * The dictionary of a pack as read: strings are decoded on first use and
 * kept, so a pack whose readers touch few strings decodes few.
 */
export class StringTable {
  private readonly decoded: Array<string | undefined>;
  private readonly decoder = new TextDecoder();

  /**
   * @param offsets - `count + 1` byte offsets
   * @param bytes - the UTF-8 bytes of every string, one after another
   */
  constructor(
    private readonly offsets: Uint32Array,
    private readonly bytes: Uint8Array,
  ) {
    this.decoded = new Array<string | undefined>(Math.max(0, offsets.length - 1));
  }

  /** Strings in the dictionary. */
  get size(): number {
    return this.decoded.length;
  }

  /**
   * The string of a code.
   *
   * @param code - a code from a string column
   * @returns the string, or undefined for {@link NO_STRING}
   * @throws RangeError for a code outside the dictionary (a damaged pack)
   */
  get(code: number): string | undefined {
    if (code === NO_STRING) return undefined;
    let value = this.decoded[code];
    if (value === undefined) {
      if (code < 0 || code >= this.decoded.length) throw new RangeError(`string code ${code} outside the dictionary of ${this.decoded.length}`);
      value = this.decoder.decode(this.bytes.subarray(this.offsets[code], this.offsets[code + 1]));
      this.decoded[code] = value;
    }
    return value;
  }
}
