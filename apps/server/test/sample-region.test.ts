import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegion, RegionPackError } from '@locscore/engine';
import { buildSampleRegion } from '@locscore/engine/sample';
import { ErrorBody, HEADERS, SCORE_PATH, ScoreResult } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/index.js';
import { templateDataDir } from './support/store-template.js';

/**
 * The real engine over the real sample region (built through the OSM and GTFS
 * importers into a pack, loaded by `startServer({ regions })`), served over HTTP.
 */
describe('serving the real sample region', () => {
  const demoKey = 'lsk_sample_region_test_key_01';
  let workDir: string;
  let server: RunningServer;
  let address: string;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'locscore-sample-server-'));
    const packDir = join(workDir, 'pack');
    await buildSampleRegion(packDir);
    const region = await loadRegion(packDir);
    const point = region.addresses.find((candidate) => /^\d+$/.test(candidate.housenumber) && candidate.street !== '');
    if (!point) throw new Error('the sample region has no address point');
    address = [`${point.housenumber} ${point.street}`, point.city].filter(Boolean).join(', ');
    server = await startServer({ port: 0, dataDir: await templateDataDir(join(workDir, 'data')), regions: [packDir], demoKey, demoPlan: 'starter' });
  });

  afterAll(async () => {
    await server?.close();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  async function score(body: unknown): Promise<Response> {
    return fetch(server.url + SCORE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADERS.apiKey]: demoKey },
      body: JSON.stringify(body),
    });
  }

  it('scores a sample address, marked as sample data, with the request id and quota headers', async () => {
    const response = await score({ address, category: 'coffee' });
    expect(response.status).toBe(200);
    const result = ScoreResult.parse(await response.json());
    expect(result.meta?.requestId).toBe(response.headers.get(HEADERS.requestId));
    expect(result.meta?.region?.sample).toBe(true);
    expect(result.meta?.geocodePrecision).toBeDefined();
    expect(response.headers.get(HEADERS.quotaRemaining)).toBe('19');
    // Deterministic for one pack and one model version.
    const again = ScoreResult.parse(await (await score({ address, category: 'coffee' })).json());
    expect({ ...again, meta: undefined }).toEqual({ ...result, meta: undefined });
  });

  it('answers 400 address_not_found for a street the town does not have, without counting', async () => {
    const response = await score({ address: '999 Nonexistent Boulevard, Atlantis', category: 'coffee' });
    expect(response.status).toBe(400);
    expect(ErrorBody.parse(await response.json()).error.code).toBe('address_not_found');
    const after = await score({ address, category: 'pharmacy-health' });
    expect(after.headers.get(HEADERS.quotaRemaining)).toBe('17');
  });

  it('refuses to start on a directory that is not a region pack', async () => {
    const dataDir = await templateDataDir(join(workDir, 'data-bad'));
    await expect(startServer({ port: 0, dataDir, regions: [join(workDir, 'no-such-pack')] })).rejects.toBeInstanceOf(RegionPackError);
    // The failed start released its data dir.
    const retry = await startServer({ port: 0, dataDir });
    await retry.close();
  });
});
