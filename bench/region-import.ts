/**
 * Benchmark: import the Liechtenstein OSM extract (3.1 MB PBF, 420k
 * elements) into a region pack, 3 times, each in its own child process so
 * that peak RSS (`process.resourceUsage().maxRSS`) is the import's own.
 * Baseline, measured in the same run: decoding the same PBF with a no-op
 * element callback (osm-pbf-parser alone), also 3 times, so the cost of the
 * importer's own work (coordinate index, centroids, layers, gzip writing) shows.
 * Also times `loadRegion` of the written pack (what a server start costs).
 *
 * Run: `npx tsx bench/region-import.ts`. Writes `bench/results/region-import.json`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = 3;
const here = fileURLToPath(new URL('.', import.meta.url));
const input = fileURLToPath(new URL('../../shared/data/liechtenstein/liechtenstein.osm.pbf', import.meta.url));

interface ChildResult {
  durationMs: number;
  maxRssMb: number;
  elements?: number;
  counts?: Record<string, number>;
}

async function child(mode: string, osm: string, out: string): Promise<void> {
  const started = performance.now();
  let result: ChildResult;
  if (mode === 'import') {
    const { importRegion } = await import('../packages/engine/src/region/import-region.js');
    const report = await importRegion({ osm, name: 'Liechtenstein (bench)', out, force: true });
    result = { durationMs: report.durationMs, maxRssMb: 0, counts: report.manifest.counts };
  } else if (mode === 'load') {
    const { loadRegion } = await import('../packages/engine/src/region/pack-read.js');
    const region = await loadRegion(out);
    result = { durationMs: performance.now() - started, maxRssMb: 0, elements: region.addresses.length + region.pois.length };
  } else {
    const { readOsmFile } = await import('../packages/engine/src/region/osm-read.js');
    let elements = 0;
    await readOsmFile(osm, () => {
      elements++;
    });
    result = { durationMs: performance.now() - started, maxRssMb: 0, elements };
  }
  result.maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function runSeries(mode: string, out: string): ChildResult[] {
  const results: ChildResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = spawnSync(
      process.execPath,
      ['--conditions=@locscore/source', '--import', 'tsx', join(here, 'region-import.ts'), '--child', mode, input, out],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`${mode} run failed: ${run.stderr}`);
    const line = run.stdout.trim().split('\n').at(-1) ?? '';
    results.push(JSON.parse(line) as ChildResult);
    process.stderr.write(`${mode} ${i + 1}/${RUNS}: ${line}\n`);
  }
  return results;
}

function summarise(results: ChildResult[]) {
  const durations = results.map((r) => r.durationMs);
  const rss = results.map((r) => r.maxRssMb);
  return {
    runs: results.length,
    medianMs: Math.round(median(durations)),
    minMs: Math.round(Math.min(...durations)),
    maxMs: Math.round(Math.max(...durations)),
    medianPeakRssMb: median(rss),
    maxPeakRssMb: Math.max(...rss),
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    await child(args[1] ?? 'import', args[2] ?? input, args[3] ?? '');
    return;
  }
  const resultsDir = join(here, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const resultFile = join(resultsDir, 'region-import.json');
  if (!existsSync(input)) {
    process.stderr.write(`skipping: ${input} is absent (../shared/data is not checked out here)\n`);
    writeFileSync(resultFile, `${JSON.stringify({ benchmark: 'region-import', skipped: `input ${input} absent` }, null, 2)}\n`);
    return;
  }
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-'));
  try {
    const baseline = runSeries('parse', join(work, 'unused'));
    const imports = runSeries('import', join(work, 'pack'));
    const loads = runSeries('load', join(work, 'pack'));
    const result = {
      benchmark: 'region-import',
      description: 'importRegion on the Liechtenstein OSM PBF, each run in its own node process',
      measuredAt: new Date().toISOString(),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      input: { file: 'liechtenstein/liechtenstein.osm.pbf', bytes: statSync(input).size, elements: baseline[0]?.elements },
      import: { ...summarise(imports), counts: imports[0]?.counts, packBytes: packSize(join(work, 'pack')) },
      load: { description: 'loadRegion of the pack written above (server start cost)', ...summarise(loads) },
      baseline: { description: 'decode the same PBF with a no-op callback (osm-pbf-parser alone)', ...summarise(baseline) },
      raw: { import: imports, load: loads, baseline },
    };
    writeFileSync(resultFile, `${JSON.stringify(result, null, 2)}\n`);
    process.stderr.write(`import median ${result.import.medianMs} ms, peak RSS ${result.import.medianPeakRssMb} MB; load ${result.load.medianMs} ms; baseline decode ${result.baseline.medianMs} ms, ${result.baseline.medianPeakRssMb} MB\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function packSize(dir: string): number | null {
  if (!existsSync(dir)) return null;
  let total = 0;
  for (const file of ['manifest.json', 'addresses.ndjson.gz', 'streets.ndjson.gz', 'interpolations.ndjson.gz', 'stations.ndjson.gz', 'busStops.ndjson.gz', 'pois.ndjson.gz', 'roads.ndjson.gz', 'census.ndjson.gz']) {
    const path = join(dir, file);
    if (existsSync(path)) total += statSync(path).size;
  }
  return total;
}

await main();
