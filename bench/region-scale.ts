/**
 * Benchmark (issue 25): region packs at the scale of a country. Generates its
 * own country from the real Liechtenstein extract, cut to the country and
 * tiled 1, 10, 100 and 500 times (`support/tiled-country.ts`: shifted copies
 * with renumbered ids and their own town names and postcodes), and measures
 * on each file, in the same run:
 *
 * - **osmium** (Debian's `osmium-tool`) reading the file (`osmium fileinfo
 *   -e`, which decodes every object): the baseline every import is a ratio of;
 * - **importers**, each in its own child process (wall time, peak RSS):
 *   `engine` is `importRegion` of `@locscore/engine` (writing pack format 4); `stream` is the
 *   passes of `@locscore/import`'s streaming PBF reader (ways, then the nodes
 *   they need), the reader the new importer is built on;
 * - **the server** with the `engine` importer's pack on PostgreSQL: time from
 *   spawn to the listening line, RSS then, and peak RSS once the engine's
 *   tables are warm;
 * - **format 4**: the engine's pack opened with `@locscore/pack`'s reader
 *   alone (no engine): open time, RSS;
 * - **in-process**: `engine.score` p99 over 1,000 tiled address strings, and
 *   the share of sampled addresses (`<street> <number>, <postcode> <town>`
 *   of a copy) that the geocoder finds in their own copy.
 *
 * Sizes and importers: `--copies 1,10,100` (default 1,10,100,500) and
 * `--importers engine,stream` (default both; `engine` is skipped above
 * `--engine-max-copies`, default 100, where it runs out of memory). A run of
 * some sizes or importers keeps the other entries of the result file; each
 * entry carries the osmium figures and load average of its own run. Tiled
 * files are kept in `$LOCSCORE_SCALE_CACHE` (default `<tmp>/locscore-region-scale`)
 * between runs. Targets: issue 25, repeated in `TARGETS`.
 *
 * Run: `pnpm bench region-scale` (every size), or one selection with
 * `tsx bench/region-scale.ts --copies 10,100 --importers engine`. The server
 * runs on a fresh database made and dropped by the run, or on
 * `LOCSCORE_SCALE_DATABASE_URL` as it is when set. Writes
 * `bench/results/region-scale.json`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIECHTENSTEIN_PBF, machineInfo, RESULTS_DIR, requireLiechtenstein, writeResult } from './support/machine.js';
import { dropBenchDatabase, freshBenchDatabase } from './support/postgres.js';
import { rssMbOf } from './support/process-memory.js';
import { spawnServer } from './support/server-process.js';
import { rerunWithSourceConditions, SOURCE_NODE_FLAGS } from './support/source-conditions.js';
import { median, round2 } from './support/stats.js';
import { osmium, type TiledCountry, tiledCountry } from './support/tiled-country.js';

const NAME = 'region-scale';
const DATABASE = 'locscore_region_scale';
const here = fileURLToPath(new URL('.', import.meta.url));

/** Issue 25's targets. */
const TARGETS = {
  importAt100: { maxOsmiumRatio: 5, maxPeakRssMb: 1024 },
  importAt500: { maxMs: 600_000, maxPeakRssMb: 2048 },
  serverAt100: { maxReadyMs: 5_000, maxRssMb: 300 },
  serverAt500: { maxReadyMs: 15_000, maxRssMb: 600 },
  growth100To500: { maxRatio: 5.5 },
  scoreP99Ms: 2,
  ownCopyShare: 0.99,
};

type Importer = 'engine' | 'stream';

/** What a child process reports on its last stdout line. */
interface ChildReport {
  durationMs: number;
  maxRssMb: number;
  [key: string]: unknown;
}

function options(): { copies: number[]; importers: Importer[]; engineMaxCopies: number; cache: string } {
  const args = process.argv.slice(2);
  const value = (flag: string): string | undefined => {
    const at = args.indexOf(flag);
    return at === -1 ? undefined : args[at + 1];
  };
  return {
    copies: (value('--copies') ?? '1,10,100,500').split(',').map(Number),
    importers: (value('--importers') ?? 'engine,stream').split(',') as Importer[],
    engineMaxCopies: Number(value('--engine-max-copies') ?? 100),
    cache: process.env.LOCSCORE_SCALE_CACHE ?? join(tmpdir(), 'locscore-region-scale'),
  };
}

