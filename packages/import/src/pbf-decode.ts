/**
 * Decodes one `PrimitiveBlock` of an OSM PBF file (osmformat.proto,
 * wiki.openstreetmap.org/wiki/PBF_Format) straight into a visitor, on pbf's
 * reader: dense nodes column by column without an object per node, strings
 * of the block's table decoded on first use, metadata (`Info`,
 * `DenseInfo`) skipped, and the groups of a kind no visitor asks for
 * skipped unread. Values are those osm-pbf-parser-node's `parse` gives
 * (same coordinate arithmetic, same tag objects), which the tests check
 * block by block.
 */
import { COORDINATE_SCALE } from '@locscore/pack';
import { PbfReader } from 'pbf';
import type { OsmTags, PbfMember, PbfNode, PbfRelation } from './pbf-elements.js';

/** What {@link decodeBlock} hands out; a kind without a handler is skipped. */
export interface BlockVisitor {
  /**
   * Every node's location, fixed-point (10⁻⁷ degrees, the nearest to the
   * decimal degrees a tagged node gets).
   */
  location?(id: number, lat: number, lng: number): void;
  /** Each node with at least one tag (after `location`). */
  node?(node: PbfNode): void;
  /** Each way: its node ids in order and its tags (`{}` when it has none). */
  way?(id: number, refs: number[], tags: OsmTags): void;
  /** Each relation with members of a known type. */
  relation?(relation: PbfRelation): void;
}

const MEMBER_TYPES = ['node', 'way', 'relation'] as const;
const WIRE_VARINT = 0;
const WIRE_BYTES = 2;

/** A block's string table, each string decoded on first use. */
class BlockStrings {
  private readonly decoded: Array<string | undefined>;

  constructor(
    private readonly bytes: Buffer,
    private readonly starts: number[],
    private readonly ends: number[],
  ) {
    this.decoded = new Array(starts.length);
  }

  get(index: number): string {
    const known = this.decoded[index];
    if (known !== undefined) return known;
    const start = this.starts[index];
    if (start === undefined) return undefined as unknown as string;
    const value = this.bytes.toString('utf8', start, this.ends[index]);
    this.decoded[index] = value;
    return value;
  }
}

/** Where a block's parts lie, and its coordinate frame. */
interface BlockLayout {
  strings: BlockStrings;
  groups: Array<[number, number]>;
  /** Divisor from stored units to degrees (1e7 at the default granularity of 100 nanodegrees). */
  scale: number;
  granularity: number;
  latOffset: number;
  lonOffset: number;
  /** Readers on the block, reused by position (a reader per message or column would cost more than the message). */
  readers: PbfReader[];
}

/**
 * Decodes a `PrimitiveBlock` into `visitor`.
 *
 * @param data - the decompressed block
 * @param visitor - the handlers; see {@link BlockVisitor}
 * @returns the elements decoded (those of skipped groups are not counted)
 * @throws Error for a malformed block (parallel arrays of different lengths, non-packed dense columns, changesets)
 */
export function decodeBlock(data: Uint8Array, visitor: BlockVisitor): number {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const layout = readLayout(bytes);
  const wantNodes = visitor.location !== undefined || visitor.node !== undefined;
  let count = 0;
  const group = layout.readers[0] as PbfReader;
  for (const [start, end] of layout.groups) {
    group.pos = start;
    while (group.pos < end) {
      const field = group.readVarint();
      const tag = field >> 3;
      if (tag < 1 || tag > 5 || (field & 7) !== WIRE_BYTES) {
        group.skip(field);
        continue;
      }
      const size = group.readVarint();
      const at = group.pos;
      group.pos += size;
      if (tag === 5) throw new Error('changesets not implemented');
      if (tag === 2 && wantNodes) count += decodeDense(at, at + size, layout, visitor);
      else if (tag === 1 && wantNodes) count += decodeNode(at, at + size, layout, visitor);
      else if (tag === 3 && visitor.way !== undefined) count += decodeWay(at, at + size, layout, visitor.way);
      else if (tag === 4 && visitor.relation !== undefined) count += decodeRelation(at, at + size, layout, visitor.relation);
    }
  }
  return count;
}

