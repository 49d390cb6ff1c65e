import { join } from 'node:path';
import { type Category, ScoreResult } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine.js';
import { buildRegionIndexes } from '../src/model/region-indexes.js';
import { scoreLocation } from '../src/model/score-location.js';
import { DEFAULT_PERCENTILE_SAMPLE_SIZE } from '../src/percentile/region-percentiles.js';
import { importRegion } from '../src/region/import-region.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import type { ScoringEngine } from '../src/scoring-engine.js';
import { sharedFile, tempFolder } from './region-fixtures.js';

const pbf = sharedFile('liechtenstein/liechtenstein.osm.pbf');

/** Every address point of the region scored with the model, ascending: what `meta.percentile` ranks against. */
function allScores(region: RegionData, category: Category): number[] {
  const indexes = buildRegionIndexes(region);
  return region.addresses.map((point) => scoreLocation(indexes, point, category).score).sort((a, b) => a - b);
}

/** Share (0–100, whole) of `scores` at or below `score`, ties at their mean position. */
function rankAmong(scores: readonly number[], score: number): number {
  const below = scores.filter((value) => value < score).length;
  const equal = scores.filter((value) => value === score).length;
  return Math.round((100 * (equal === 0 ? below : below + (equal + 1) / 2)) / scores.length);
}

describe.skipIf(pbf === null)('meta.percentile on the Liechtenstein pack (real OSM data)', () => {
  let work: Awaited<ReturnType<typeof tempFolder>>;
  let region: RegionData;
  let engine: ScoringEngine;

  beforeAll(async () => {
    work = await tempFolder('li-percentile');
    const report = await importRegion({ osm: pbf ?? '', name: 'Liechtenstein', boundary: 'Liechtenstein', out: join(work.dir, 'pack') });
    region = await loadRegion(report.outDir);
    engine = createEngine({ regions: [region] });
  });
  afterAll(async () => work?.cleanup());

  it('ranks Städtle 38, Vaduz for coffee against every address point of the country, since they are fewer than the sample size', async () => {
    expect(region.addresses.length).toBeLessThanOrEqual(DEFAULT_PERCENTILE_SAMPLE_SIZE);
    const result = await engine.score({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' });
    expect(ScoreResult.parse(result)).toEqual(result);
    expect(result.meta?.percentile).toBe(rankAmong(allScores(region, 'coffee'), result.score));
  });

  it('ranks a better-scoring address of the same category at least as high, and each category against its own scores', async () => {
    const addresses = ['Städtle 38, 9490 Vaduz', 'Landstrasse 91, 9494 Schaan', 'Essanestrasse 87, 9492 Eschen', 'Malbunstrasse 39, 9497 Triesenberg'];
    for (const category of ['gym-fitness', 'automotive-services'] as const) {
      const scores = allScores(region, category);
      const results = await Promise.all(addresses.map((address) => engine.score({ address, category }).catch(() => null)));
      const scored = results.flatMap((result) => (result === null ? [] : [result]));
      expect(scored.length).toBeGreaterThanOrEqual(2);
      for (const result of scored) expect(result.meta?.percentile).toBe(rankAmong(scores, result.score));
      const ordered = [...scored].sort((a, b) => a.score - b.score);
      for (let i = 1; i < ordered.length; i++) expect(ordered[i]?.meta?.percentile ?? -1).toBeGreaterThanOrEqual(ordered[i - 1]?.meta?.percentile ?? 101);
    }
  });

  it('ranks against a seeded sample when asked for fewer points, within a few points of the full ranking and the same in every engine', async () => {
    const sampled = createEngine({ regions: [region], percentileSampleSize: 500 });
    const again = createEngine({ regions: [region], percentileSampleSize: 500 });
    const full = await engine.score({ address: 'Städtle 38, 9490 Vaduz', category: 'beauty-salon' });
    const fromSample = await sampled.score({ address: 'Städtle 38, 9490 Vaduz', category: 'beauty-salon' });
    expect(fromSample.score).toBe(full.score);
    // Standard error of a percentile from 500 points is at most √(0.25 / 500) ≈ 2.2 points.
    expect(Math.abs((fromSample.meta?.percentile ?? -100) - (full.meta?.percentile ?? 100))).toBeLessThanOrEqual(7);
    expect((await again.score({ address: 'Städtle 38, 9490 Vaduz', category: 'beauty-salon' })).meta?.percentile).toBe(fromSample.meta?.percentile);
  });
});
