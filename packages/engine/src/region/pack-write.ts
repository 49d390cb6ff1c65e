import { createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { RegionPackError } from '../errors.js';
import { createDigestTap } from './file-digest.js';
import { layerFileName, MANIFEST_FILE, PACK_LAYERS } from './pack-layout.js';
import type { PackFile, RegionData } from './types.js';

/**
 * Whether a path exists (file or directory).
 *
 * @param path - any path
 */
export async function pathExists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a region pack atomically: every layer as gzipped NDJSON and then
 * `manifest.json` (with the files' record counts and SHA-256) into a temporary
 * sibling directory, which is renamed to `outDir` at the end. A pack is never
 * changed after that (immutable); re-importing writes a new one.
 *
 * @param data - the pack contents; `data.manifest.files` is filled in
 * @param outDir - destination directory
 * @param force - replace an existing `outDir` instead of refusing
 * @throws RegionPackError when `outDir` exists and `force` is false, or on a write failure
 */
export async function writePack(data: RegionData, outDir: string, force: boolean): Promise<void> {
  if (!force && (await pathExists(outDir))) {
    throw new RegionPackError(outDir, 'already exists; choose another directory or pass force to replace it');
  }
  const parent = dirname(outDir);
  let temp: string;
  try {
    temp = await mkdtemp(join(parent, `.${basename(outDir)}.tmp-`));
  } catch (error) {
    throw new RegionPackError(outDir, `cannot create the pack next to it (${error instanceof Error ? error.message : String(error)})`);
  }
  try {
    const files: PackFile[] = [];
    for (const layer of PACK_LAYERS) {
      const records: readonly unknown[] = data[layer] ?? [];
      files.push(await writeLayer(join(temp, layerFileName(layer)), layer, records));
    }
    data.manifest.files = files;
    await writeFile(join(temp, MANIFEST_FILE), `${JSON.stringify(data.manifest, null, 2)}\n`);
    if (force && (await pathExists(outDir))) await rm(outDir, { recursive: true, force: true });
    await rename(temp, outDir);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    if (error instanceof RegionPackError) throw error;
    throw new RegionPackError(outDir, `cannot write the pack (${error instanceof Error ? error.message : String(error)})`);
  }
}

async function writeLayer(path: string, layer: PackFile['layer'], records: readonly unknown[]): Promise<PackFile> {
  const { stream: tap, digest } = createDigestTap();
  function* lines(): Generator<string> {
    let batch = '';
    for (const record of records) {
      batch += `${JSON.stringify(record)}\n`;
      if (batch.length > 65_536) {
        yield batch;
        batch = '';
      }
    }
    if (batch !== '') yield batch;
  }
  await pipeline(Readable.from(lines()), createGzip({ level: 6 }), tap, createWriteStream(path));
  return { layer, path: basename(path), records: records.length, ...digest() };
}
