/**
 * Golden equality of the real packs: for a fixed sample of the Liechtenstein
 * and West Village extracts' own address points and streets, the engine's
 * geocode and score equal those recorded in `fixtures/pack-golden.json`
 * (recorded from the pack format and importer before the country-scale
 * work). An importer or pack-layout change that alters any answer fails here.
 *
 * Re-record (only when an answer is meant to change, saying why in the
 * commit): `LOCSCORE_RECORD_GOLDEN=1 pnpm vitest run --project e2e packages/engine/test/pack-golden.test.ts`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine.js';
import { loadRegion } from '../src/region/pack-read.js';
import { type AddressStyle, GOLDEN_SAMPLE_SIZE, type GoldenAnswer, goldenAnswers, goldenQueries } from './pack-golden.js';
import { sharedFile, sharedPack } from './region-fixtures.js';

type Key = 'liechtenstein' | 'westVillage';

const GOLDEN_FILE = new URL('./fixtures/pack-golden.json', import.meta.url);
const recording = process.env.LOCSCORE_RECORD_GOLDEN === '1';
const golden = JSON.parse(await readFile(GOLDEN_FILE, 'utf8').catch(() => '{}')) as Partial<Record<Key, GoldenAnswer[]>>;

const regions: Array<{ name: string; key: Key; pbf: string | null; boundary?: string; style: AddressStyle }> = [
  { name: 'Liechtenstein', key: 'liechtenstein', pbf: sharedFile('liechtenstein/liechtenstein.osm.pbf'), boundary: 'Liechtenstein', style: 'number-after' },
  { name: 'West Village', key: 'westVillage', pbf: sharedFile('nyc-west-village/nyc-west-village.osm.pbf'), style: 'number-first' },
];

describe.each(regions)('the real $name pack answers as recorded', ({ name, key, pbf, boundary, style }) => {
  it.skipIf(pbf === null)('geocodes and scores of its sampled addresses and streets', async () => {
    const region = await loadRegion(await sharedPack({ osm: pbf ?? '', name, ...(boundary === undefined ? {} : { boundary }) }));
    const queries = goldenQueries(region, style);
    expect(queries.length).toBe(2 * GOLDEN_SAMPLE_SIZE);
    const answers = await goldenAnswers(createEngine({ regions: [region] }), queries);
    if (recording) {
      const current = JSON.parse(await readFile(GOLDEN_FILE, 'utf8').catch(() => '{}')) as Record<string, unknown>;
      await writeFile(GOLDEN_FILE, `${JSON.stringify({ ...current, [key]: answers }, null, 2)}\n`);
      return;
    }
    // The sample must geocode: most of a pack's own addresses are found.
    expect(answers.filter((answer) => answer.result !== undefined).length).toBeGreaterThan(answers.length / 2);
    expect(answers).toEqual(golden[key]);
  });
});