/** The string table, group spans and coordinate frame of a block. */
function readLayout(bytes: Buffer): BlockLayout {
  const block = new PbfReader(bytes);
  const starts: number[] = [];
  const ends: number[] = [];
  const groups: Array<[number, number]> = [];
  let granularity = 100;
  let latOffset = 0;
  let lonOffset = 0;
  while (block.pos < block.length) {
    const field = block.readVarint();
    const tag = field >> 3;
    if (tag === 1 && (field & 7) === WIRE_BYTES) {
      const end = block.readVarint() + block.pos;
      while (block.pos < end) {
        const entry = block.readVarint();
        if (entry >> 3 !== 1 || (entry & 7) !== WIRE_BYTES) {
          block.skip(entry);
          continue;
        }
        const length = block.readVarint();
        starts.push(block.pos);
        ends.push(block.pos + length);
        block.pos += length;
      }
    } else if (tag === 2 && (field & 7) === WIRE_BYTES) {
      const length = block.readVarint();
      groups.push([block.pos, block.pos + length]);
      block.pos += length;
    } else if (tag === 17 && (field & 7) === WIRE_VARINT) granularity = block.readVarint(true);
    else if (tag === 19 && (field & 7) === WIRE_VARINT) latOffset = block.readVarint(true);
    else if (tag === 20 && (field & 7) === WIRE_VARINT) lonOffset = block.readVarint(true);
    else block.skip(field);
  }
  // osm-pbf-parser-node's frame: degrees = offset · 10⁻⁹ + value / scale.
  const scale = granularity === 0 || granularity === 100 ? 1e7 : 1e9 / granularity;
  const readers = [block, new PbfReader(bytes), new PbfReader(bytes), new PbfReader(bytes), new PbfReader(bytes)];
  return { strings: new BlockStrings(bytes, starts, ends), groups, scale, granularity: granularity === 0 ? 100 : granularity, latOffset, lonOffset, readers };
}

/** Whether fixed-point coordinates are the stored values plus a whole offset (the default frame and any multiple of 100 nanodegrees). */
function exactFrame(layout: BlockLayout): boolean {
  return layout.granularity === 100 && layout.latOffset % 100 === 0 && layout.lonOffset % 100 === 0;
}

/** A packed field's span, or a one-value span for an unpacked varint field (`[start, end)` in bytes). */
function packedSpan(reader: PbfReader, field: number): [number, number] {
  if ((field & 7) === WIRE_BYTES) {
    const length = reader.readVarint();
    const start = reader.pos;
    reader.pos += length;
    return [start, start + length];
  }
  const start = reader.pos;
  reader.skip(field);
  return [start, reader.pos];
}

/** The unsigned varints in `[start, end)`, appended to `into`. */
function readVarints(reader: PbfReader, [start, end]: [number, number], into: number[]): number[] {
  reader.pos = start;
  while (reader.pos < end) into.push(reader.readVarint(true));
  return into;
}

function checkParallel(...lengths: number[]): void {
  for (const length of lengths) if (length !== lengths[0]) throw new Error('input format error');
}

/** Tags from parallel key and value string indexes, as an object in their order. */
function tagsOf(strings: BlockStrings, keys: readonly number[], values: readonly number[]): OsmTags {
  checkParallel(keys.length, values.length);
  const tags: OsmTags = {};
  for (let i = 0; i < keys.length; i++) tags[strings.get(keys[i] ?? 0)] = strings.get(values[i] ?? 0);
  return tags;
}

function hasTags(tags: OsmTags): boolean {
  for (const _ in tags) return true;
  return false;
}

/** A `DenseNodes` message: ids, latitudes and longitudes read side by side, tags from `keys_vals`. */
function decodeDense(start: number, end: number, layout: BlockLayout, visitor: BlockVisitor): number {
  const message = readerAt(layout, 1, start);
  const spans: Array<[number, number] | null> = [null, null, null, null];
  while (message.pos < end) {
    const field = message.readVarint();
    const slot = DENSE_COLUMNS.indexOf(field >> 3);
    if (slot < 0) message.skip(field);
    else if ((field & 7) !== WIRE_BYTES) throw new Error('dense node columns must be packed');
    else spans[slot] = packedSpan(message, field);
  }
  const [idSpan = [0, 0], latSpan = [0, 0], lonSpan = [0, 0], tagSpan = [0, 0]] = spans.map((span) => span ?? ([0, 0] as [number, number]));
  const ids = readerAt(layout, 1, idSpan[0]);
  const lats = readerAt(layout, 2, latSpan[0]);
  const lons = readerAt(layout, 3, lonSpan[0]);
  const keysVals = readerAt(layout, 4, tagSpan[0]);
  const exact = exactFrame(layout);
  const { scale, strings } = layout;
  const latOffset = layout.latOffset * 1e-9;
  const lonOffset = layout.lonOffset * 1e-9;
  let id = 0;
  let lat = 0;
  let lon = 0;
  let count = 0;
  while (ids.pos < idSpan[1]) {
    if (lats.pos >= latSpan[1] || lons.pos >= lonSpan[1]) throw new Error('input format error');
    id += ids.readSVarint();
    lat += lats.readSVarint();
    lon += lons.readSVarint();
    count++;
    const latDegrees = latOffset + lat / scale;
    const lngDegrees = lonOffset + lon / scale;
    if (exact) visitor.location?.(id, lat, lon);
    else visitor.location?.(id, Math.round(latDegrees * COORDINATE_SCALE), Math.round(lngDegrees * COORDINATE_SCALE));
    if (keysVals.pos >= tagSpan[1]) continue;
    let tags: OsmTags | null = null;
    while (keysVals.pos < tagSpan[1]) {
      const key = keysVals.readVarint(true);
      if (key === 0) break;
      tags ??= {};
      tags[strings.get(key)] = strings.get(keysVals.readVarint(true));
    }
    if (tags !== null && hasTags(tags)) visitor.node?.({ id, lat: latDegrees, lng: lngDegrees, tags });
  }
  if (lats.pos !== latSpan[1] || lons.pos !== lonSpan[1]) throw new Error('input format error');
  return count;
}

