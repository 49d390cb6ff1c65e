/// <reference path="./osm-pbf-parser-node.d.ts" />
/**
 * The blocks of an OSM PBF file (wiki.openstreetmap.org/wiki/PBF_Format):
 * a 4-byte big-endian length, a `BlobHeader`, then a `Blob` holding one
 * zlib-compressed `HeaderBlock` or `PrimitiveBlock`. Blobs are read in file
 * order (or only those at given offsets), decompressed on libuv's thread
 * pool a few blocks ahead of the decoder, and told apart by the first
 * primitive group they hold. The protobuf messages are read with the
 * readers osm-pbf-parser-node generates, on pbf's reader.
 */
import type { FileHandle } from 'node:fs/promises';
import { promisify } from 'node:util';
import { inflate } from 'node:zlib';
import { Blob, BlobHeader } from 'osm-pbf-parser-node/proto/fileformat.js';
import { PbfReader } from 'pbf';

const inflateAsync = promisify(inflate);

/** What a data block holds, after its first primitive group. */
export type BlockKind = 'header' | 'nodes' | 'ways' | 'relations' | 'mixed' | 'other';

/** Where a block lies in the file. */
export interface BlockSpan {
  /** Byte offset of its 4-byte length. */
  offset: number;
  /** Bytes from that offset to the end of its blob. */
  bytes: number;
}

/** One decompressed block. */
export interface PbfBlock extends BlockSpan {
  kind: BlockKind;
  /** The decompressed `HeaderBlock` or `PrimitiveBlock`. */
  data: Uint8Array;
}

/** The PBF format caps a BlobHeader at 64 KiB and a blob at 32 MiB. */
const MAX_HEADER_BYTES = 64 * 1024;
const MAX_BLOB_BYTES = 32 * 1024 * 1024;

/** Blocks decompressed ahead of the one being decoded. */
const READ_AHEAD = 4;

/**
 * Reads a block's compressed blob at `offset`.
 *
 * @returns the span and the blob, or null at the end of the file
 * @throws Error for a truncated or malformed block
 */
async function readBlob(
  handle: FileHandle,
  offset: number,
  size: number,
  onBytes: ((bytes: Uint8Array) => void) | undefined,
): Promise<{ span: BlockSpan; type: string; blob: ReturnType<typeof Blob.read> } | null> {
  if (offset >= size) return null;
  const head = Buffer.alloc(4);
  if ((await handle.read(head, 0, 4, offset)).bytesRead < 4) throw new Error(`the file ends inside a block header at byte ${offset} (truncated download?)`);
  const headerBytes = head.readUInt32BE(0);
  if (headerBytes === 0 || headerBytes > MAX_HEADER_BYTES) throw new Error(`no PBF block header at byte ${offset}`);
  const header = Buffer.allocUnsafe(headerBytes);
  await handle.read(header, 0, headerBytes, offset + 4);
  const { type, datasize } = BlobHeader.read(new PbfReader(header));
  if (datasize <= 0 || datasize > MAX_BLOB_BYTES) throw new Error(`block at byte ${offset} declares ${datasize} bytes`);
  const data = Buffer.allocUnsafe(datasize);
  const { bytesRead } = await handle.read(data, 0, datasize, offset + 4 + headerBytes);
  if (bytesRead < datasize) throw new Error(`the file ends inside the block at byte ${offset} (truncated download?)`);
  for (const bytes of [head, header, data]) onBytes?.(bytes);
  return { span: { offset, bytes: 4 + headerBytes + datasize }, type, blob: Blob.read(new PbfReader(data)) };
}

async function decompress(type: string, span: BlockSpan, blob: ReturnType<typeof Blob.read>): Promise<PbfBlock> {
  let data: Uint8Array;
  if (blob.raw !== null) data = blob.raw;
  else if (blob.zlib_data !== null) data = await inflateAsync(blob.zlib_data);
  else throw new Error(`block at byte ${span.offset} uses ${blob.data ?? 'no'} compression; only zlib and raw blocks are read`);
  return { ...span, kind: type === 'OSMHeader' ? 'header' : blockKind(data), data };
}

/**
 * The kind of a `PrimitiveBlock`, from every one of its primitive groups
 * (first field 1 nodes, 2 dense nodes, 3 ways, 4 relations): the one type
 * they all hold, or `mixed` when they hold more than one (the format allows
 * it: one group holds one type, a block several groups, and some writers
 * put the last nodes and the first ways of a file in one block).
 *
 * @param data - a decompressed `PrimitiveBlock`
 */
export function blockKind(data: Uint8Array): BlockKind {
  const block = new PbfReader(data);
  let kind: BlockKind = 'other';
  while (block.pos < block.length) {
    const field = block.readVarint();
    if (field >> 3 !== 2) {
      block.skip(field);
      continue;
    }
    const end = block.readVarint() + block.pos;
    const group = new PbfReader(data.subarray(block.pos, end));
    block.pos = end;
    if (group.length === 0) continue;
    const tag = group.readVarint() >> 3;
    const groupKind: BlockKind = tag === 1 || tag === 2 ? 'nodes' : tag === 3 ? 'ways' : tag === 4 ? 'relations' : 'other';
    if (groupKind === 'other') continue;
    if (kind !== 'other' && kind !== groupKind) return 'mixed';
    kind = groupKind;
  }
  return kind;
}

/**
 * Every block of the file in order, or only the blocks at `spans`,
 * decompressed a few ahead on the thread pool.
 *
 * @param handle - the open file
 * @param size - its size in bytes
 * @param spans - blocks to read (from an earlier pass); all when absent
 * @param onBytes - given every byte read, in file order (to digest the file in a pass over all blocks)
 * @throws Error for a truncated or malformed block
 */
export async function* readBlocks(
  handle: FileHandle,
  size: number,
  spans?: readonly BlockSpan[],
  onBytes?: (bytes: Uint8Array) => void,
): AsyncGenerator<PbfBlock> {
  const pending: Array<Promise<PbfBlock>> = [];
  let next = 0;
  let offset = 0;
  const enqueue = async (): Promise<boolean> => {
    const at = spans === undefined ? offset : spans[next++]?.offset;
    const read = at === undefined ? null : await readBlob(handle, at, size, onBytes);
    if (read === null) return false;
    offset = read.span.offset + read.span.bytes;
    const block = decompress(read.type, read.span, read.blob);
    block.catch(() => undefined);
    pending.push(block);
    return true;
  };
  let more = true;
  while (more || pending.length > 0) {
    while (more && pending.length < READ_AHEAD) more = await enqueue();
    const block = pending.shift();
    if (block !== undefined) yield await block;
  }
}
