/**
 * Columns of values: dictionary-coded strings (`string-table.ts`), lists of
 * them, tag maps, numbers (`Float64`, NaN where absent), lists of numbers,
 * OpenStreetMap ids (`n123` as a type byte and a number), and rare nested
 * values as dictionary-coded JSON.
 */
import { bufferOf, type ColumnBuffers, type ColumnCodec } from './column.js';
import { NO_STRING, type StringTable } from './string-table.js';
import { GrowableBuffer } from './typed-buffers.js';

/** Reader of a `string` column. */
export class StringColumn {
  constructor(
    readonly codes: Uint32Array,
    private readonly strings: StringTable,
  ) {}

  /** The string of row `i`, or undefined when absent. */
  get(i: number): string | undefined {
    return this.strings.get(this.codes[i] ?? NO_STRING);
  }
}

/** One string per record, absent allowed (`undefined` or `null`). */
export const string: ColumnCodec<string | null | undefined, StringColumn> = {
  kind: 'string',
  builder(strings) {
    const codes = new GrowableBuffer<Uint32Array>('u32');
    return { add: (value) => codes.push(strings.code(value)), finish: () => ({ codes: codes.finish() }) };
  },
  read: (buffers, strings) => new StringColumn(bufferOf(buffers, 'codes', Uint32Array), strings),
};

/** Reader of a `strings` column: row `i`'s codes are `codes[offsets[i]..offsets[i + 1]]`; `present[i]` is 0 for an absent list. */
export class StringListColumn {
  /** The lists decoded so far, by their codes (`12,40`). */
  private readonly lists = new Map<string, string[]>();

  constructor(
    private readonly buffers: ColumnBuffers,
    private readonly strings: StringTable,
  ) {}

  /**
   * The strings of row `i`, or undefined when the record had no list. Rows
   * with the same strings share one frozen array (the areas or localities of
   * the addresses of one town repeat across thousands of rows).
   */
  get(i: number): string[] | undefined {
    if (bufferOf(this.buffers, 'present', Uint8Array)[i] !== 1) return undefined;
    const offsets = bufferOf(this.buffers, 'offsets', Uint32Array);
    const codes = bufferOf(this.buffers, 'codes', Uint32Array);
    const from = offsets[i] ?? 0;
    const to = offsets[i + 1] ?? 0;
    const key = codes.subarray(from, to).join(',');
    let list = this.lists.get(key);
    if (list === undefined) {
      const fresh: string[] = [];
      for (let j = from; j < to; j++) fresh.push(this.strings.get(codes[j] ?? NO_STRING) ?? '');
      list = Object.freeze(fresh) as string[];
      this.lists.set(key, list);
    }
    return list;
  }
}

/** A list of strings per record (absent and empty lists told apart). */
export const strings: ColumnCodec<readonly string[] | undefined, StringListColumn> = {
  kind: 'strings',
  builder(table) {
    const offsets = new GrowableBuffer<Uint32Array>('u32');
    const codes = new GrowableBuffer<Uint32Array>('u32');
    const present = new GrowableBuffer<Uint8Array>('u8');
    offsets.push(0);
    return {
      add(value) {
        for (const item of value ?? []) codes.push(table.code(item));
        offsets.push(codes.length);
        present.push(value === undefined ? 0 : 1);
      },
      finish: () => ({ offsets: offsets.finish(), codes: codes.finish(), present: present.finish() }),
    };
  },
  read: (buffers, table) => new StringListColumn(buffers, table),
};

/** Reader of a `tags` column: row `i`'s key and value codes alternate in `codes[offsets[i]..offsets[i + 1]]`. */
export class TagsColumn {
  constructor(
    readonly offsets: Uint32Array,
    readonly codes: Uint32Array,
    private readonly strings: StringTable,
  ) {}

  /** The tags of row `i`. */
  get(i: number): Record<string, string> {
    const tags: Record<string, string> = {};
    for (let j = this.offsets[i] ?? 0; j < (this.offsets[i + 1] ?? 0); j += 2) {
      tags[this.strings.get(this.codes[j] ?? NO_STRING) ?? ''] = this.strings.get(this.codes[j + 1] ?? NO_STRING) ?? '';
    }
    return tags;
  }
}

/** A map of OSM tags per record, keys and values dictionary-coded. */
export const tags: ColumnCodec<Readonly<Record<string, string>>, TagsColumn> = {
  kind: 'tags',
  builder(table) {
    const offsets = new GrowableBuffer<Uint32Array>('u32');
    const codes = new GrowableBuffer<Uint32Array>('u32');
    offsets.push(0);
    return {
      add(value) {
        for (const [key, tag] of Object.entries(value)) {
          codes.push(table.code(key));
          codes.push(table.code(tag));
        }
        offsets.push(codes.length);
      },
      finish: () => ({ offsets: offsets.finish(), codes: codes.finish() }),
    };
  },
  read: (buffers, table) => new TagsColumn(bufferOf(buffers, 'offsets', Uint32Array), bufferOf(buffers, 'codes', Uint32Array), table),
};

