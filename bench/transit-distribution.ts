/**
 * Benchmark (issue 14, transit service): the distribution of the transit
 * sub-score over every address point of two real regions, so that a change
 * of the transit model shows how it spreads real service levels:
 *
 * - Liechtenstein: the full OSM extract, no GTFS (OSM stops and stations
 *   with their documented default service);
 * - the West Village OSM slice with both MTA feeds (subway and Manhattan
 *   bus, 1.7 M stop times).
 *
 * Each region is imported with `importRegion` into a temporary folder, loaded,
 * and scored at each address point with `scoreLocation` (category `coffee`;
 * the transit sub-score does not depend on the category). Reports the
 * histogram by whole score (0–1, 1–2, … 9–10, and exactly 10), percentiles,
 * and the share of points at 0 and at 10.
 *
 * Run: `npx tsx bench/transit-distribution.ts`. Writes `bench/results/transit-distribution.json`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIECHTENSTEIN_PBF, machineInfo, writeResult } from './support/machine.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';
import { percentile } from './support/stats.js';

const NAME = 'transit-distribution';
const SHARED = fileURLToPath(new URL('../../shared/data/', import.meta.url));
const WEST_VILLAGE_PBF = join(SHARED, 'nyc-west-village', 'nyc-west-village.osm.pbf');
const MTA_FEEDS = [join(SHARED, 'nyc-transit', 'mta-subway.zip'), join(SHARED, 'nyc-transit', 'mta-bus-manhattan.zip')];

interface RegionInput {
  label: string;
  osm: string;
  gtfs: string[];
}

const REGIONS: RegionInput[] = [
  { label: 'Liechtenstein (OSM only)', osm: LIECHTENSTEIN_PBF, gtfs: [] },
  { label: 'West Village + MTA subway and Manhattan bus GTFS', osm: WEST_VILLAGE_PBF, gtfs: MTA_FEEDS },
];

/** Distribution of transit sub-scores (0–10, one decimal). */
interface Distribution {
  points: number;
  mean: number;
  p10: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
  min: number;
  max: number;
  shareAtZero: number;
  shareAtTen: number;
  /** Points per band: `0-1` is [0, 1), …, `9-10` is [9, 10), `10` exactly 10. */
  histogram: Record<string, number>;
}

function distribution(scores: number[]): Distribution {
  const sorted = [...scores].sort((a, b) => a - b);
  const histogram: Record<string, number> = {};
  for (let band = 0; band < 10; band++) histogram[`${band}-${band + 1}`] = 0;
  histogram['10'] = 0;
  for (const score of sorted) {
    const key = score >= 10 ? '10' : `${Math.floor(score)}-${Math.floor(score) + 1}`;
    histogram[key] = (histogram[key] ?? 0) + 1;
  }
  const share = (test: (score: number) => boolean): number => Math.round((sorted.filter(test).length / sorted.length) * 1000) / 1000;
  return {
    points: sorted.length,
    mean: Math.round((sorted.reduce((sum, score) => sum + score, 0) / sorted.length) * 100) / 100,
    p10: percentile(sorted, 10),
    p25: percentile(sorted, 25),
    p50: percentile(sorted, 50),
    p75: percentile(sorted, 75),
    p90: percentile(sorted, 90),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    shareAtZero: share((score) => score === 0),
    shareAtTen: share((score) => score >= 10),
    histogram,
  };
}

async function measure(region: RegionInput, work: string): Promise<Record<string, unknown>> {
  const { importRegion } = await import('../packages/engine/src/import.js');
  const { loadRegion } = await import('../packages/engine/src/index.js');
  const { buildRegionIndexes } = await import('../packages/engine/src/model/region-indexes.js');
  const { scoreLocation } = await import('../packages/engine/src/model/score-location.js');
  const out = join(work, region.label.replace(/\W+/g, '-'));
  const report = await importRegion({ osm: region.osm, gtfs: region.gtfs, name: region.label, out, force: true });
  const pack = await loadRegion(report.outDir);
  const indexes = buildRegionIndexes(pack);
  const scores = pack.addresses.map((address) => scoreLocation(indexes, address, 'coffee').breakdown.transit);
  return {
    region: region.label,
    inputs: [region.osm, ...region.gtfs].map((path) => path.slice(SHARED.length)),
    counts: report.manifest.counts,
    importMs: Math.round(report.durationMs),
    transit: distribution(scores),
  };
}

async function main(): Promise<void> {
  const missing = [LIECHTENSTEIN_PBF, WEST_VILLAGE_PBF, ...MTA_FEEDS].filter((path) => !existsSync(path));
  if (missing.length > 0) {
    process.stderr.write(`skipping ${NAME}: ${missing.join(', ')} absent (../shared/data is not checked out here)\n`);
    writeResult(NAME, { benchmark: NAME, measuredAt: new Date().toISOString(), skipped: `inputs absent: ${missing.join(', ')}` });
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-transit-'));
  try {
    const regions = [];
    for (const region of REGIONS) {
      const measured = await measure(region, work);
      process.stderr.write(`${region.label}: ${JSON.stringify(measured.transit)}\n`);
      regions.push(measured);
    }
    writeResult(NAME, {
      benchmark: NAME,
      description: 'transit sub-score (0-10) at every address point of each pack, from scoreLocation; no timing figures',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      regions,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!rerunWithSourceConditions(import.meta.url)) await main();
