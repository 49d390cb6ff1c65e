import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRegion, type RegionData } from '@locscore/engine';
import { sharedPack } from '../../../../packages/engine/test/region-fixtures.js';

/** The team's real data folder (`../shared/data` from the repository root). */
export const SHARED_DATA = fileURLToPath(new URL('../../../../../shared/data', import.meta.url));

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
  /** Nothing to remove: the run's pack folder is removed when the run ends. */
  cleanup(): Promise<void>;
}

/**
 * Loads the West Village pack, with its census population layer, and the
 * Liechtenstein pack, imported through the importer once per test run into
 * the e2e project's pack folder (`sharedPack`), so every file that asks for
 * the same import shares it.
 *
 * @throws Error when the shared files are absent (check {@link REAL_PACKS_PRESENT} first)
 */
export async function buildRealPacks(): Promise<RealPacks> {
  const { osm, censusBoundaries, censusTable } = WEST_VILLAGE;
  if (osm === null || censusBoundaries === null || censusTable === null || LIECHTENSTEIN === null) throw new Error('the shared data is absent');
  const westVillage = await sharedPack({
    osm,
    name: 'NYC West Village',
    censusBoundaries,
    censusTable,
    censusJoin: 'GEOID=geoid',
    censusFields: { population: 'pop', households: 'occupied' },
  });
  const liechtenstein = await sharedPack({ osm: LIECHTENSTEIN, name: 'Liechtenstein' });
  return { westVillage: await loadRegion(westVillage), liechtenstein: await loadRegion(liechtenstein), cleanup: async () => {} };
}
