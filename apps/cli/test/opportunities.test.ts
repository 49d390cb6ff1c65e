/// <reference path="../../../packages/engine/test/pack-cache.global-setup.ts" />
/**
 * `locscore opportunities` against a real server on 127.0.0.1 over the real
 * Liechtenstein pack (PGlite), the CLI spawned from source: the top sites
 * as JSON and as a table, written to CSV and GeoJSON, and bad flags refused
 * with exit 2 naming the flag. Skipped, saying why, where `../shared/data`
 * is absent.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OpportunityMap } from '@locscore/schema';
import { startServer } from '@locscore/server';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedFile, sharedPack } from '../../../packages/engine/test/region-fixtures.js';
import { templateDataDir } from '../../server/test/support/store-template.js';
import { runCli } from './cli-process.js';

const pbf = sharedFile('liechtenstein/liechtenstein.osm.pbf');
if (pbf === null) console.warn('skipping the opportunities end-to-end test: ../shared/data/liechtenstein is absent');

describe.skipIf(pbf === null)('locscore opportunities over the Liechtenstein pack', () => {
  let work: string;
  let server: Awaited<ReturnType<typeof startServer>>;
  let key: string;
  const env = () => ({ LOCSCORE_BASE_URL: server.url, LOCSCORE_API_KEY: key });

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'locscore-cli-opportunities-'));
    const pack = await sharedPack({ osm: pbf ?? '', name: 'Liechtenstein' });
    server = await startServer({ port: 0, dataDir: await templateDataDir(join(work, 'data')), regions: [pack], logLevel: 'silent' });
    key = (await server.store.keys.create({ plan: 'enterprise', name: 'cli opportunities test' })).apiKey;
  });
  afterAll(async () => {
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('prints the top sites as the API body when stdout is not a terminal', async () => {
    const run = await runCli(['opportunities', '--category', 'coffee', '--region', 'liechtenstein', '--top', '20'], { env: env() });
    expect(run.code, run.stderr).toBe(0);
    const map = OpportunityMap.parse(JSON.parse(run.stdout));
    expect(map.region).toBe('Liechtenstein');
    expect(map.sites).toHaveLength(20);
    expect(map.sites.every((site) => /\d/.test(site.label ?? ''))).toBe(true);
  });

  it('writes the same sites to CSV and GeoJSON, saying so on stderr', async () => {
    const csvPath = join(work, 'sites.csv');
    const geoPath = join(work, 'sites.geojson');
    const asJson = OpportunityMap.parse(
      JSON.parse((await runCli(['opportunities', '-c', 'coffee', '-r', 'Liechtenstein', '--top', '5', '--json'], { env: env() })).stdout),
    );
    const csv = await runCli(['opportunities', '-c', 'coffee', '-r', 'Liechtenstein', '--top', '5', '--out', csvPath], { env: env() });
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stdout).toBe('');
    expect(csv.stderr).toContain(`Wrote 5 sites for coffee in Liechtenstein to ${csvPath}`);
    const rows = parse(await readFile(csvPath, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((row) => [row['label'], Number(row['score'])])).toEqual(asJson.sites.map((site) => [site.label, site.score]));
    const geo = await runCli(['opportunities', '-c', 'coffee', '-r', 'Liechtenstein', '--top', '5', '--out', geoPath], { env: env() });
    expect(geo.code, geo.stderr).toBe(0);
    const collection = JSON.parse(await readFile(geoPath, 'utf8')) as { features: Array<{ geometry: { coordinates: number[] } }> };
    expect(collection.features.map((feature) => feature.geometry.coordinates)).toEqual(
      asJson.sites.map((site) => [site.coordinates.lng, site.coordinates.lat]),
    );
  });

  it('refuses bad flags with exit 2 naming the flag, and an unloaded region with the server’s answer', async () => {
    const top = await runCli(['opportunities', '-c', 'coffee', '--top', '0'], { env: env() });
    expect([top.code, top.stderr]).toEqual([2, expect.stringContaining('--top must be a whole number from 1 to 100')]);
    const out = await runCli(['opportunities', '-c', 'coffee', '--out', join(work, 'sites.txt')], { env: env() });
    expect([out.code, out.stderr]).toEqual([2, expect.stringContaining('--out must end in .csv or .geojson')]);
    const category = await runCli(['opportunities', '-c', 'tea'], { env: env() });
    expect([category.code, category.stderr]).toEqual([2, expect.stringContaining('unknown category "tea"')]);
    const region = await runCli(['opportunities', '-c', 'coffee', '-r', 'Narnia'], { env: env() });
    expect(region.code).not.toBe(0);
    expect(region.stderr).toContain('loaded: ');
  });
});
