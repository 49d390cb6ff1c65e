/**
 * Benchmark (issue 26): the opportunity map on the real Liechtenstein pack.
 *
 * - **In-process**, a fresh engine: the first `engine.opportunities()` of
 *   each of three categories (it scores every candidate of the pack once and
 *   caches the table) and the median of 21 warm calls (the walk over the
 *   cached table and the verdicts of the 20 sites answered), without units
 *   and with a network of 20 own units at the 20 best sites (every other one
 *   with a 1.5 km radius territory, the rest without, so the walk measures
 *   cannibalisation): the first walk of that network, then warm ones, which
 *   reuse it while the network object lives; baseline in the same run: the
 *   median `engine.score()` of one address.
 * - **HTTP**, the server in this process on PGlite: the first
 *   `GET /api/franchisor/opportunities` of a category on a fresh server and
 *   the median of 21 warm ones; baseline in the same run: the median
 *   `POST /api/franchisor/score` of one address.
 *
 * - **A 100-copy tiled country**: the country of `bench/region-scale.ts`
 *   (`tiledCountry` of `support/tiled-country.ts`, kept in
 *   `$LOCSCORE_SCALE_CACHE` as that benchmark keeps it) imported with the
 *   engine's `importRegion`, then over HTTP as above: the first
 *   `GET /api/franchisor/opportunities` of a category on a fresh server (the
 *   pack is larger, but at most `MAX_CANDIDATES` candidates are scored per
 *   category) and the median of 21 warm ones, against the median
 *   `POST /api/franchisor/score` of the best site's address. The import is
 *   the slow part and is timed too; `--copies 0` leaves the country out,
 *   `--copies N` tiles N copies instead.
 *
 * Run: `pnpm bench opportunities` (or `tsx bench/opportunities.ts --copies 0`). Writes `bench/results/opportunities.json`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Category } from '../packages/schema/src/index.js';
import { LIECHTENSTEIN_PBF, machineInfo, requireLiechtenstein, writeResult } from './support/machine.js';
import { importRealPack } from './support/real-packs.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';
import { median, round2 } from './support/stats.js';
import { tiledCountry } from './support/tiled-country.js';

const NAME = 'opportunities';
const CATEGORIES: readonly Category[] = ['coffee', 'pharmacy-health', 'gym-fitness'];
const WARM_RUNS = 21;
const LIMIT = 20;
const BASELINE_ADDRESS = 'Städtle 38, 9490 Vaduz';
/** Copies of the tiled country unless `--copies N` says otherwise (0 leaves it out). */
const DEFAULT_COPIES = 100;
/** Where tiled files are kept between runs: the region-scale benchmark's cache, so either benchmark reuses the other's file. */
const SCALE_CACHE = process.env.LOCSCORE_SCALE_CACHE ?? join(tmpdir(), 'locscore-region-scale');

type Engine = typeof import('../packages/engine/src/index.js');

/** Wall time of `run`, milliseconds. */
async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The median wall time of `runs` calls of `run`, milliseconds. */
async function medianOf(runs: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timed(run));
  return round2(median(times));
}