/** Reader of a `number` column. */
export class NumberColumn {
  constructor(readonly values: Float64Array) {}

  /** The number of row `i`, or undefined when absent. */
  get(i: number): number | undefined {
    const value = this.values[i];
    return value === undefined || Number.isNaN(value) ? undefined : value;
  }
}

/** One number per record, absent (`undefined`, `null`) stored as NaN. */
export const number: ColumnCodec<number | null | undefined, NumberColumn> = {
  kind: 'number',
  builder() {
    const values = new GrowableBuffer<Float64Array>('f64');
    return { add: (value) => values.push(value ?? Number.NaN), finish: () => ({ values: values.finish() }) };
  },
  read: (buffers) => new NumberColumn(bufferOf(buffers, 'values', Float64Array)),
};

/** Reader of a `numbers` column: row `i`'s values are `values[offsets[i]..offsets[i + 1]]`, NaN for null. */
export class NumberListColumn {
  constructor(
    readonly offsets: Uint32Array,
    readonly values: Float64Array,
  ) {}

  /** The numbers of row `i` (null where the record had null). */
  get(i: number): Array<number | null> {
    const list: Array<number | null> = [];
    for (let j = this.offsets[i] ?? 0; j < (this.offsets[i + 1] ?? 0); j++) {
      const value = this.values[j] ?? Number.NaN;
      list.push(Number.isNaN(value) ? null : value);
    }
    return list;
  }
}

/** A list of numbers or nulls per record (an interpolation line's house numbers). */
export const numbers: ColumnCodec<ReadonlyArray<number | null>, NumberListColumn> = {
  kind: 'numbers',
  builder() {
    const offsets = new GrowableBuffer<Uint32Array>('u32');
    const values = new GrowableBuffer<Float64Array>('f64');
    offsets.push(0);
    return {
      add(value) {
        for (const item of value) values.push(item ?? Number.NaN);
        offsets.push(values.length);
      },
      finish: () => ({ offsets: offsets.finish(), values: values.finish() }),
    };
  },
  read: (buffers) => new NumberListColumn(bufferOf(buffers, 'offsets', Uint32Array), bufferOf(buffers, 'values', Float64Array)),
};

/** OSM element type letters by their stored code (0: an id that is not `n`/`w`/`r` + digits, kept as a string code). */
const OSM_TYPES = ['', 'n', 'w', 'r'] as const;
const OSM_ID = /^([nwr])(\d{1,16})$/;

/** Reader of an `osmId` column. */
export class OsmIdColumn {
  constructor(
    readonly types: Uint8Array,
    readonly ids: Float64Array,
    private readonly strings: StringTable,
  ) {}

  /** The id of row `i`, e.g. `n123`, `w456`. */
  get(i: number): string {
    const type = this.types[i] ?? 0;
    const id = this.ids[i] ?? 0;
    return type === 0 ? (this.strings.get(id) ?? '') : `${OSM_TYPES[type]}${id}`;
  }
}

/** An OSM element id per record (`n123`): a type byte and the number, 9 bytes instead of a unique string. */
export const osmId: ColumnCodec<string, OsmIdColumn> = {
  kind: 'osmId',
  builder(table) {
    const types = new GrowableBuffer<Uint8Array>('u8');
    const ids = new GrowableBuffer<Float64Array>('f64');
    return {
      add(value) {
        const match = OSM_ID.exec(value);
        const id = match === null ? Number.NaN : Number(match[2]);
        if (match === null || !Number.isSafeInteger(id)) {
          types.push(0);
          ids.push(table.code(value));
        } else {
          types.push(OSM_TYPES.indexOf(match[1] as 'n' | 'w' | 'r'));
          ids.push(id);
        }
      },
      finish: () => ({ types: types.finish(), ids: ids.finish() }),
    };
  },
  read: (buffers, table) => new OsmIdColumn(bufferOf(buffers, 'types', Uint8Array), bufferOf(buffers, 'ids', Float64Array), table),
};

/** Reader of a `json` column. */
export class JsonColumn {
  constructor(
    readonly codes: Uint32Array,
    private readonly strings: StringTable,
  ) {}

  /** A fresh copy of row `i`'s value, or undefined when absent. */
  get(i: number): unknown {
    const text = this.strings.get(this.codes[i] ?? NO_STRING);
    return text === undefined ? undefined : JSON.parse(text);
  }
}

/**
 * A nested value per record as dictionary-coded JSON text, for small layers
 * whose values have no fixed shape (a stop's routes); equal values are stored once.
 */
export const json: ColumnCodec<unknown, JsonColumn> = {
  kind: 'json',
  builder(table) {
    const codes = new GrowableBuffer<Uint32Array>('u32');
    return { add: (value) => codes.push(table.code(value === undefined ? undefined : JSON.stringify(value))), finish: () => ({ codes: codes.finish() }) };
  },
  read: (buffers, table) => new JsonColumn(bufferOf(buffers, 'codes', Uint32Array), table),
};
