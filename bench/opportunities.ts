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
 * Not measured: a 100-copy tiled country. `bench/region-scale.ts` tiles the
 * PBF cheaply, but importing it with the engine's importer takes about 16
 * minutes at 3.3 GB peak RSS (`bench/results/region-scale.json`), so it is
 * no cheap fixture. The cost per pack is bounded anyway: at most 8,192
 * candidates are scored per category (`MAX_CANDIDATES`), whatever the size.
 *
 * Run: `pnpm bench opportunities`. Writes `bench/results/opportunities.json`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Category } from '../packages/schema/src/index.js';
import { machineInfo, requireLiechtenstein, writeResult } from './support/machine.js';
import { importRealPack } from './support/real-packs.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';
import { median, round2 } from './support/stats.js';

const NAME = 'opportunities';
const CATEGORIES: readonly Category[] = ['coffee', 'pharmacy-health', 'gym-fitness'];
const WARM_RUNS = 21;
const LIMIT = 20;
const BASELINE_ADDRESS = 'Städtle 38, 9490 Vaduz';

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

async function main(): Promise<void> {
  if (!requireLiechtenstein(NAME)) return;
  const { createEngine, loadRegion, UnitNetwork, MODEL_VERSION } = await import('../packages/engine/src/index.js');
  const { startServer } = await import('../apps/server/src/index.js');
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-opportunities-'));
  try {
    const pack = await importRealPack('liechtenstein', work);
    const region = await loadRegion(pack.dir);

    // In-process.
    const engine = createEngine({ regions: [region] });
    const find = engine.opportunities?.bind(engine);
    if (find === undefined) throw new Error('the engine has no opportunity map');
    const scoreMs = await medianOf(WARM_RUNS, () => engine.score({ address: BASELINE_ADDRESS, category: 'coffee' }));
    const inProcess = [];
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
      inProcess.push({
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

    // HTTP, a fresh server.
    const dataDir = join(work, 'data');
    const server = await startServer({ port: 0, dataDir, regions: [pack.dir], sample: false, logLevel: 'silent' });
    let http: Record<string, unknown>;
    try {
      const apiKey = (await server.store.keys.create({ plan: 'enterprise', name: 'bench opportunities' })).apiKey;
      const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
      const get = async (category: Category) => {
        const response = await fetch(`${server.url}/api/franchisor/opportunities?category=${category}&region=liechtenstein&limit=${LIMIT}`, { headers });
        if (response.status !== 200) throw new Error(`GET opportunities answered ${response.status}: ${await response.text()}`);
        await response.arrayBuffer();
      };
      const score = async () => {
        const response = await fetch(`${server.url}/api/franchisor/score`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ address: BASELINE_ADDRESS, category: 'coffee' }),
        });
        if (response.status !== 200) throw new Error(`POST score answered ${response.status}`);
        await response.arrayBuffer();
      };
      const httpScoreMs = await medianOf(WARM_RUNS, score);
      const firstMs = round2(await timed(() => get('coffee')));
      const warmMs = await medianOf(WARM_RUNS, () => get('coffee'));
      http = {
        category: 'coffee',
        firstMs,
        warmMedianMs: warmMs,
        baselineScoreMedianMs: httpScoreMs,
        warmOverScore: round2(warmMs / httpScoreMs),
        firstOverWarm: round2(firstMs / warmMs),
      };
    } finally {
      await server.close();
    }

    const result = {
      benchmark: NAME,
      description:
        'the opportunity map on the Liechtenstein pack: first call of a category (scores every candidate once, then cached) and warm calls, in-process and over HTTP on PGlite, against engine.score / POST score of one address in the same run',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: {
        pack: pack.inputs,
        modelVersion: MODEL_VERSION,
        limit: LIMIT,
        warmRuns: WARM_RUNS,
        baselineAddress: BASELINE_ADDRESS,
        store: 'PGlite (new temp data dir)',
      },
      inProcess: { baselineScoreMedianMs: scoreMs, categories: inProcess },
      http,
      tiledCountry: {
        measured: false,
        reason:
          'bench/region-scale.ts tiles the PBF cheaply, but the engine importer takes about 16 minutes and 3.3 GB peak RSS on the 100-copy file (bench/results/region-scale.json); the per-category cost is bounded by MAX_CANDIDATES (8,192) candidates whatever the pack size',
      },
    };
    writeResult(NAME, result);
    process.stderr.write(`${JSON.stringify({ inProcess: result.inProcess, http })}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!rerunWithSourceConditions(import.meta.url)) await main();
