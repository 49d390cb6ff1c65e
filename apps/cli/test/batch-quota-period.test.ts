import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRegion } from '@locscore/engine';
import { buildSampleRegion } from '@locscore/engine/sample';
import { LocScoreClient } from '@locscore/sdk';
import { startServer } from '@locscore/server';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDataDir } from '../../server/test/support/store-template.js';
import { pickSampleAddress } from '../src/commands/quickstart.js';
import { runCliInProcess } from './cli-in-process.js';

/**
 * A Starter key runs out of quota half way through a batch; when the server's
 * clock reaches the next period, `--resume` completes the file. The server
 * runs in this process with a clock the test moves: one minute before the
 * 1st of the month, then 30 seconds after the reset (inside the 24 h
 * idempotency window, so rows charged but not written are replayed free).
 */
let workDir: string;
let now = new Date('2026-11-30T23:59:00Z');
let server: Awaited<ReturnType<typeof startServer>>;
let starterKey: string;
let addresses: string[];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'locscore-cli-period-'));
  const pack = join(workDir, 'pack');
  await buildSampleRegion(pack);
  const region = await loadRegion(pack);
  const seen = new Set<string>();
  for (let i = 0; i < region.addresses.length && seen.size < 30; i += 1) {
    try {
      seen.add(pickSampleAddress(region.addresses.slice(i, i + 1)));
    } catch {
      // not a plain house number: the next one
    }
  }
  addresses = [...seen];
  server = await startServer({ port: 0, dataDir: await templateDataDir(join(workDir, 'data')), regions: [pack], clock: () => now });
  starterKey = (await server.store.keys.create({ plan: 'starter', name: 'period test' })).apiKey;
});

afterAll(async () => {
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('locscore batch across a quota reset', () => {
  it('stops at the Starter quota with exit 4, then --resume completes the file in the next period', async () => {
    expect(addresses.length).toBe(30);
    const input = join(workDir, 'sites.csv');
    const out = join(workDir, 'sites-scored.csv');
    await writeFile(input, `site;adresse\n${addresses.map((address, index) => `S${index + 1};"${address}"`).join('\n')}\n`);
    const env = { LOCSCORE_BASE_URL: server.url, LOCSCORE_API_KEY: starterKey };
    const client = new LocScoreClient({ apiKey: starterKey, baseUrl: server.url });

    const first = await runCliInProcess(['batch', input, '--category', 'coffee', '--out', out, '--concurrency', '4'], { env });
    expect(first.code, first.stderr).toBe(4);
    expect(first.stderr).toMatch(/resets at 2026-12-01T00:00:00/);
    const partial = parse(await readFile(out, 'utf8'), { delimiter: ';', columns: true }) as Array<Record<string, string>>;
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThanOrEqual(20);
    expect(partial.map((row) => row.site)).toEqual(addresses.slice(0, partial.length).map((_, index) => `S${index + 1}`));
    expect((await client.getUsage()).used).toBe(20);

    now = new Date('2026-12-01T00:00:30Z');
    const resumed = await runCliInProcess(['batch', input, '--category', 'coffee', '--out', out, '--concurrency', '4', '--resume'], { env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const complete = parse(await readFile(out, 'utf8'), { delimiter: ';', columns: true }) as Array<Record<string, string>>;
    expect(complete.map((row) => row.site)).toEqual(addresses.map((_, index) => `S${index + 1}`));
    for (const row of complete) {
      expect(row.locscore_error_code, row.site).toBe('');
      // A ;-separated file gets decimal commas.
      expect(row.locscore_score, row.site).toMatch(/^\d+,\d$/);
    }
    // Each row is charged once over both periods: 20 in November, the other 10 in December.
    expect((await client.getUsage()).used).toBe(10);
  });
});
