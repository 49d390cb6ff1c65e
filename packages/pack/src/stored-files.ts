/**
 * The binary files of a pack: typed arrays written one after another, each
 * at an {@link BUFFER_ALIGNMENT}-byte boundary, with the file's size and
 * SHA-256; and read back whole into one buffer whose views are the arrays.
 */
import { createHash } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { PackError } from './errors.js';
import { BUFFER_ALIGNMENT, type StoredBuffer, type StoredFile } from './format.js';
import { BUFFER_ARRAYS, bufferTypeOf, type TypedBuffer } from './typed-buffers.js';

const PADDING = new Uint8Array(BUFFER_ALIGNMENT);

/**
 * Writes arrays into one file, each at an aligned offset.
 *
 * @param path - the file to create
 * @param arrays - the arrays, by name
 * @returns the file's entry and where each array went
 */
export async function writeBufferFile(
  path: string,
  arrays: ReadonlyArray<readonly [string, TypedBuffer]>,
): Promise<{ file: StoredFile; buffers: Map<string, StoredBuffer> }> {
  const hash = createHash('sha256');
  const handle = await open(path, 'wx');
  const buffers = new Map<string, StoredBuffer>();
  let offset = 0;
  try {
    const write = async (bytes: Uint8Array): Promise<void> => {
      hash.update(bytes);
      await handle.write(bytes);
      offset += bytes.byteLength;
    };
    for (const [name, array] of arrays) {
      const gap = (BUFFER_ALIGNMENT - (offset % BUFFER_ALIGNMENT)) % BUFFER_ALIGNMENT;
      if (gap > 0) await write(PADDING.subarray(0, gap));
      buffers.set(name, { type: bufferTypeOf(array), offset, length: array.length });
      await write(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
    }
  } finally {
    await handle.close();
  }
  return { file: { path: basename(path), bytes: offset, sha256: hash.digest('hex') }, buffers };
}

/**
 * Reads a file of the pack whole, checking its size and, when asked, its SHA-256.
 *
 * @param dir - the pack directory
 * @param stored - the file's manifest entry
 * @param verify - check the SHA-256 too
 * @returns the bytes, in a buffer of their own (offset 0)
 * @throws PackError `damaged` naming the file when missing, of another size or checksum
 */
export async function readStoredFile(dir: string, stored: StoredFile, verify: boolean): Promise<Uint8Array> {
  const path = join(dir, stored.path);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new PackError(path, 'damaged', `cannot read a file the manifest lists (${error instanceof Error ? error.message : String(error)})`);
  }
  if (bytes.byteLength !== stored.bytes) throw new PackError(path, 'damaged', `holds ${bytes.byteLength} bytes, the manifest says ${stored.bytes}`);
  if (verify && createHash('sha256').update(bytes).digest('hex') !== stored.sha256) throw new PackError(path, 'damaged', 'checksum differs from the manifest');
  if (bytes.byteOffset % BUFFER_ALIGNMENT === 0) return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return new Uint8Array(bytes);
}

/**
 * A typed-array view of one stored buffer (no copy).
 *
 * @param bytes - the file, as {@link readStoredFile} returns it
 * @param stored - the buffer's entry
 * @param path - the file (for messages)
 * @throws PackError `damaged` when the buffer lies outside the file or is misaligned
 */
export function viewOf(bytes: Uint8Array, stored: StoredBuffer, path: string): TypedBuffer {
  const ArrayType = BUFFER_ARRAYS[stored.type];
  if (ArrayType === undefined) throw new PackError(path, 'damaged', `unknown buffer type ${String(stored.type)}`);
  const end = stored.offset + stored.length * ArrayType.BYTES_PER_ELEMENT;
  if (stored.offset % BUFFER_ALIGNMENT !== 0 || end > bytes.byteLength)
    throw new PackError(path, 'damaged', `a buffer lies outside the file or off its alignment`);
  return new ArrayType(bytes.buffer as ArrayBuffer, bytes.byteOffset + stored.offset, stored.length);
}
