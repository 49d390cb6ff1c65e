/**
 * Benchmark (issue 14, item 6 and the done-when table): how the model's
 * verdicts spread over every address point of the two real packs
 * (Liechtenstein; West Village with the MTA feeds and the Manhattan census),
 * for each of the twelve categories: min, p5, median, p95, max of the overall
 * score, share passed, share per story, share per data-confidence level
 * (`meta.confidence.level`; "n/a" while the model gives none), and the
 * calibration checks of the issue for categories with mapped places (p95 −
 * p5 ≥ 3 points, "Prime Location" reached somewhere). Named downtown sites
 * are scored through `engine.score` with their story and `meta.percentile`,
 * so "typical downtowns must not all read High Risk" can be read off.
 *
 * No timing figures. Run: `npx tsx bench/score-distribution.ts`.
 * Writes `bench/results/score-distribution.json`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Category, Story } from '../packages/schema/src/index.js';
import { machineInfo, writeResult } from './support/machine.js';
import { type PointScore, pointScorer } from './support/point-scores.js';
import { importRealPack, REAL_PACKS, type RealPack, type RealPackKey, skipWithoutRealData } from './support/real-packs.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';
import { percentile } from './support/stats.js';

const NAME = 'score-distribution';
/** p95 − p5 the issue asks of a category with mapped places, points. */
const MIN_SPREAD = 3;

/** Typical downtown addresses of each pack (real address points of the extracts). */
const DOWNTOWNS: Record<RealPackKey, string[]> = {
  liechtenstein: ['Städtle 38, 9490 Vaduz', 'Landstrasse 19, 9494 Schaan'],
  'west-village': ['Christopher Street 53, 10014 New York', 'Greenwich Avenue 122, 10011 New York', '7th Avenue South 131, 10014 New York'],
  copenhagen: ['Vesterbrogade 47, 1620 København V'],
  helsinki: ['Aleksanterinkatu 21, 00100 Helsinki', 'Mannerheimintie 6, 00100 Helsinki'],
  vancouver: ['401 West Georgia Street, Vancouver, BC V6B 5A1', '800 Granville Street, Vancouver'],
};

const share = (count: number, total: number): number => (total === 0 ? 0 : Math.round((count / total) * 1000) / 1000);

/** The distribution of one category's results over a pack's address points. */
function distribution(results: readonly PointScore[], stories: readonly Story[]): Record<string, unknown> {
  const scores = results.map(({ score }) => score).sort((a, b) => a - b);
  const confidence: Record<string, number> = { high: 0, medium: 0, low: 0, 'n/a': 0 };
  for (const { confidence: level } of results) confidence[level ?? 'n/a'] = (confidence[level ?? 'n/a'] ?? 0) + 1;
  const p5 = percentile(scores, 5);
  const p95 = percentile(scores, 95);
  return {
    points: scores.length,
    min: scores[0] ?? null,
    p5,
    median: percentile(scores, 50),
    p95,
    max: scores.at(-1) ?? null,
    spreadP5P95: Math.round((p95 - p5) * 10) / 10,
    sharePassed: share(results.filter(({ passed }) => passed).length, results.length),
    sharePerStory: Object.fromEntries(stories.map((story) => [story, share(results.filter((result) => result.story === story).length, results.length)])),
    shareByConfidence: Object.fromEntries(Object.entries(confidence).map(([level, count]) => [level, share(count, results.length)])),
  };
}

async function measurePack(pack: RealPack): Promise<Record<string, unknown>> {
  const { CATEGORIES, STORIES } = await import('../packages/schema/src/index.js');
  const { loadRegion, createEngine, MODEL_VERSION } = await import('../packages/engine/src/index.js');
  const { buildRegionIndexes } = await import('../packages/engine/src/model/region-indexes.js');
  const region = await loadRegion(pack.dir);
  const indexes = buildRegionIndexes(region);
  const score = await pointScorer(indexes);
  const engine = createEngine({ regions: [region] });

  const categories: Record<string, unknown> = {};
  for (const category of CATEGORIES as readonly Category[]) {
    const places = indexes.competitors.summary(category).places;
    const stats = distribution(
      region.addresses.map((point) => score(point, category)),
      STORIES,
    );
    const spread = Number(stats.spreadP5P95);
    const prime = Number((stats.sharePerStory as Record<string, number>)['Prime Location']);
    const downtowns = [];
    for (const address of DOWNTOWNS[pack.key]) {
      const result = await engine.score({ address, category });
      downtowns.push({
        address,
        score: result.score,
        story: result.story,
        passed: result.passed,
        percentile: result.meta?.percentile ?? null,
        confidence: (result.meta as { confidence?: { level?: string } } | undefined)?.confidence?.level ?? 'n/a',
      });
    }
    categories[category] = {
      mappedPlaces: places,
      ...stats,
      checks:
        places === 0
          ? 'no mapped place of the category in the pack: the issue asks no spread of it'
          : {
              spreadAtLeast3: spread >= MIN_SPREAD,
              primeReached: prime > 0,
              downtownsNotAllHighRisk: downtowns.some(({ story }) => story !== 'High Risk'),
            },
      downtowns,
    };
    process.stderr.write(
      `${pack.name} ${category}: ${JSON.stringify({ places, p5: stats.p5, median: stats.median, p95: stats.p95, passed: stats.sharePassed })}\n`,
    );
  }
  return {
    region: pack.name,
    inputs: pack.inputs,
    importMs: pack.importMs,
    modelVersion: MODEL_VERSION,
    addressPoints: region.addresses.length,
    categories,
  };
}

async function main(): Promise<void> {
  if (skipWithoutRealData(NAME)) return;
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-distribution-'));
  try {
    const regions = [];
    for (const key of REAL_PACKS) regions.push(await measurePack(await importRealPack(key, work)));
    writeResult(NAME, {
      benchmark: NAME,
      description:
        'overall score (0-10) at every address point of each real pack per category (scoreLocation): min, p5, median, p95, max, share passed, per story, per confidence level; calibration checks; named downtown sites through engine.score with meta.percentile',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: { percentiles: 'nearest rank', minSpreadP5P95: MIN_SPREAD, downtowns: DOWNTOWNS },
      regions,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!rerunWithSourceConditions(import.meta.url)) await main();
