import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegion } from '@locscore/engine';
import { buildSampleRegion } from '@locscore/engine/sample';
import { HEADERS, SCORE_PATH, ScoreResult } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './support/server-process.js';
import { templateDataDir } from './support/store-template.js';

/**
 * A server started on a folder of packs (`LOCSCORE_REGIONS=<folder>`, as
 * `locscore serve --region <folder>`) picks up a pack replaced on disk when
 * sent SIGHUP, answering every request meanwhile.
 */
describe('reloading the region packs on SIGHUP', () => {
  const demoKey = 'lsk_region_reload_test_key_01';
  let workDir: string;
  let packs: string;
  let renamed: string;
  let address: string;
  let server: ServerProcess;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'locscore-region-reload-'));
    packs = join(workDir, 'packs');
    await mkdir(packs);
    await buildSampleRegion(join(packs, 'town'));
    // The same town under another name: a replaced pack whose answers say which one served them.
    renamed = join(workDir, 'renamed');
    await cp(join(packs, 'town'), renamed, { recursive: true });
    const manifest = JSON.parse(await readFile(join(renamed, 'manifest.json'), 'utf8')) as { name: string };
    await writeFile(join(renamed, 'manifest.json'), JSON.stringify({ ...manifest, name: `${manifest.name} Reloaded` }));
    const region = await loadRegion(join(packs, 'town'));
    const point = region.addresses.find((candidate) => /^\d+$/.test(candidate.housenumber) && candidate.street !== '');
    if (point === undefined) throw new Error('the sample region has no address point');
    address = [`${point.housenumber} ${point.street}`, point.city].filter(Boolean).join(', ');
    server = await startServerProcess({
      LOCSCORE_REGIONS: packs,
      LOCSCORE_DATA_DIR: await templateDataDir(join(workDir, 'data')),
      LOCSCORE_DEMO_KEY: demoKey,
      LOCSCORE_DEMO_PLAN: 'growth',
    });
  });

  afterAll(async () => {
    await server?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  async function regionOfScore(): Promise<string | undefined> {
    const response = await fetch(server.url + SCORE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADERS.apiKey]: demoKey },
      body: JSON.stringify({ address, category: 'coffee' }),
    });
    expect(response.status).toBe(200);
    return ScoreResult.parse(await response.json()).meta?.region?.name;
  }

  it('answers from the replaced pack after SIGHUP, and answers every request while it reloads', async () => {
    const before = await regionOfScore();
    expect(before).toBeDefined();
    // Replaced as an import does: the new pack beside the old, then swapped by renames.
    await rename(join(packs, 'town'), join(workDir, 'old-town'));
    await rename(renamed, join(packs, 'town'));
    process.kill(server.pid, 'SIGHUP');
    const during: Array<string | undefined> = [];
    let done = false;
    void server.stderrContains('regions reloaded').then(() => {
      done = true;
    });
    while (!done) during.push(await regionOfScore());
    expect(during.every((name) => name === before || name === `${before} Reloaded`)).toBe(true);
    expect(await regionOfScore()).toBe(`${before} Reloaded`);
    expect(server.stderr()).not.toContain('region reload failed');
  });
});
