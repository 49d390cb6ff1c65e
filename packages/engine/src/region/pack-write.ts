import { stat } from 'node:fs/promises';
import { isPackError, PackBuilder, type PackDescription } from '@locscore/pack';
import { RegionPackError } from '../errors.js';
import type { RegionData } from './types.js';

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
 * Writes a region pack in the pack package's format (`@locscore/pack`,
 * `docs/pack-format.md`): every layer as typed columns with its spatial
 * index, the string dictionary and `manifest.json`, into a temporary sibling
 * directory renamed to `outDir` at the end. A pack is never changed after
 * that (immutable); re-importing writes a new one.
 *
 * @param data - the pack contents; `data.manifest` gives the name, sources, coverage…
 * @param outDir - destination directory
 * @param force - replace an existing `outDir` instead of refusing
 * @throws RegionPackError when `outDir` exists and `force` is false, or on a write failure
 */
export async function writePack(data: RegionData, outDir: string, force: boolean): Promise<void> {
  const builder = new PackBuilder();
  builder.addRegion(data);
  try {
    await builder.write(outDir, descriptionOf(data.manifest), { force });
  } catch (error) {
    if (isPackError(error)) throw new RegionPackError(error.path, error.reason);
    throw error;
  }
}

/** The manifest fields the importer gives the pack writer (the writer adds format, counts and files). */
function descriptionOf(manifest: RegionData['manifest']): PackDescription {
  const { name, sample, createdAt, bbox, sources, attribution, generator, coverage, population } = manifest;
  return {
    name,
    sample,
    createdAt,
    bbox,
    sources,
    attribution,
    ...(generator === undefined ? {} : { generator }),
    ...(coverage === undefined ? {} : { coverage }),
    ...(population === undefined ? {} : { population }),
  };
}