/** Runs this script as a child in `mode`; its report (last stdout line) or the failure. */
function runChild(mode: string, args: string[], label: string): ChildReport | { failed: string } {
  const started = performance.now();
  const run = spawnSync(process.execPath, [...SOURCE_NODE_FLAGS, join(here, 'region-scale.ts'), '--child', mode, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const wallMs = Math.round(performance.now() - started);
  if (run.status !== 0) {
    const reason = `${label} exited ${run.status ?? run.signal} after ${wallMs} ms: ${(run.stderr ?? '').slice(-1_500)}`;
    process.stderr.write(`${reason}\n`);
    return { failed: reason };
  }
  const line = run.stdout.trim().split('\n').at(-1) ?? '{}';
  process.stderr.write(`${label}: ${line.slice(0, 400)}\n`);
  return JSON.parse(line) as ChildReport;
}

/** `osmium fileinfo -e` on the file: the medians of `runs` wall times and CPU times (all its threads), ms. */
function osmiumRead(file: string, runs: number): { medianMs: number; medianCpuMs: number; runsMs: number[]; cpuMs: number[] } {
  const runsMs: number[] = [];
  const cpuMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const cpuBefore = childrenCpuMs();
    osmium(['fileinfo', '-e', file]);
    runsMs.push(Math.round(performance.now() - started));
    cpuMs.push(childrenCpuMs() - cpuBefore);
  }
  return { medianMs: median(runsMs), medianCpuMs: median(cpuMs), runsMs, cpuMs };
}

/** CPU time of this process's waited-for children so far (`/proc/self/stat` cutime + cstime), ms. */
function childrenCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** The built server on PostgreSQL with one pack: ready time, RSS at ready, peak RSS once warm. */
async function measureServer(pack: string, databaseUrl: string): Promise<Record<string, number | string | null>> {
  const started = performance.now();
  const server = await spawnServer({ env: { LOCSCORE_REGIONS: pack, LOCSCORE_DATABASE_URL: databaseUrl, DATABASE_URL: '' }, startTimeoutMs: 600_000 });
  const readyMs = Math.round(performance.now() - started);
  const rssAtReadyMb = rssMbOf(server.pid);
  const warmedMs = await waitFor(() => server.stderr().includes('engine warmed'), 600_000);
  const peakRssMb = server.peakRssMb();
  const stopped = await server.stop();
  return { readyMs, rssAtReadyMb, warmedAfterReadyMs: warmedMs === null ? null : Math.round(warmedMs), peakRssMbWarm: peakRssMb, exitCode: stopped.code };
}

/** Polls `test` every 100 ms; ms until it held, or null after `timeoutMs`. */
async function waitFor(test: () => boolean, timeoutMs: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (test()) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

function directoryBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? directoryBytes(path) : statSync(path).size;
  }
  return total;
}

/** The figures of one run that every importer entry carries: osmium on the same file just before, and when. */
interface RunContext {
  osmium: ReturnType<typeof osmiumRead>;
  measuredAt: string;
  loadAverage: number[];
}

/** Every measurement of one tiled file, by importer. */
async function measureSize(tiled: TiledCountry, work: string, databaseUrl: string | null, opts: ReturnType<typeof options>): Promise<Record<string, unknown>> {
  const osmiumFigures = osmiumRead(tiled.file, tiled.copies >= 500 ? 1 : 3);
  process.stderr.write(`${tiled.copies} copies: ${tiled.objects.toLocaleString('en')} objects, osmium ${osmiumFigures.medianMs} ms\n`);
  const context: RunContext = { osmium: osmiumFigures, measuredAt: new Date().toISOString(), loadAverage: machineInfo().loadAverage };
  const size: Record<string, unknown> = { copies: tiled.copies, objects: tiled.objects, fileBytes: tiled.bytes };
  const ratios = (report: ChildReport): Record<string, number | null> => ({
    osmiumRatio: round2(report.durationMs / osmiumFigures.medianMs),
    osmiumCpuRatio: typeof report.cpuMs === 'number' ? round2(report.cpuMs / osmiumFigures.medianCpuMs) : null,
  });
  if (opts.importers.includes('stream')) {
    const report = runChild('stream', [tiled.file], `stream reader, ${tiled.copies} copies`);
    size.stream = { ...context, read: 'failed' in report ? report : { ...report, ...ratios(report) } };
  }
  if (opts.importers.includes('engine')) size.engine = { ...context, ...(await measureEngine(tiled, work, databaseUrl, opts, ratios)) };
  return size;
}

