import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRegion, type RegionData } from '@locscore/engine';
import { importRegion } from '@locscore/engine/import';

/** The team's real data folder (`../shared/data` from the repository root). */
export const SHARED_DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));

/**
 * A file of the shared data, or null when it is absent (the test then skips, saying so).
 *
 * @param relative - path under `shared/data`
 */
export function sharedFile(relative: string): string | null {
  const path = join(SHARED_DATA, relative);
  return existsSync(path) ? path : null;
}

/** The OSM extract and census files of the West Village pack. */
export const WEST_VILLAGE = {
  osm: sharedFile('nyc-west-village/nyc-west-village.osm.pbf'),
  censusBoundaries: sharedFile('nyc-census/cb_2020_36_tract_500k/cb_2020_36_tract_500k.shp'),
  censusTable: sharedFile('nyc-census/demographics_ct.csv'),
};
/** The Liechtenstein extract. */
export const LIECHTENSTEIN = sharedFile('liechtenstein/liechtenstein.osm.pbf');

/** Whether the West Village and Liechtenstein files are all present. */
export const REAL_PACKS_PRESENT = Object.values(WEST_VILLAGE).every((path) => path !== null) && LIECHTENSTEIN !== null;

/** Real region packs built through the importer into a temporary folder. */
export interface RealPacks {
  /** The West Village pack (OSM 2015 extract and the 2020 census tracts as its population layer). */
  westVillage: RegionData;
  liechtenstein: RegionData;
  /** Removes the temporary folder. */
  cleanup(): Promise<void>;
}

/**
 * Builds and loads the West Village pack, with its census population layer,
 * and the Liechtenstein pack. Slow (a minute on a loaded machine): build once per test file.
 *
 * @throws Error when the shared files are absent (check {@link REAL_PACKS_PRESENT} first)
 */
export async function buildRealPacks(): Promise<RealPacks> {
  const { osm, censusBoundaries, censusTable } = WEST_VILLAGE;
  if (osm === null || censusBoundaries === null || censusTable === null || LIECHTENSTEIN === null) throw new Error('the shared data is absent');
  const dir = await mkdtemp(join(tmpdir(), 'locscore-real-packs-'));
  try {
    const wv = await importRegion({
      osm,
      name: 'NYC West Village',
      out: join(dir, 'west-village'),
      censusBoundaries,
      censusTable,
      censusJoin: 'GEOID=geoid',
      censusFields: { population: 'pop', households: 'occupied' },
    });
    const li = await importRegion({ osm: LIECHTENSTEIN, name: 'Liechtenstein', out: join(dir, 'liechtenstein') });
    return {
      westVillage: await loadRegion(wv.outDir),
      liechtenstein: await loadRegion(li.outDir),
      cleanup: () => rm(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
