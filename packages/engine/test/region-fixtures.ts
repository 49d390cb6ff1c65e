import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
