import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from './cli-in-process.js';

const data = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const osm = join(data, 'nyc-west-village', 'nyc-west-village.osm.pbf');
const shp = join(data, 'nyc-census', 'cb_2020_36_tract_500k', 'cb_2020_36_tract_500k.shp');
const table = join(data, 'nyc-census', 'demographics_ct.csv');
const present = [osm, shp, table].every((path) => existsSync(path));
if (!present) console.warn(`skipping: real data under ${data} is absent (../shared/data is not checked out here)`);

describe.skipIf(!present)('locscore region import --census-boundaries (real Manhattan census)', () => {
  let work: string;
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'locscore-cli-census-'));
  });
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('joins the tract shapefile to the table with the field flags and prints the population', async () => {
    const out = join(work, 'pack');
    const census = ['--census-boundaries', shp, '--census-table', table, '--census-join', 'GEOID=geoid', '--census-population-field', 'pop'];
    const run = await runCliInProcess(['region', 'import', '--osm', osm, '--out', out, ...census, '--census-households-field', 'occupied']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/population 17,6\d\d residents \(census: demographics_ct\.csv joined to cb_2020_36_tract_500k\.shp on GEOID=geoid\)/);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8')) as { population: { households: number } };
    expect(manifest.population.households).toBeGreaterThan(10_000);

    const refused = await runCliInProcess(['region', 'import', '--osm', osm, '--out', join(work, 'refused'), ...census]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/households gives 1\.0\d residents per household/);
  });
});