/** `--copies N`, else {@link DEFAULT_COPIES}. */
function copies(): number {
  const at = process.argv.indexOf('--copies');
  if (at === -1) return DEFAULT_COPIES;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--copies must be a whole number ≥ 0, got ${process.argv[at + 1]}`);
  return value;
}

/** In-process figures of each category on one loaded region: first and warm calls, without and with a network of own units. */
async function inProcessFigures(engineModule: Engine, packDir: string): Promise<Record<string, unknown>> {
  const { createEngine, loadRegion, UnitNetwork } = engineModule;
  const engine = createEngine({ regions: [await loadRegion(packDir)] });
  const find = engine.opportunities?.bind(engine);
  if (find === undefined) throw new Error('the engine has no opportunity map');
  const scoreMs = await medianOf(WARM_RUNS, () => engine.score({ address: BASELINE_ADDRESS, category: 'coffee' }));
  const categories = [];
  for (const category of CATEGORIES) {
    let candidates = 0;
    const firstMs = round2(
      await timed(async () => {
        candidates = (await find({ category, limit: LIMIT })).candidates;
      }),
    );
    const warmMs = await medianOf(WARM_RUNS, () => find({ category, limit: LIMIT }));
    const top = (await find({ category, limit: LIMIT })).sites;
    const network = new UnitNetwork(
      top.map((site, index) => ({
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        name: `Unit ${index}`,
        status: 'open' as const,
        category,
        coordinates: site.coordinates,
        brand: null,
        territory: index % 2 === 0 ? { type: 'radius' as const, metres: 1_500 } : null,
      })),
    );
    let served = await find({ category, limit: LIMIT });
    const firstWithUnitsMs = round2(
      await timed(async () => {
        served = await find({ category, limit: LIMIT, network });
      }),
    );
    const warmWithUnitsMs = await medianOf(WARM_RUNS, () => find({ category, limit: LIMIT, network }));
    categories.push({
      category,
      candidates,
      firstMs,
      warmMedianMs: warmMs,
      firstWithUnitsMs,
      warmWithUnitsMedianMs: warmWithUnitsMs,
      units: network.size,
      sitesWithUnits: served.sites.length,
      excludedWithUnits: served.excluded,
      firstOverWarm: round2(firstMs / warmMs),
      warmOverScore: round2(warmMs / scoreMs),
    });
  }
  return { baselineScoreMedianMs: scoreMs, categories };
}

/**
 * HTTP figures on a fresh server holding only `packDir` (PGlite in `dataDir`):
 * the first coffee call, the median of warm ones, and the median score of
 * `baselineAddress` (else the best site's address) in the same run.
 */
async function httpFigures(packDir: string, dataDir: string, baselineAddress: string | null): Promise<Record<string, unknown>> {
  const { startServer } = await import('../apps/server/src/index.js');
  const started = performance.now();
  const server = await startServer({ port: 0, dataDir, regions: [packDir], sample: false, logLevel: 'silent' });
  const readyMs = Math.round(performance.now() - started);
  try {
    const apiKey = (await server.store.keys.create({ plan: 'enterprise', name: 'bench opportunities' })).apiKey;
    const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
    const get = async (category: Category): Promise<{ sites: Array<{ label: string }>; candidates: number }> => {
      const response = await fetch(`${server.url}/api/franchisor/opportunities?category=${category}&limit=${LIMIT}`, { headers });
      if (response.status !== 200) throw new Error(`GET opportunities answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { sites: Array<{ label: string }>; candidates: number };
    };
    let answer: Awaited<ReturnType<typeof get>> = { sites: [], candidates: 0 };
    const firstMs = round2(
      await timed(async () => {
        answer = await get('coffee');
      }),
    );
    const warmMs = await medianOf(WARM_RUNS, () => get('coffee'));
    const address = baselineAddress ?? answer.sites[0]?.label ?? BASELINE_ADDRESS;
    const score = async () => {
      const response = await fetch(`${server.url}/api/franchisor/score`, { method: 'POST', headers, body: JSON.stringify({ address, category: 'coffee' }) });
      if (response.status !== 200) throw new Error(`POST score of ${address} answered ${response.status}`);
      await response.arrayBuffer();
    };
    const scoreMs = await medianOf(WARM_RUNS, score);
    return {
      category: 'coffee',
      serverReadyMs: readyMs,
      candidates: answer.candidates,
      firstMs,
      warmMedianMs: warmMs,
      baselineAddress: address,
      baselineScoreMedianMs: scoreMs,
      warmOverScore: round2(warmMs / scoreMs),
      firstOverWarm: round2(firstMs / warmMs),
    };
  } finally {
    await server.close();
  }
}

/** The tiled country of `count` copies: tiled (or taken from the cache), imported with the engine's importer, then measured over HTTP. */
async function tiledFigures(count: number, work: string): Promise<Record<string, unknown>> {
  if (count === 0) return { measured: false, reason: '--copies 0' };
  const tiled = await tiledCountry(LIECHTENSTEIN_PBF, count, SCALE_CACHE);
  process.stderr.write(`tiled ${count}: ${JSON.stringify(tiled)}\n`);
  const { importRegion } = await import('../packages/engine/src/import.js');
  const out = join(work, `tiled-${count}`);
  const report = await importRegion({ osm: tiled.file, name: 'Tiled country', out, force: true });
  process.stderr.write(`imported in ${Math.round(report.durationMs)} ms\n`);
  const http = await httpFigures(out, join(work, 'tiled-data'), null);
  rmSync(out, { recursive: true, force: true });
  return {
    measured: true,
    copies: count,
    objects: tiled.objects,
    fileBytes: tiled.bytes,
    addresses: report.manifest.counts.addresses,
    importMs: Math.round(report.durationMs),
    http,
  };
}

async function main(): Promise<void> {
  if (!requireLiechtenstein(NAME)) return;
  const count = copies();
  const engineModule = await import('../packages/engine/src/index.js');
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-opportunities-'));
  try {
    const pack = await importRealPack('liechtenstein', work);
    const inProcess = await inProcessFigures(engineModule, pack.dir);
    const http = await httpFigures(pack.dir, join(work, 'data'), BASELINE_ADDRESS);
    process.stderr.write(`${JSON.stringify({ inProcess, http })}\n`);
    const tiledCountryFigures = await tiledFigures(count, work);
    const result = {
      benchmark: NAME,
      description:
        'the opportunity map: first call of a category (scores every candidate once, then cached) and warm calls, on the Liechtenstein pack in-process and over HTTP on PGlite, and over HTTP on a 100-copy tiled country (bench/region-scale.ts), each against engine.score / POST score of one address in the same run',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: {
        pack: pack.inputs,
        modelVersion: engineModule.MODEL_VERSION,
        limit: LIMIT,
        warmRuns: WARM_RUNS,
        baselineAddress: BASELINE_ADDRESS,
        store: 'PGlite (new temp data dir)',
        tiledCopies: count,
      },
      inProcess,
      http,
      tiledCountry: tiledCountryFigures,
    };
    writeResult(NAME, result);
    process.stderr.write(`${JSON.stringify({ tiledCountry: tiledCountryFigures })}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!rerunWithSourceConditions(import.meta.url)) await main();
