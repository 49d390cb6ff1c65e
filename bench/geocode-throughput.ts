/**
 * Benchmark: civic-address geocoding throughput, in process.
 *
 * 1. 100,000 synthetic addresses (10 towns × 200 streets sharing names × 50
 *    numbers, `packages/engine/test/synthetic-addresses.ts`): `createGeocoder`
 *    build time, then 5,000 queries (exact, interpolated and beyond-the-end
 *    numbers).
 * 2. The Liechtenstein pack imported from the real OSM extract (skipped when
 *    `../shared/data` is absent): 2,000 of its own address strings.
 *
 * Baseline, measured in the same run on the same strings: `parseAddress`
 * alone, so the cost of matching shows as a ratio over parsing. Each figure
 * is the median of 5 rounds after one warm-up round.
 *
 * Run: `npx tsx bench/geocode-throughput.ts`. Writes `bench/results/geocode-throughput.json`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIECHTENSTEIN_PBF, machineInfo, writeResult } from './support/machine.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';
import { median } from './support/stats.js';

const NAME = 'geocode-throughput';
const ROUNDS = 5;

/** Per-second rate of `work` over `items`, median of {@link ROUNDS} rounds after a warm-up. */
function medianRate(items: readonly string[], work: (item: string) => unknown): { perSecond: number; medianMs: number } {
  const durations: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const started = performance.now();
    for (const item of items) work(item);
    if (round > 0) durations.push(performance.now() - started);
  }
  const ms = median(durations);
  return { perSecond: Math.round(items.length / (ms / 1000)), medianMs: Math.round(ms * 100) / 100 };
}

async function main(): Promise<void> {
  if (rerunWithSourceConditions(import.meta.url)) return;
  const { createGeocoder, parseAddress } = await import('../packages/engine/src/geocode/index.js');
  const { syntheticAddresses, syntheticQueries } = await import('../packages/engine/test/synthetic-addresses.js');

  const synthetic = syntheticAddresses();
  const builds: number[] = [];
  let geocoder = createGeocoder({ addresses: synthetic.addresses, streets: synthetic.streets, interpolations: [] });
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    geocoder = createGeocoder({ addresses: synthetic.addresses, streets: synthetic.streets, interpolations: [] });
    builds.push(performance.now() - started);
  }
  const queries = syntheticQueries(synthetic.names, 5_000);
  const located = queries.filter((query) => geocoder.geocode(query).status === 'matched').length;
  const syntheticGeocode = medianRate(queries, (query) => geocoder.geocode(query));
  const syntheticParse = medianRate(queries, (query) => parseAddress(query));

  let liechtenstein: Record<string, unknown> = { skipped: `input ${LIECHTENSTEIN_PBF} absent` };
  if (existsSync(LIECHTENSTEIN_PBF)) {
    const { loadRegion } = await import('../packages/engine/src/region/pack-read.js');
    const { addressStrings, importLiechtenstein } = await import('./support/liechtenstein.js');
    const work = mkdtempSync(join(tmpdir(), 'locscore-bench-geocode-'));
    try {
      const region = await loadRegion((await importLiechtenstein(work)).dir);
      const real = createGeocoder(region);
      const texts = addressStrings(region).slice(0, 2_000);
      const geocode = medianRate(texts, (text) => real.geocode(text));
      const parse = medianRate(texts, (text) => parseAddress(text));
      liechtenstein = {
        addresses: region.addresses.length,
        queries: texts.length,
        geocode,
        baseline: { description: 'parseAddress alone', ...parse },
        timeRatio: Math.round((geocode.medianMs / parse.medianMs) * 100) / 100,
      };
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }

  const result = {
    benchmark: NAME,
    description: 'geocoder build time and lookups per second, in process; baseline: parseAddress alone on the same strings',
    measuredAt: new Date().toISOString(),
    machine: machineInfo(),
    rounds: ROUNDS,
    synthetic: {
      addresses: synthetic.addresses.length,
      queries: queries.length,
      located,
      buildMedianMs: Math.round(median(builds)),
      geocode: syntheticGeocode,
      baseline: { description: 'parseAddress alone', ...syntheticParse },
      timeRatio: Math.round((syntheticGeocode.medianMs / syntheticParse.medianMs) * 100) / 100,
    },
    liechtenstein,
  };
  writeResult(NAME, result);
  process.stderr.write(
    `synthetic 100k: build ${result.synthetic.buildMedianMs} ms, ${syntheticGeocode.perSecond} lookups/s (parse alone ${syntheticParse.perSecond}/s)` +
      `${'geocode' in liechtenstein ? `; Liechtenstein ${(liechtenstein.geocode as { perSecond: number }).perSecond} lookups/s` : ''}\n`,
  );
}

await main();
