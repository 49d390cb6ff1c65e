/**
 * The census input read from an OGC GeoPackage: the HSY 2020 population
 * grid of Helsinki (250 m cells) and its points, as the statistical agency
 * publishes them (`../shared/data/helsinki`).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { RegionPackError } from '../src/errors.js';
import { resolveCensusFields } from '../src/region/census-fields.js';
import { readCensusGeoPackage } from '../src/region/census-geopackage.js';
import { readCensusInput } from '../src/region/census-input.js';
import { sharedFile, tempFolder } from './region-fixtures.js';

const grid = sharedFile('helsinki/helsinki_population_grid_2020.gpkg');
const points = sharedFile('helsinki/helsinki_population_points_2020.gpkg');
const WORLD: [number, number, number, number] = [-180, -90, 180, 90];

describe.skipIf(grid === null || points === null)('census from a GeoPackage (HSY population grid, Helsinki)', () => {
  it('reads every cell as a polygon area with its residents, 71,724 in all', async () => {
    const { zones, skipped } = await readCensusGeoPackage(grid ?? '', resolveCensusFields(undefined));
    expect(zones).toHaveLength(92);
    expect(skipped.count).toBe(0);
    expect(zones.reduce((sum, zone) => sum + zone.population, 0)).toBe(71_724);
    expect(zones.every((zone) => zone.geometry?.type === 'Polygon' || zone.geometry?.type === 'MultiPolygon')).toBe(true);
    for (const zone of zones) {
      expect(zone.point.lat).toBeGreaterThan(60.15);
      expect(zone.point.lng).toBeGreaterThan(24.9);
    }
  });

  it('reads the points file as point areas with the same residents, and is told apart from CSV and GeoJSON by its content', async () => {
    const read = await readCensusInput({ census: points ?? '' }, WORLD);
    expect(read?.description).toBe('census areas of helsinki_population_points_2020.gpkg (GeoPackage)');
    expect(read?.zones.every((zone) => zone.geometry === null)).toBe(true);
    expect(read?.zones.reduce((sum, zone) => sum + zone.population, 0)).toBe(71_724);
  });

  it('names the file when an SQLite database is not a GeoPackage', async () => {
    const work = await tempFolder('not-gpkg');
    try {
      const SQL = await initSqlJs();
      const db = new SQL.Database();
      db.run('CREATE TABLE t (x INTEGER)');
      const path = join(work.dir, 'plain.sqlite');
      await writeFile(path, db.export());
      db.close();
      await expect(readCensusGeoPackage(path, resolveCensusFields(undefined))).rejects.toThrow(RegionPackError);
      await expect(readCensusGeoPackage(path, resolveCensusFields(undefined))).rejects.toThrow(/plain\.sqlite.*not a GeoPackage/);
    } finally {
      await work.cleanup();
    }
  });
});
