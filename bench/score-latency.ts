/**
 * Benchmark (issue 14, item 9; and the score path end to end), on the
 * Liechtenstein pack imported from the real OSM extract (cut to the
 * country's boundary), with real address strings of the extract and the
 * twelve categories in turn:
 *
 * 1. **In-process scoring**: `engine.score()` p50/p99 over 1,000 inputs after
 *    a warm-up (percentile tables built), against the target of p99
 *    under 2 ms. Baseline measured in the same run on the same inputs: the
 *    region's geocoder alone (`createGeocoder(region).geocode`), so the ratio
 *    shows what the model, the competitors, the transit and the percentile
 *    add to locating the address; the model alone (`scoreLocation` at the
 *    matched points) is reported beside it. Beside the wall time, each
 *    call's process CPU time (the geocoder's too): over all calls, over the
 *    calls no garbage-collection pause overlapped, and each input's least
 *    over `REPEATS` passes (its own cost; the slowest inputs are listed),
 *    since on a shared machine the wall p99 is mostly preemption.
 * 2. **First request of a category**: on a fresh engine, the wall time of the
 *    first `engine.score()` of each category, which scores the region's
 *    reference address points for `meta.percentile` (`RegionPercentiles`),
 *    against a warm request of the same input; and `createEngine` itself.
 * 3. **Over HTTP**: 1,000 sequential `POST /api/franchisor/score` requests
 *    (keep-alive fetch on 127.0.0.1) to `startServer` (port 0, a new PGlite
 *    data dir, an Enterprise key) with the same engine instance, against
 *    `engine.score()` in-process on the same inputs, so the cost of HTTP,
 *    auth, quota reservation, request store and JSON shows as a ratio.
 *
 * Run: `npx tsx bench/score-latency.ts`. Writes `bench/results/score-latency.json`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import type { Category } from '../packages/schema/src/index.js';
import { machineInfo, requireLiechtenstein, writeResult } from './support/machine.js';
import { importRealPack } from './support/real-packs.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';
import { median, round2, summariseLatencies } from './support/stats.js';

const NAME = 'score-latency';
const REQUESTS = 1_000;
const WARMUP = 100;
/** Passes over the measured inputs for each input's least CPU time (the first pass is the measured one). */
const REPEATS = 3;
/** Slowest inputs (by least CPU time) listed in the result. */
const SLOWEST_LISTED = 5;
/** Proposed by this benchmark (the issue sets none): the production-server issue's p99 bound, end to end. */
const TARGET_HTTP_P99_MS = 20;
/** Issue 14, item 9: scoring p99 in-process on the Liechtenstein pack. */
const TARGET_ENGINE_P99_MS = 2;
/** Proposed by this benchmark (issue 14 asks "about 1-2 s"): the first request of a category, percentile tables included. */
const TARGET_FIRST_REQUEST_MS = 2_000;
/** Process CPU time (user + system) since `since`, milliseconds. */
const cpuMsSince = (since: NodeJS.CpuUsage): number => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};

/** The input of the first-request measurement: an address in Vaduz's centre. */
const FIRST_REQUEST_ADDRESS = 'Städtle 38, 9490 Vaduz';

interface Input {
  address: string;
  category: Category;
}

/**
 * Each input's least CPU time, ms: the measured pass's figure and
 * `REPEATS − 1` more passes of `score` over the same inputs.
 */
async function leastCpuTimes(inputs: readonly Input[], measuredCpuMs: readonly number[], score: (input: Input) => Promise<unknown>): Promise<number[]> {
  const least = [...measuredCpuMs];
  for (let pass = 1; pass < REPEATS; pass++) {
    for (const [i, input] of inputs.entries()) {
      const started = process.cpuUsage();
      await score(input);
      least[i] = Math.min(least[i] ?? Number.POSITIVE_INFINITY, cpuMsSince(started));
    }
  }
  return least;
}

