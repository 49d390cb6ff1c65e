/**
 * The real region packs the model is calibrated and validated on and the
 * geocoder is measured on, built by each benchmark with `importRegion` as
 * `locscore region import` does:
 *
 * - Liechtenstein: the full OSM extract cut to the country's boundary (its
 *   population from OSM `population=*`);
 * - West Village: the OSM slice with both MTA GTFS feeds (subway and
 *   Manhattan bus) and the Manhattan census (2020 tract shapefile joined to
 *   the demographics table);
 * - Copenhagen: the OSM extract of central Copenhagen and Frederiksberg
 *   (35,124 register address points);
 * - Helsinki: the OSM extract of central Helsinki with the HSL GTFS feed and
 *   the HSY 2020 population grid (GeoPackage, 250 m cells);
 * - Vancouver: the OSM extract of Vancouver (places-rich, few addresses).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ImportRegionOptions } from '../../packages/engine/src/region/import-types.js';
import { LIECHTENSTEIN_PBF, REPO_ROOT, writeResult } from './machine.js';

const SHARED = join(REPO_ROOT, '..', 'shared', 'data');
const CENSUS = join(SHARED, 'nyc-census');

/** Which real pack. */
export type RealPackKey = 'liechtenstein' | 'west-village' | 'copenhagen' | 'helsinki' | 'vancouver';

/** A real pack written by {@link importRealPack}. */
export interface RealPack {
  key: RealPackKey;
  /** Region name in the pack's manifest. */
  name: string;
  /** The input files, relative to `../shared/data`. */
  inputs: string[];
  /** The pack's directory. */
  dir: string;
  /** Wall time of `importRegion`, ms. */
  importMs: number;
}

interface PackRecipe {
  name: string;
  files: string[];
  options: (out: string) => ImportRegionOptions;
}

const RECIPES: Record<RealPackKey, PackRecipe> = {
  liechtenstein: {
    name: 'Liechtenstein',
    files: [LIECHTENSTEIN_PBF],
    options: (out) => ({ osm: LIECHTENSTEIN_PBF, name: 'Liechtenstein', boundary: 'Liechtenstein', out, force: true }),
  },
  'west-village': {
    name: 'West Village',
    files: [
      join(SHARED, 'nyc-west-village', 'nyc-west-village.osm.pbf'),
      join(SHARED, 'nyc-transit', 'mta-subway.zip'),
      join(SHARED, 'nyc-transit', 'mta-bus-manhattan.zip'),
      join(CENSUS, 'cb_2020_36_tract_500k', 'cb_2020_36_tract_500k.shp'),
      join(CENSUS, 'demographics_ct.csv'),
    ],
    options: (out) => ({
      osm: join(SHARED, 'nyc-west-village', 'nyc-west-village.osm.pbf'),
      gtfs: [join(SHARED, 'nyc-transit', 'mta-subway.zip'), join(SHARED, 'nyc-transit', 'mta-bus-manhattan.zip')],
      censusBoundaries: join(CENSUS, 'cb_2020_36_tract_500k', 'cb_2020_36_tract_500k.shp'),
      censusTable: join(CENSUS, 'demographics_ct.csv'),
      censusJoin: 'GEOID=geoid',
      censusFields: { population: 'pop', households: 'occupied' },
      name: 'West Village',
      out,
      force: true,
    }),
  },
  copenhagen: {
    name: 'Copenhagen',
    files: [join(SHARED, 'copenhagen', 'kbh.osm.pbf')],
    options: (out) => ({ osm: join(SHARED, 'copenhagen', 'kbh.osm.pbf'), name: 'Copenhagen', out, force: true }),
  },
  helsinki: {
    name: 'Helsinki',
    files: [
      join(SHARED, 'helsinki', 'helsinki-centre.osm.pbf'),
      join(SHARED, 'helsinki', 'helsinki_hsl_gtfs_2022.zip'),
      join(SHARED, 'helsinki', 'helsinki_population_grid_2020.gpkg'),
    ],
    options: (out) => ({
      osm: join(SHARED, 'helsinki', 'helsinki-centre.osm.pbf'),
      gtfs: [join(SHARED, 'helsinki', 'helsinki_hsl_gtfs_2022.zip')],
      census: join(SHARED, 'helsinki', 'helsinki_population_grid_2020.gpkg'),
      name: 'Helsinki',
      out,
      force: true,
    }),
  },
  vancouver: {
    name: 'Vancouver',
    files: [join(SHARED, 'vancouver', 'vancouver_canada.osm.pbf')],
    options: (out) => ({ osm: join(SHARED, 'vancouver', 'vancouver_canada.osm.pbf'), name: 'Vancouver', out, force: true }),
  },
};

/** Every real pack, Liechtenstein first. */
export const REAL_PACKS: readonly RealPackKey[] = ['liechtenstein', 'west-village', 'copenhagen', 'helsinki', 'vancouver'];

/** Input files of the real packs that are absent (empty when `../shared/data` is checked out). */
export function missingRealData(): string[] {
  return REAL_PACKS.flatMap((key) => RECIPES[key].files).filter((file) => !existsSync(file));
}

/**
 * When a real pack's input is absent, prints why the benchmark is skipped,
 * writes a result saying so, and returns true.
 *
 * @param name - the benchmark's name (its result file)
 */
export function skipWithoutRealData(name: string): boolean {
  const missing = missingRealData();
  if (missing.length === 0) return false;
  process.stderr.write(`skipping ${name}: ${missing.join(', ')} absent (../shared/data is not checked out here)\n`);
  writeResult(name, { benchmark: name, measuredAt: new Date().toISOString(), skipped: `inputs absent: ${missing.join(', ')}` });
  return true;
}

/**
 * The `importRegion` options of one real pack, without `out` and `force`
 * (for tests that cache packs with `sharedPack`).
 *
 * @param key - which pack
 */
export function realPackOptions(key: RealPackKey): Omit<ImportRegionOptions, 'out' | 'force'> {
  const { out: _out, force: _force, ...options } = RECIPES[key].options('');
  return options;
}

/**
 * Imports one real pack into `<work>/<key>` (needs the `@locscore/source` condition).
 *
 * @param key - which pack
 * @param work - an existing scratch folder
 * @throws RegionPackError when an input is unreadable
 */
export async function importRealPack(key: RealPackKey, work: string): Promise<RealPack> {
  const { importRegion } = await import('../../packages/engine/src/import.js');
  const recipe = RECIPES[key];
  const report = await importRegion(recipe.options(join(work, key)));
  return {
    key,
    name: recipe.name,
    inputs: recipe.files.map((file) => file.slice(SHARED.length + 1)),
    dir: report.outDir,
    importMs: Math.round(report.durationMs),
  };
}
