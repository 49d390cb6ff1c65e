/**
 * Benchmark: import the Liechtenstein OSM extract (3.1 MB PBF, 420k
 * elements) into a region pack, each run in its own child process so that
 * peak RSS (`process.resourceUsage().maxRSS`) is the import's own.
 *
 * Baseline, measured in the same run and interleaved with it run by run (the
 * shared machine's speed drifts): the same `importRegion` with the earlier
 * PBF decoder, osm-pbf-parser 2.3.0, swapped in by module hooks
 * (`support/legacy-pbf/`). Both decoders are also timed alone (`readOsmFile`
 * with a no-op callback), so the share of decoding in an import shows. Also
 * times `loadRegion` of the written pack (what a server start costs).
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
const legacyHooks = join(here, 'support', 'legacy-pbf', 'register.mjs');

type Mode = 'decode' | 'import' | 'load';
type Decoder = 'osm-pbf-parser-node' | 'osm-pbf-parser';

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

/** One child run of `mode` on `decoder`; its result line. */
function runOnce(mode: Mode, decoder: Decoder, out: string, label: string): ChildResult {
  const hooks = decoder === 'osm-pbf-parser' ? ['--import', legacyHooks] : [];
  const run = spawnSync(
    process.execPath,
    ['--conditions=@locscore/source', '--import', 'tsx', ...hooks, join(here, 'region-import.ts'), '--child', mode, LIECHTENSTEIN_PBF, out],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`${mode} (${decoder}) run failed: ${run.stderr}`);
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
  const runs = {
    decodeLegacy: [] as ChildResult[],
    decode: [] as ChildResult[],
    importLegacy: [] as ChildResult[],
    import: [] as ChildResult[],
    load: [] as ChildResult[],
  };
  try {
    for (let i = 1; i <= RUNS; i++) {
      runs.decodeLegacy.push(runOnce('decode', 'osm-pbf-parser', '', `decode osm-pbf-parser ${i}/${RUNS}`));
      runs.decode.push(runOnce('decode', 'osm-pbf-parser-node', '', `decode osm-pbf-parser-node ${i}/${RUNS}`));
      runs.importLegacy.push(runOnce('import', 'osm-pbf-parser', join(work, 'legacy-pack'), `import osm-pbf-parser ${i}/${RUNS}`));
      runs.import.push(runOnce('import', 'osm-pbf-parser-node', pack, `import osm-pbf-parser-node ${i}/${RUNS}`));
    }
    for (let i = 1; i <= RUNS; i++) runs.load.push(runOnce('load', 'osm-pbf-parser-node', pack, `load ${i}/${RUNS}`));
    const imported = summarise(runs.import);
    const baseline = summarise(runs.importLegacy);
    const decode = summarise(runs.decode);
    const decodeLegacy = summarise(runs.decodeLegacy);
    const result = {
      benchmark: NAME,
      description:
        'importRegion on the Liechtenstein OSM PBF, each run in its own node process; baseline: the same import with the earlier PBF decoder, interleaved run by run',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      input: { file: 'liechtenstein/liechtenstein.osm.pbf', bytes: statSync(LIECHTENSTEIN_PBF).size, elements: runs.decode[0]?.elements },
      import: { decoder: 'osm-pbf-parser-node 1.1.4', ...imported, counts: runs.import[0]?.counts, packBytes: packSize(pack) },
      baseline: {
        description: 'the same importRegion with osm-pbf-parser 2.3.0 as the PBF decoder (bench/support/legacy-pbf)',
        ...baseline,
        sameCounts: JSON.stringify(runs.importLegacy[0]?.counts) === JSON.stringify(runs.import[0]?.counts),
      },
      importMedianRatio: ratio(imported.medianMs, baseline.medianMs),
      decode: {
        description: 'readOsmFile with a no-op callback: decoding alone, with the file digest',
        'osm-pbf-parser-node': decode,
        'osm-pbf-parser': { ...decodeLegacy, sameElements: runs.decodeLegacy[0]?.elements === runs.decode[0]?.elements },
        medianRatio: ratio(decode.medianMs, decodeLegacy.medianMs),
      },
      load: { description: 'loadRegion of the pack written above (server start cost)', ...summarise(runs.load) },
      raw: runs,
    };
    writeResult(NAME, result);
    process.stderr.write(
      `import median ${imported.medianMs} ms (osm-pbf-parser ${baseline.medianMs} ms, ratio ${result.importMedianRatio}), peak RSS ${imported.medianPeakRssMb} MB (${baseline.medianPeakRssMb} MB); ` +
        `decode ${decode.medianMs} ms (${decodeLegacy.medianMs} ms, ratio ${result.decode.medianRatio}); load ${result.load.medianMs} ms\n`,
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
