import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { RegionPackError } from '../src/errors.js';
import { importRegion } from '../src/region/import-region.js';
import type { ImportRegionOptions } from '../src/region/import-types.js';
// The `regionPackCache` key of vitest's ProvidedContext, for every project that imports this file.
import type {} from './pack-cache.global-setup.js';

/** `/work/shared/data` resolved from this file (`../shared/data` beside the repository). */
export const SHARED_DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));

/** A tiny real OSM PBF (431 elements, the centre of Vaduz) committed with the tests: see `fixtures/SOURCES.md`. */
export const FIXTURE_PBF = fileURLToPath(new URL('./fixtures/vaduz-centre.osm.pbf', import.meta.url));

/** The same data as {@link FIXTURE_PBF}, as OSM XML. */
export const FIXTURE_OSM_XML = fileURLToPath(new URL('./fixtures/vaduz-centre.osm', import.meta.url));

/** Whether a shared data file exists; prints why a real-data test is skipped when not. */
export function sharedFile(relative: string): string | null {
  const path = join(SHARED_DATA, relative);
  if (existsSync(path)) return path;
  console.warn(`skipping: real data ${path} is absent (../shared/data is not checked out here)`);
  return null;
}

/** A fresh temporary folder, removed by the returned cleanup. */
export async function tempFolder(prefix: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `locscore-${prefix}-`));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** The import options of a shared pack: everything but where it goes. */
export type SharedPackOptions = Omit<ImportRegionOptions, 'out' | 'force' | 'onProgress'>;

/**
 * The directory of a region pack imported with these options, shared by
 * every test file of the run that asks for the same options: the first call
 * imports it into the run's pack folder (the e2e project's global set-up,
 * `pack-cache.global-setup.ts`), later calls (in any worker) load the same
 * directory. The pack is written atomically (`writePack` renames a finished
 * folder into place), so a directory that exists is complete; when two
 * workers import the same pack at once, the second finds it there and uses
 * it. Callers only read the pack.
 *
 * @param options - `importRegion` options without `out`
 * @returns the pack directory, for `loadRegion`
 * @throws whatever `importRegion` throws for these inputs
 */
export async function sharedPack(options: SharedPackOptions): Promise<string> {
  const cache = inject('regionPackCache');
  // Keys in a fixed order, so the same options written in another order share the pack.
  const canonical = JSON.stringify(Object.entries(options).sort(([a], [b]) => a.localeCompare(b)));
  const key = createHash('sha256').update(canonical).digest('hex').slice(0, 16);
  const out = join(cache, `pack-${key}`);
  if (existsSync(out)) return out;
  try {
    await importRegion({ ...options, out });
  } catch (error) {
    // Another worker finished the same import first.
    if (!(error instanceof RegionPackError && existsSync(out))) throw error;
  }
  return out;
}