/** `importRegion` on one tiled file, then its format-4 pack: opened, served, scored. */
async function measureEngine(
  tiled: TiledCountry,
  work: string,
  databaseUrl: string | null,
  opts: ReturnType<typeof options>,
  ratios: (report: ChildReport) => Record<string, number | null>,
): Promise<Record<string, unknown>> {
  if (tiled.copies > opts.engineMaxCopies) {
    return { skipped: `above --engine-max-copies ${opts.engineMaxCopies}: importRegion holds every node and runs out of the default heap (issue 25)` };
  }
  const pack = join(work, `engine-${tiled.copies}`);
  const imported = runChild('import-engine', [tiled.file, pack], `engine importRegion, ${tiled.copies} copies`);
  if ('failed' in imported) return { import: imported };
  const engine: Record<string, unknown> = { import: { ...imported, ...ratios(imported), packBytes: directoryBytes(pack) } };
  engine.format4 = { open: runChild('open', [pack], `open the format-4 pack, ${tiled.copies} copies`) };
  engine.server = databaseUrl === null ? { skipped: 'PostgreSQL unavailable' } : await measureServer(pack, databaseUrl);
  process.stderr.write(`server: ${JSON.stringify(engine.server)}\n`);
  engine.inProcess = runChild('score', [pack, String(tiled.copies)], `engine.score and geocoder, ${tiled.copies} copies`);
  rmSync(pack, { recursive: true, force: true });
  return engine;
}

/**
 * The sizes of an earlier result file with this run's entries laid over
 * them, importer by importer: a run of one importer keeps the other's
 * figures, each with the osmium figures of its own run.
 */
function mergedSizes(measured: ReadonlyArray<Record<string, unknown>>): Array<Record<string, unknown>> {
  let earlier: Array<Record<string, unknown>> = [];
  try {
    const previous = JSON.parse(readFileSync(join(RESULTS_DIR, `${NAME}.json`), 'utf8')) as { sizes?: Array<Record<string, unknown>> };
    earlier = previous.sizes ?? [];
  } catch {
    earlier = [];
  }
  const byCopies = new Map(earlier.map((size) => [size.copies, size]));
  for (const size of measured) byCopies.set(size.copies, { ...byCopies.get(size.copies), ...size });
  return [...byCopies.values()].sort((a, b) => Number(a.copies) - Number(b.copies));
}

async function main(): Promise<void> {
  if (!requireLiechtenstein(NAME)) return;
  const opts = options();
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-scale-'));
  // A database of the caller's (`LOCSCORE_SCALE_DATABASE_URL`) is used as it is; else a fresh one is made and dropped.
  const given = process.env.LOCSCORE_SCALE_DATABASE_URL;
  const database = given ? { url: given, server: new URL(given).host } : await freshBenchDatabase(DATABASE);
  const sizes: Array<Record<string, unknown>> = [];
  const write = (): string =>
    writeResult(NAME, {
      benchmark: NAME,
      description:
        'a country tiled from the Liechtenstein extract (cut to the country, shifted copies with renumbered ids, own town names and postcodes): osmium reading each file, importers (wall and CPU time, peak RSS, ratios to osmium on the same file in the same run), the server on PostgreSQL with the pack (ready time, RSS), the pack as format 4 (open time, RSS), engine.score p99 and own-copy geocoding in-process',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: {
        database: 'url' in database ? 'PostgreSQL 15' : database.unavailable,
        lastRun: { copies: opts.copies, importers: opts.importers, engineMaxCopies: opts.engineMaxCopies },
      },
      targets: TARGETS,
      sizes: mergedSizes(sizes),
    });
  try {
    for (const copies of opts.copies) {
      const tiled = await tiledCountry(LIECHTENSTEIN_PBF, copies, opts.cache);
      process.stderr.write(`tiled ${copies}: ${JSON.stringify(tiled)}\n`);
      sizes.push(await measureSize(tiled, work, 'url' in database ? database.url : null, opts));
      process.stderr.write(`wrote ${write()}\n`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    if ('url' in database && !given) await dropBenchDatabase(DATABASE);
  }
}

async function child(mode: string, args: string[]): Promise<void> {
  const { runProbe } = await import('./support/region-scale-probes.js');
  const report = await runProbe(mode, args);
  report.maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  const cpu = process.cpuUsage();
  report.cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

if (!rerunWithSourceConditions(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--child') await child(args[1] ?? '', args.slice(2));
  else await main();
}
