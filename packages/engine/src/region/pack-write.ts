import { stat } from 'node:fs/promises';
import { isPackError, PACK_LAYERS, PackBuilder, type PackDescription } from '@locscore/pack';
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
 * that (immutable); re-importing writes a new one. The layers of `data` are
 * emptied as they are written (each layer's records become columns, so
 * memory holds one form of them at a time); its manifest is left as it was.
 *
 * @param data - the pack contents, whose layers it empties; `data.manifest` gives the name, sources, coverage…
 * @param outDir - destination directory
 * @param force - replace an existing `outDir` instead of refusing
 * @throws RegionPackError when `outDir` exists and `force` is false, or on a write failure
 */
export async function writePack(data: RegionData, outDir: string, force: boolean): Promise<void> {
  const builder = new PackBuilder();
  // Layer by layer in the builder's order (the string dictionary numbers strings as they come), each layer's records let go once in columns.
  const layers = data as unknown as Record<string, unknown>;
  for (const { name } of PACK_LAYERS) {
    if (name === 'streetLines' || layers[name] === undefined) continue;
    builder.addRegion({ [name]: layers[name] });
    layers[name] = [];
  }
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
