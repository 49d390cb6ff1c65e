/**
 * Benchmark: what competitors cost, on the real Liechtenstein and West
 * Village extracts.
 *
 * 1. Import: `importRegion`, each run in its own node process (peak RSS is its
 *    own); the brand step (reading the name-suggestion-index, building its
 *    matcher, matching every named POI) is timed from its progress events.
 *    Baseline in the same run: the rest of the same import. The matcher is
 *    also built alone in a fresh process, for its own time and peak RSS.
 * 2. Load and search: building the `CompetitorIndex` (POIs joined into
 *    places, brands counted, chains marked) and `search()` at 1,000 address
 *    points of the pack, the twelve categories in turn. Baseline in the same
 *    process on the same points: one `PointIndex` per category over the raw
 *    POIs and `within()` at the category radius (what the index did before
 *    places were joined).
 *
 * Run: `npx tsx bench/competitors.ts`. Writes `bench/results/competitors.json`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIECHTENSTEIN_PBF, machineInfo, requireLiechtenstein, writeResult } from './support/machine.js';
import { median, percentile } from './support/stats.js';

const NAME = 'competitors';
const RUNS = 3;
const POINTS = 1_000;
const here = fileURLToPath(new URL('.', import.meta.url));
const WEST_VILLAGE_PBF = fileURLToPath(new URL('../../shared/data/nyc-west-village/nyc-west-village.osm.pbf', import.meta.url));

interface ImportRun {
  totalMs: number;
  brandsMs: number;
  maxRssMb: number;
  named: number;
  recognised: number;
}

/** Child: one import, timing the brand step from its two progress events. */
async function importChild(osm: string, out: string, boundary: string | undefined): Promise<void> {
  const { importRegion } = await import('../packages/engine/src/region/import-region.js');
  const marks: number[] = [];
  const report = await importRegion({
    osm,
    name: 'bench',
    out,
    force: true,
    ...(boundary === undefined ? {} : { boundary }),
    onProgress: (event) => {
      if (event.phase === 'brands') marks.push(performance.now());
    },
  });
  const brands = report.manifest.sources.find((source) => source.kind === 'brands');
  const result: ImportRun = {
    totalMs: report.durationMs,
    brandsMs: (marks[1] ?? 0) - (marks[0] ?? 0),
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    named: brands?.records ?? 0,
    recognised: brands?.matched ?? 0,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Child: build the name-suggestion-index matcher alone (no import), for its own time and peak RSS. */
async function brandIndexChild(): Promise<void> {
  const baseline = Math.round(process.resourceUsage().maxRSS / 1024);
  const started = performance.now();
  const { BrandIndex } = await import('../packages/engine/src/region/brand-index.js');
  const index = await BrandIndex.load();
  const result = {
    buildMs: performance.now() - started,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    processBeforeMb: baseline,
    version: index.version,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** What {@link searchChild} prints. */
interface SearchRun {
  points: number;
  buildMs: number;
  rawBuildMs: number;
  search: ReturnType<typeof microseconds>;
  raw: ReturnType<typeof microseconds>;
  /** `scoreLocation` (the whole score, in-process) at the same points, wall time. */
  wholeScore: ReturnType<typeof microseconds>;
  /** The same calls' CPU time (user + system). */
  wholeScoreCpu: ReturnType<typeof microseconds>;
  competitorsFound: number;
  mappedObjectsFound: number;
  competitorSubScore: { description: string; pairs: number; changed: number; meanChange: number; largestRise: number };
  categories: Record<string, unknown>;
}

/** Child: index build and search latency against the raw per-category PointIndex. */
async function searchChild(pack: string): Promise<void> {
  const { CATEGORIES } = await import('../packages/schema/src/index.js');
  const { loadRegion } = await import('../packages/engine/src/region/pack-read.js');
  const { CompetitorIndex } = await import('../packages/engine/src/places/competitor-index.js');
  const { PointIndex } = await import('../packages/engine/src/places/point-index.js');
  const { CATEGORY_DEFINITIONS } = await import('../packages/engine/src/places/categories.js');
  const region = await loadRegion(pack);
  let started = performance.now();
  const index = new CompetitorIndex(region.pois);
  const buildMs = performance.now() - started;
  started = performance.now();
  const raw = Object.fromEntries(
    CATEGORIES.map((category) => [category, new PointIndex(region.pois.filter((poi) => CATEGORY_DEFINITIONS[category].matches(poi.tags)))]),
  );
  const rawBuildMs = performance.now() - started;
  const step = Math.max(1, Math.floor(region.addresses.length / POINTS));
  const points = region.addresses.filter((_, i) => i % step === 0).slice(0, POINTS);
  const places: number[] = [];
  const mapped: number[] = [];
  // Wall time per call, and CPU time per call (process.cpuUsage, µs): on the shared machine the
  // scheduler's preemptions inflate the wall-time tail, not the CPU time.
  const cpuMs: number[] = [];
  const time = (run: (point: (typeof points)[number], category: (typeof CATEGORIES)[number]) => number, counts: number[]): number[] => {
    const ms: number[] = [];
    for (let round = 0; round < 2; round++) {
      ms.length = 0;
      cpuMs.length = 0;
      counts.length = 0;
      points.forEach((point, i) => {
        const category = CATEGORIES[i % CATEGORIES.length] ?? 'coffee';
        const cpu = process.cpuUsage();
        const t = performance.now();
        counts.push(run(point, category));
        ms.push(performance.now() - t);
        const used = process.cpuUsage(cpu);
        cpuMs.push((used.user + used.system) / 1_000);
      });
    }
    return ms;
  };
  const searchMs = time((point, category) => index.search(point, category).count, places);
  const rawMs = time((point, category) => raw[category]?.within(point, CATEGORY_DEFINITIONS[category].radiusMetres).length ?? 0, mapped);
  // The whole score in-process (transit, competitors, market fit, insights), the 2 ms p99 budget.
  const { buildRegionIndexes } = await import('../packages/engine/src/model/region-indexes.js');
  const { scoreLocation } = await import('../packages/engine/src/model/score-location.js');
  const indexes = buildRegionIndexes(region);
  const scores: number[] = [];
  const scoreMs = time((point, category) => scoreLocation(indexes, point, category).competitorCount, scores);
  const scoreCpuMs = [...cpuMs];
  const summaries = Object.fromEntries(CATEGORIES.map((category) => [category, index.summary(category)]));
  // The competitor sub-score at every address point for every category: places joined (now) against each mapped object counted (raw).
  const { competitorPressure, competitorScoreFromPressure } = await import('../packages/engine/src/model/competitor-score.js');
  const { roundScore } = await import('../packages/schema/src/index.js');
  let pairs = 0;
  let changed = 0;
  let largest = 0;
  let total = 0;
  for (const point of region.addresses) {
    for (const category of CATEGORIES) {
      const search = index.search(point, category);
      const now = roundScore(competitorScoreFromPressure(competitorPressure(search.competitors, search.radiusMetres, search.ratingPrior)));
      const mappedHere = (raw[category]?.within(point, search.radiusMetres) ?? []).map(({ item, distanceMetres }) => ({ distanceMetres, rating: item.rating }));
      const before = roundScore(competitorScoreFromPressure(competitorPressure(mappedHere, search.radiusMetres)));
      pairs++;
      if (now !== before) changed++;
      largest = Math.max(largest, now - before);
      total += now - before;
    }
  }
  const run: SearchRun = {
    points: points.length,
    buildMs,
    rawBuildMs,
    search: microseconds(searchMs),
    raw: microseconds(rawMs),
    wholeScore: microseconds(scoreMs),
    wholeScoreCpu: microseconds(scoreCpuMs),
    competitorsFound: places.reduce((a, b) => a + b, 0),
    mappedObjectsFound: mapped.reduce((a, b) => a + b, 0),
    competitorSubScore: {
      description:
        'breakdown.competitor at every address point of the pack for each of the twelve categories: places joined, against every mapped object counted',
      pairs,
      changed,
      meanChange: Math.round((total / Math.max(1, pairs)) * 1_000) / 1_000,
      largestRise: Math.round(largest * 10) / 10,
    },
    categories: Object.fromEntries(
      Object.entries(summaries).map(([category, s]) => [
        category,
        { places: s.places, mappedObjects: s.mappedObjects, chainPlaces: s.chainPlaces, brands: s.brands.length },
      ]),
    ),
  };
  process.stdout.write(`${JSON.stringify(run)}\n`);
}

function child<T>(args: string[], label: string): T {
  const run = spawnSync(process.execPath, ['--conditions=@locscore/source', '--import', 'tsx', join(here, 'competitors.ts'), '--child', ...args], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${label} failed: ${run.stderr}`);
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  process.stderr.write(`${label}: ${line.slice(0, 200)}\n`);
  return JSON.parse(line) as T;
}

const round = (value: number): number => Math.round(value);

/** Mean, p50, p90 and p99 of samples in milliseconds, as whole microseconds (searches take microseconds). */
function microseconds(ms: readonly number[]): { count: number; meanUs: number; p50Us: number; p90Us: number; p99Us: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  const us = (value: number): number => Math.round(value * 1_000);
  return {
    count: sorted.length,
    meanUs: us(sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length)),
    p50Us: us(percentile(sorted, 50)),
    p90Us: us(percentile(sorted, 90)),
    p99Us: us(percentile(sorted, 99)),
  };
}
const ratio = (value: number, baseline: number): number => Math.round((value / baseline) * 100) / 100;

function importSummary(runs: ImportRun[]) {
  const brands = median(runs.map((r) => r.brandsMs));
  const rest = median(runs.map((r) => r.totalMs - r.brandsMs));
  return {
    runs: runs.length,
    medianTotalMs: round(median(runs.map((r) => r.totalMs))),
    medianBrandStepMs: round(brands),
    baseline: { description: 'the rest of the same imports (everything but the brand step)', medianMs: round(rest) },
    brandStepOverRest: ratio(brands, rest),
    medianPeakRssMb: median(runs.map((r) => r.maxRssMb)),
    namedPois: runs[0]?.named,
    recognisedByNsi: runs[0]?.recognised,
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    if (args[1] === 'import') await importChild(args[2] ?? '', args[3] ?? '', args[4] === '' ? undefined : args[4]);
    else if (args[1] === 'brand-index') await brandIndexChild();
    else await searchChild(args[2] ?? '');
    return;
  }
  if (!requireLiechtenstein(NAME)) return;
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-competitors-'));
  try {
    const extracts = [
      { key: 'liechtenstein', osm: LIECHTENSTEIN_PBF, boundary: 'Liechtenstein' },
      ...(existsSync(WEST_VILLAGE_PBF) ? [{ key: 'westVillage', osm: WEST_VILLAGE_PBF, boundary: '' }] : []),
    ];
    const builds: Array<{ buildMs: number; maxRssMb: number; processBeforeMb: number; version: string }> = [];
    for (let i = 1; i <= RUNS; i++) builds.push(child(['brand-index'], `brand index alone ${i}/${RUNS}`));
    const results: Record<string, unknown> = {
      brandIndex: {
        description: 'BrandIndex.load() alone in a fresh process: read nsi.json, keep the brands tree, build the NSI Matcher',
        version: builds[0]?.version,
        runs: builds.length,
        medianBuildMs: round(median(builds.map((b) => b.buildMs))),
        medianPeakRssMb: median(builds.map((b) => b.maxRssMb)),
        medianProcessBeforeMb: median(builds.map((b) => b.processBeforeMb)),
      },
    };
    for (const { key, osm, boundary } of extracts) {
      const pack = join(work, key);
      const runs: ImportRun[] = [];
      for (let i = 1; i <= RUNS; i++) runs.push(child<ImportRun>(['import', osm, pack, boundary], `${key} import ${i}/${RUNS}`));
      const { buildMs, rawBuildMs, ...search } = child<SearchRun>(['search', pack], `${key} search`);
      results[key] = {
        import: importSummary(runs),
        load: {
          competitorIndexBuildMs: Math.round(buildMs * 10) / 10,
          baseline: { description: 'one PointIndex per category over the raw POIs', buildMs: Math.round(rawBuildMs * 10) / 10 },
        },
        search: {
          ...search,
          baseline: 'raw: PointIndex.within over the raw POIs of the category at its radius, same points',
          meanOverRaw: ratio(search.search.meanUs, search.raw.meanUs),
          p99OverRaw: ratio(search.search.p99Us, search.raw.p99Us),
        },
      };
    }
    writeResult(NAME, {
      benchmark: NAME,
      description:
        'Competitors on the real extracts: the import cost of brand recognition (name-suggestion-index) against the rest of the import, and CompetitorIndex build and search against raw per-category PointIndexes, in the same run',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: { importRuns: RUNS, searchPoints: POINTS, categories: 'the twelve in turn' },
      ...results,
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
