/**
 * Benchmark (issue 24, item 5): the full scan of every result at every
 * address point of every real pack, for every category, for each class of
 * defect issue 24 found (`packages/engine/test/result-defects.ts`). The test
 * `model-real-regions.test.ts` scans a seeded sample of the same results in
 * CI; this scan covers them all and counts each defect class per pack, with
 * one example result of each.
 *
 * Exits 1 when any result has a defect. Run: `pnpm bench score-defects`.
 * Writes `bench/results/score-defects.json`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Category, ScoreResult } from '../packages/schema/src/index.js';
import { machineInfo, writeResult } from './support/machine.js';
import { importRealPack, REAL_PACKS, type RealPack, skipWithoutRealData } from './support/real-packs.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';

const NAME = 'score-defects';
/** The date results are computed at, so that feed expiry is fixed (as in the test). */
const NOW = new Date('2026-11-01T00:00:00Z');

interface PackScan {
  region: string;
  addressPoints: number;
  results: number;
  scanMs: number;
  defects: Record<string, { count: number; example: string }>;
}

async function scanPack(pack: RealPack): Promise<PackScan> {
  const { CATEGORIES } = await import('../packages/schema/src/index.js');
  const { loadRegion } = await import('../packages/engine/src/index.js');
  const { buildRegionIndexes } = await import('../packages/engine/src/model/region-indexes.js');
  const { scoreLocation } = await import('../packages/engine/src/model/score-location.js');
  const { defectsOf } = await import('../packages/engine/test/result-defects.js');
  const region = await loadRegion(pack.dir);
  const indexes = buildRegionIndexes(region);
  const facts = { country: indexes.country ?? '', residents: region.manifest.population?.residents ?? null };
  const defects: PackScan['defects'] = {};
  let results = 0;
  const started = performance.now();
  for (const point of region.addresses) {
    for (const category of CATEGORIES as readonly Category[]) {
      const result = scoreLocation(indexes, point, category, undefined, NOW) as ScoreResult;
      results++;
      for (const defect of defectsOf(result, facts)) {
        const seen = defects[defect] ?? { count: 0, example: `${point.housenumber} ${point.street} ${category}` };
        defects[defect] = { ...seen, count: seen.count + 1 };
      }
    }
  }
  const scanMs = Math.round(performance.now() - started);
  process.stderr.write(`${pack.name}: ${results} results in ${scanMs} ms, defects ${JSON.stringify(defects)}\n`);
  return { region: pack.name, addressPoints: region.addresses.length, results, scanMs, defects };
}

async function main(): Promise<void> {
  if (skipWithoutRealData(NAME)) return;
  const { MODEL_VERSION } = await import('../packages/engine/src/index.js');
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-defects-'));
  try {
    const packs: PackScan[] = [];
    for (const key of REAL_PACKS) packs.push(await scanPack(await importRealPack(key, work)));
    const total = packs.reduce((sum, pack) => sum + Object.values(pack.defects).reduce((s, { count }) => s + count, 0), 0);
    writeResult(NAME, {
      benchmark: NAME,
      description:
        'every result (scoreLocation) at every address point of each real pack, for every category, checked for each class of defect of issue 24 (result-defects.ts): count per class and pack, one example each',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: { now: NOW.toISOString(), modelVersion: MODEL_VERSION },
      resultsScanned: packs.reduce((sum, pack) => sum + pack.results, 0),
      resultsWithDefects: total,
      packs,
    });
    if (total > 0) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!rerunWithSourceConditions(import.meta.url)) await main();