/** Field numbers of `DenseNodes`'s columns: id, lat, lon, keys_vals. */
const DENSE_COLUMNS = [1, 8, 9, 10];

/** Reader `index` of the block's, at `pos`. */
function readerAt(layout: BlockLayout, index: number, pos: number): PbfReader {
  const reader = layout.readers[index] as PbfReader;
  reader.pos = pos;
  return reader;
}

/** A (non-dense) `Node` message. */
function decodeNode(start: number, end: number, layout: BlockLayout, visitor: BlockVisitor): number {
  const message = readerAt(layout, 1, start);
  const column = layout.readers[2] as PbfReader;
  let id = 0;
  let lat = 0;
  let lon = 0;
  const keys: number[] = [];
  const values: number[] = [];
  while (message.pos < end) {
    const field = message.readVarint();
    const tag = field >> 3;
    if (tag === 1) id = message.readSVarint();
    else if (tag === 8) lat = message.readSVarint();
    else if (tag === 9) lon = message.readSVarint();
    else if (tag === 2) readVarints(column, packedSpan(message, field), keys);
    else if (tag === 3) readVarints(column, packedSpan(message, field), values);
    else message.skip(field);
  }
  const latDegrees = layout.latOffset * 1e-9 + lat / layout.scale;
  const lngDegrees = layout.lonOffset * 1e-9 + lon / layout.scale;
  if (exactFrame(layout)) visitor.location?.(id, lat, lon);
  else visitor.location?.(id, Math.round(latDegrees * COORDINATE_SCALE), Math.round(lngDegrees * COORDINATE_SCALE));
  const tags = tagsOf(layout.strings, keys, values);
  if (hasTags(tags)) visitor.node?.({ id, lat: latDegrees, lng: lngDegrees, tags });
  return 1;
}

/** A `Way` message: node ids from their deltas. */
function decodeWay(start: number, end: number, layout: BlockLayout, onWay: NonNullable<BlockVisitor['way']>): number {
  const message = readerAt(layout, 1, start);
  const column = layout.readers[2] as PbfReader;
  let id = 0;
  const keys: number[] = [];
  const values: number[] = [];
  const refs: number[] = [];
  while (message.pos < end) {
    const field = message.readVarint();
    const tag = field >> 3;
    if (tag === 1) id = message.readVarint(true);
    else if (tag === 2) readVarints(column, packedSpan(message, field), keys);
    else if (tag === 3) readVarints(column, packedSpan(message, field), values);
    else if (tag === 8) {
      const [from, to] = packedSpan(message, field);
      const deltas = readerAt(layout, 2, from);
      let ref = 0;
      while (deltas.pos < to) {
        ref += deltas.readSVarint();
        refs.push(ref);
      }
    } else message.skip(field);
  }
  onWay(id, refs, tagsOf(layout.strings, keys, values));
  return 1;
}

/** A `Relation` message: members with their type names and roles. */
function decodeRelation(start: number, end: number, layout: BlockLayout, onRelation: NonNullable<BlockVisitor['relation']>): number {
  const message = readerAt(layout, 1, start);
  const column = layout.readers[2] as PbfReader;
  let id = 0;
  const keys: number[] = [];
  const values: number[] = [];
  const roles: number[] = [];
  const memberIds: number[] = [];
  const types: number[] = [];
  while (message.pos < end) {
    const field = message.readVarint();
    const tag = field >> 3;
    if (tag === 1) id = message.readVarint(true);
    else if (tag === 2) readVarints(column, packedSpan(message, field), keys);
    else if (tag === 3) readVarints(column, packedSpan(message, field), values);
    else if (tag === 8) readVarints(column, packedSpan(message, field), roles);
    else if (tag === 10) readVarints(column, packedSpan(message, field), types);
    else if (tag === 9) {
      const [from, to] = packedSpan(message, field);
      const deltas = readerAt(layout, 2, from);
      while (deltas.pos < to) memberIds.push(deltas.readSVarint());
    } else message.skip(field);
  }
  checkParallel(memberIds.length, types.length, roles.length);
  const members: PbfMember[] = [];
  let ref = 0;
  for (let i = 0; i < memberIds.length; i++) {
    ref += memberIds[i] ?? 0;
    const type = MEMBER_TYPES[types[i] ?? -1];
    if (type !== undefined) members.push({ type, ref, role: layout.strings.get(roles[i] ?? 0) ?? '' });
  }
  onRelation({ id, members, tags: tagsOf(layout.strings, keys, values) });
  return 1;
}
