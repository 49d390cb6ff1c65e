/**
 * Benchmark: import the Liechtenstein OSM extract (3.1 MB PBF, 420k
 * elements) into a region pack, each run in its own child process so that
 * peak RSS (`process.resourceUsage().maxRSS`) is the import's own.
 *
 * Baseline, measured in the same run and interleaved with it run by run (the
 * shared machine's speed drifts): decoding the same extract alone
 * (`readOsmFile` with a no-op callback), so the ratio says what an import
 * costs beyond reading its input. Also times `loadRegion` of the written pack
 * (what a server start costs).
 *
 * Run: `npx tsx bench/region-import.ts`. Writes `bench/results/region-import.json`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIECHTENSTEIN_PBF, machineInfo, requireLiechtenstein, writeResult } from './support/machine.js';
import { median } from './support/stats.js';

const NAME = 'region-import';
const RUNS = 5;
const here = fileURLToPath(new URL('.', import.meta.url));

type Mode = 'decode' | 'import' | 'load';

interface ChildResult {
  durationMs: number;
  maxRssMb: number;
  elements?: number;
  counts?: Record<string, number>;
}

async function child(mode: Mode, osm: string, out: string): Promise<void> {
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

/** One child run of `mode`; its result line. */
function runOnce(mode: Mode, out: string, label: string): ChildResult {
  const run = spawnSync(
    process.execPath,
    ['--conditions=@locscore/source', '--import', 'tsx', join(here, 'region-import.ts'), '--child', mode, LIECHTENSTEIN_PBF, out],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`${mode} run failed: ${run.stderr}`);
  const line = run.stdout.trim().split('\n').at(-1) ?? '';
  process.stderr.write(`${label}: ${line}\n`);
  return JSON.parse(line) as ChildResult;
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

function ratio(value: number, baseline: number): number {
  return Math.round((value / baseline) * 100) / 100;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    await child((args[1] ?? 'import') as Mode, args[2] ?? LIECHTENSTEIN_PBF, args[3] ?? '');
    return;
  }
  if (!requireLiechtenstein(NAME)) return;
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-'));
  const pack = join(work, 'pack');
  const runs = { decode: [] as ChildResult[], import: [] as ChildResult[], load: [] as ChildResult[] };
  try {
    for (let i = 1; i <= RUNS; i++) {
      runs.decode.push(runOnce('decode', '', `decode ${i}/${RUNS}`));
      runs.import.push(runOnce('import', pack, `import ${i}/${RUNS}`));
    }
    for (let i = 1; i <= RUNS; i++) runs.load.push(runOnce('load', pack, `load ${i}/${RUNS}`));
    const imported = summarise(runs.import);
    const decode = summarise(runs.decode);
    const result = {
      benchmark: NAME,
      description:
        'importRegion on the Liechtenstein OSM PBF, each run in its own node process; baseline: decoding the same extract alone, interleaved run by run',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      input: { file: 'liechtenstein/liechtenstein.osm.pbf', bytes: statSync(LIECHTENSTEIN_PBF).size, elements: runs.decode[0]?.elements },
      import: { ...imported, counts: runs.import[0]?.counts, packBytes: packSize(pack) },
      baseline: { description: 'readOsmFile with a no-op callback: decoding alone, with the file digest', ...decode },
      importMedianRatio: ratio(imported.medianMs, decode.medianMs),
      importPeakRssRatio: ratio(imported.medianPeakRssMb, decode.medianPeakRssMb),
      load: { description: 'loadRegion of the pack written above (server start cost)', ...summarise(runs.load) },
      raw: runs,
    };
    writeResult(NAME, result);
    process.stderr.write(
      `import median ${imported.medianMs} ms (decoding alone ${decode.medianMs} ms, ratio ${result.importMedianRatio}), ` +
        `peak RSS ${imported.medianPeakRssMb} MB (${decode.medianPeakRssMb} MB); load ${result.load.medianMs} ms\n`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Bytes of every file of the pack (manifest and layers). */
function packSize(dir: string): number | null {
  if (!existsSync(dir)) return null;
  return readdirSync(dir).reduce((total, file) => total + statSync(join(dir, file)).size, 0);
}

await main();
