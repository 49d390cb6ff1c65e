import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';

/** Size in bytes and SHA-256 (hex) of a file read or written by the importer. */
export interface FileDigest {
  bytes: number;
  sha256: string;
}

/**
 * A pass-through stream that hashes (SHA-256) and counts the bytes flowing
 * through it, so a file is digested in the same pass that reads or writes it.
 *
 * @returns the stream to put in a pipeline, and `digest()` to call once the pipeline has finished
 */
export function createDigestTap(): { stream: Transform; digest: () => FileDigest } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, digest: () => ({ bytes, sha256: hash.digest('hex') }) };
}

/**
 * Digests several files as one source (a GTFS folder): each file's `label`
 * and a newline, when given, then its bytes, in the order given.
 *
 * @param files - paths with an optional label each
 * @returns total bytes (labels excluded) and the SHA-256 of the sequence
 * @throws the read error of a missing or unreadable file
 */
export async function digestFiles(files: ReadonlyArray<{ path: string; label?: string }>): Promise<FileDigest> {
  const hash = createHash('sha256');
  let bytes = 0;
  for (const file of files) {
    if (file.label !== undefined) hash.update(`${file.label}\n`);
    for await (const chunk of createReadStream(file.path)) {
      const buffer = chunk as Buffer;
      hash.update(buffer);
      bytes += buffer.length;
    }
  }
  return { bytes, sha256: hash.digest('hex') };
}