async function main(): Promise<void> {
  if (!requireLiechtenstein(NAME)) return;
  const { CATEGORIES } = await import('../packages/schema/src/index.js');
  const { createEngine, createGeocoder, loadRegion, AddressAmbiguousError, AddressNotFoundError, DEFAULT_PERCENTILE_SAMPLE_SIZE, MODEL_VERSION } = await import(
    '../packages/engine/src/index.js'
  );
  const { buildRegionIndexes } = await import('../packages/engine/src/model/region-indexes.js');
  const { scoreLocation } = await import('../packages/engine/src/model/score-location.js');
  const { startServer } = await import('../apps/server/src/index.js');
  const { addressStrings } = await import('./support/liechtenstein.js');

  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-score-'));
  try {
    const pack = await importRealPack('liechtenstein', work);
    const region = await loadRegion(pack.dir);

    // 2. First request of each category on a fresh engine (percentile tables built on it), then the same input warm.
    const createStarted = performance.now();
    const fresh = createEngine({ regions: [region] });
    const createEngineMs = round2(performance.now() - createStarted);
    const firstRequests = [];
    for (const category of CATEGORIES) {
      const input = { address: FIRST_REQUEST_ADDRESS, category };
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      const first = await fresh.score(input);
      const firstMs = performance.now() - started;
      const firstCpuMs = cpuMsSince(cpuStarted);
      const warmMs: number[] = [];
      for (let i = 0; i < 21; i++) {
        const again = performance.now();
        await fresh.score(input);
        warmMs.push(performance.now() - again);
      }
      firstRequests.push({
        category,
        firstMs: round2(firstMs),
        firstCpuMs: round2(firstCpuMs),
        warmMedianMs: round2(median(warmMs)),
        percentile: first.meta?.percentile ?? null,
      });
    }
    const firstMsAll = firstRequests.map(({ firstMs }) => firstMs);
    const firstCpuMsAll = firstRequests.map(({ firstCpuMs }) => firstCpuMs);

    const engine = createEngine({ regions: [region] });
    // Real address strings of the extract that the engine locates; categories in turn.
    const located: string[] = [];
    let unlocated = 0;
    for (const address of addressStrings(region)) {
      if (located.length >= REQUESTS + WARMUP) break;
      try {
        await engine.score({ address, category: 'coffee' });
        located.push(address);
      } catch (error) {
        if (!(error instanceof AddressNotFoundError || error instanceof AddressAmbiguousError)) throw error;
        unlocated += 1;
      }
    }
    if (located.length < REQUESTS + WARMUP) throw new Error(`only ${located.length} locatable addresses in the pack`);
    const inputs: Input[] = located.map((address, i) => ({ address, category: CATEGORIES[i % CATEGORIES.length] ?? 'coffee' }));
    const warmup = inputs.slice(REQUESTS);
    const measured = inputs.slice(0, REQUESTS);

    // 1. In-process: engine.score, and in the same loop the geocoder alone (baseline) and the model alone.
    const geocoder = createGeocoder(region);
    const indexes = buildRegionIndexes(region);
    for (const input of warmup) await engine.score(input);
    // The model's own score tables (percentile), as the engine's warm-up builds them.
    for (const category of CATEGORIES) indexes.percentiles.table(category);
    const engineMs: number[] = [];
    const geocodeMs: number[] = [];
    const geocodeCpuMs: number[] = [];
    const modelMs: number[] = [];
    const engineCpuMs: number[] = [];
    const engineStarts: number[] = [];
    const engineScores: number[] = [];
    // Garbage-collection pauses (start and duration, ms on performance.now()'s clock), to tell which calls a pause fell in.
    const pauses: Array<{ start: number; duration: number }> = [];
    const gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) pauses.push({ start: entry.startTime, duration: entry.duration });
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    const loadAverageAtStart = loadavg().map(round2);
    for (const input of measured) {
      const geocodeCpuStarted = process.cpuUsage();
      let started = performance.now();
      const outcome = geocoder.geocode(input.address);
      geocodeMs.push(performance.now() - started);
      geocodeCpuMs.push(cpuMsSince(geocodeCpuStarted));
      // The CPU clock (a getrusage call, tens of microseconds on this kind of machine) is read outside the wall-clock window.
      const cpuStarted = process.cpuUsage();
      started = performance.now();
      const result = await engine.score(input);
      engineMs.push(performance.now() - started);
      engineStarts.push(started);
      engineCpuMs.push(cpuMsSince(cpuStarted));
      engineScores.push(result.score);
      if (outcome.status !== 'matched') throw new Error(`the geocoder did not match ${input.address}`);
      started = performance.now();
      scoreLocation(indexes, outcome.match, input.category);
      modelMs.push(performance.now() - started);
    }
    const leastCpuMs = await leastCpuTimes(measured, engineCpuMs, (input) => engine.score(input));
    // Node queues the gc entries on a later turn of the event loop, which these awaits of settled promises never give: give one, then take them.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (const entry of gcObserver.takeRecords()) pauses.push({ start: entry.startTime, duration: entry.duration });
    gcObserver.disconnect();
    const duringGc = engineStarts.map((start, i) => pauses.some((pause) => pause.start < start + (engineMs[i] ?? 0) && pause.start + pause.duration > start));
    const slowest = [...leastCpuMs.keys()]
      .sort((a, b) => (leastCpuMs[b] ?? 0) - (leastCpuMs[a] ?? 0))
      .slice(0, SLOWEST_LISTED)
      .map((i) => ({ ...measured[i], leastCpuMs: round2(leastCpuMs[i] ?? Number.NaN) }));

    // The server, in this process, with the same engine.
    // Access logs off (level warn): they would flood this process's stderr; http-throughput keeps the default (info).
    const server = await startServer({ port: 0, dataDir: join(work, 'pglite'), engine, logLevel: 'warn' });
    const key = await server.store.keys.create({ plan: 'enterprise', name: 'bench' });
    const endpoint = `${server.url}/api/franchisor/score`;
    const post = async (input: Input): Promise<{ status: number; score: number | null }> => {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key.apiKey },
        body: JSON.stringify(input),
      });
      const body = (await response.json()) as { score?: unknown };
      return { status: response.status, score: typeof body.score === 'number' ? body.score : null };
    };
    const httpMs: number[] = [];
    const statuses: Record<string, number> = {};
    let scoreMismatches = 0;
    try {
      for (const input of warmup) await post(input);
      for (const [i, input] of measured.entries()) {
        const started = performance.now();
        const answer = await post(input);
        httpMs.push(performance.now() - started);
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.score !== engineScores[i]) scoreMismatches += 1;
      }
    } finally {
      await server.close();
    }

    const http = summariseLatencies(httpMs);
    const baseline = summariseLatencies(engineMs);
    const geocode = summariseLatencies(geocodeMs);
    const model = summariseLatencies(modelMs);
    const engineCpu = summariseLatencies(engineCpuMs);
    const geocodeCpu = summariseLatencies(geocodeCpuMs);
    const result = {
      benchmark: NAME,
      description:
        'Liechtenstein pack: engine.score() in-process (target p99 < 2 ms) against the geocoder alone; the first request of each category on a fresh engine (percentile tables); 1,000 sequential POST /api/franchisor/score over HTTP against engine.score()',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: {
        requests: REQUESTS,
        warmupRequests: WARMUP,
        sequential: true,
        client: 'Node fetch (undici, keep-alive)',
        store: 'PGlite (new temp data dir)',
        serverLogLevel: 'warn (per-request access logs off)',
        plan: 'enterprise',
        inputs: `${REQUESTS} distinct real address strings of the extract ("<street> <number>, <postcode> <town>"), categories in turn (12)`,
        addressesSkippedAsUnlocatedOrAmbiguous: unlocated,
        pack: { inputs: pack.inputs, boundary: 'Liechtenstein', addressPoints: region.addresses.length, importMs: pack.importMs },
        modelVersion: MODEL_VERSION,
      },
      engine: {
        description: 'engine.score() in-process after the warm-up (percentile tables built): geocode, score, meta',
        ...baseline,
        baseline: { description: 'the region geocoder alone (createGeocoder(region).geocode), same inputs, same loop', ...geocode },
        modelAlone: { description: 'scoreLocation at the matched point, same inputs, same loop', ...model },
        cpu: {
          description:
            'process CPU time (user + system, all threads) of each engine.score(), same calls: what the call costs when the shared machine does not preempt it',
          ...engineCpu,
          baseline: { description: 'process CPU time of each geocode of the baseline, same loop', ...geocodeCpu },
          withoutGcPause: {
            description:
              'the calls no garbage-collection pause overlapped (PerformanceObserver gc entries); pauses count the GC threads’ CPU time in the process’s',
            callsWithPause: duringGc.filter(Boolean).length,
            ...summariseLatencies(engineCpuMs.filter((_ms, i) => !duringGc[i])),
          },
          leastOfRepeats: {
            description: `each input's least CPU time over ${REPEATS} passes over the same inputs (the measured pass and ${REPEATS - 1} more): its own cost, with the machine's and the collector's spells mostly left out`,
            ...summariseLatencies(leastCpuMs),
            slowestInputs: slowest,
          },
          ratios: { p50EngineOverGeocode: round2(engineCpu.p50 / geocodeCpu.p50), p99EngineOverGeocode: round2(engineCpu.p99 / geocodeCpu.p99) },
        },
        loadAverageAtStart,
        ratios: { p50EngineOverGeocode: round2(baseline.p50 / geocode.p50), p99EngineOverGeocode: round2(baseline.p99 / geocode.p99) },
        target: {
          description: `engine.score() p99 < ${TARGET_ENGINE_P99_MS} ms (issue 14, item 9)`,
          p99Ms: TARGET_ENGINE_P99_MS,
          met: baseline.p99 < TARGET_ENGINE_P99_MS,
        },
      },
      firstRequest: {
        description: `a fresh engine on the pack: createEngine, then the first engine.score() of each category (it scores the reference address points for meta.percentile) and the median of 21 repeats of the same input; input "${FIRST_REQUEST_ADDRESS}"`,
        createEngineMs,
        percentileReferencePoints: Math.min(region.addresses.length, DEFAULT_PERCENTILE_SAMPLE_SIZE),
        maxFirstMs: round2(Math.max(...firstMsAll)),
        medianFirstMs: round2(median(firstMsAll)),
        maxFirstCpuMs: round2(Math.max(...firstCpuMsAll)),
        medianFirstCpuMs: round2(median(firstCpuMsAll)),
        categories: firstRequests,
        target: {
          description: `the first request of every category < ${TARGET_FIRST_REQUEST_MS} ms (proposed by this benchmark after the issue's "about 1-2 s")`,
          ms: TARGET_FIRST_REQUEST_MS,
          met: Math.max(...firstMsAll) < TARGET_FIRST_REQUEST_MS,
        },
      },
      http: {
        ...http,
        statuses,
        scoreMismatchesWithEngine: scoreMismatches,
        baseline: { description: 'engine.score() in-process, same inputs, same engine instance', ...baseline },
        ratios: {
          meanHttpOverEngine: round2(http.mean / baseline.mean),
          p50HttpOverEngine: round2(http.p50 / baseline.p50),
          p99HttpOverEngine: round2(http.p99 / baseline.p99),
          meanOverheadMs: round2(http.mean - baseline.mean),
        },
        target: {
          description: `HTTP p99 < ${TARGET_HTTP_P99_MS} ms (proposed by this benchmark; the issue sets none) and every request 200`,
          httpP99Ms: TARGET_HTTP_P99_MS,
          met: http.p99 < TARGET_HTTP_P99_MS && statuses['200'] === REQUESTS,
        },
      },
    };
    writeResult(NAME, result);
    process.stderr.write(
      `engine p50 ${baseline.p50} ms p99 ${baseline.p99} ms, CPU p99 ${engineCpu.p99} ms (geocode CPU p99 ${geocodeCpu.p99}; least of ${REPEATS} p99 ${result.engine.cpu.leastOfRepeats.p99}) (geocode p50 ${geocode.p50} p99 ${geocode.p99}; model p50 ${model.p50} p99 ${model.p99}); first request max ${result.firstRequest.maxFirstMs} ms median ${result.firstRequest.medianFirstMs} ms (CPU max ${result.firstRequest.maxFirstCpuMs} ms); HTTP p50 ${http.p50} ms p99 ${http.p99} ms; statuses ${JSON.stringify(statuses)}\n`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!rerunWithSourceConditions(import.meta.url)) await main();
