/**
 * Benchmark (issue: batch): `locscore batch` on CSVs of 10,000 and 100,000
 * rows built from real Liechtenstein addresses (2 % invalid rows: empty
 * address, unknown street, bad category), against a local reference server
 * (Liechtenstein pack, Enterprise key) running in its own child process so
 * that the CLI's peak RSS is its own (the built server under plain node, as
 * users run it; see `support/server-process.ts`). The CLI runs from source
 * (`node --conditions=@locscore/source --import tsx apps/cli/src/bin.ts`)
 * unless `apps/cli/dist/bin.js` exists. The 10k and 100k files are scored at
 * `--concurrency 64`; 2k-row files at 4 and 16 (the CLI default) show what concurrency does. Every output is checked: each
 * input row exactly once, in order, errors only on the invalid rows.
 * Baseline, same run: 2k rows of the same addresses sent by a plain loop of `fetch`
 * calls (64 in flight, no CSV, no SDK), which is what the server alone allows.
 * When the rows/s target is missed, the CLI (and then the server) is profiled
 * with `--cpu-prof` on 2k rows and the top self-time costs are recorded; when
 * the memory target is missed, the 10k file runs again with `--trace-gc` and
 * with `--max-old-space-size=48` (live heap vs garbage).
 *
 * Targets: >= 1,000 rows/s and < 150 MB peak RSS; the 100k run's peak RSS
 * about that of the 10k run (flat memory: within 15 %).
 *
 * Run: `npx tsx bench/batch.ts` (`--store postgres` to use PostgreSQL, `--quick`
 * for 2k/10k rows). Writes `bench/results/batch.json` (PGlite) or `batch-postgres.json`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { checkBatchOutput, type OutputCheck, writeBatchCsv } from './support/batch-csv.js';
import { mainThreadProfile, type ProfileSummary, summariseProfile } from './support/cpu-profile.js';
import { machineInfo, REPO_ROOT, requireLiechtenstein, writeResult } from './support/machine.js';
import { dropBenchDatabase, freshBenchDatabase } from './support/postgres.js';
import { peakRssMbOf } from './support/process-memory.js';
import { SERVER_MAIN, type ServerProcess, spawnServer } from './support/server-process.js';
import { rerunWithSourceConditions, SOURCE_NODE_FLAGS } from './support/source-conditions.js';
import { round2, summariseLatencies } from './support/stats.js';

const NAME = 'batch';
const API_KEY = 'lsk_bench_batch_enterprise_key_000000';
const TARGET_ROWS_PER_S = 1_000;
const TARGET_PEAK_RSS_MB = 150;
/** Flat memory: the large run's peak RSS at most this much above the small run's. */
const FLAT_TOLERANCE = 0.15;
const TIME = '/usr/bin/time';
const CLI_DIST = join(REPO_ROOT, 'apps', 'cli', 'dist', 'bin.js');
const CLI_SOURCE = join(REPO_ROOT, 'apps', 'cli', 'src', 'bin.ts');

interface CliRun {
  file: string;
  rows: number;
  concurrency: number;
  exitCode: number | null;
  wallMs: number;
  rowsPerSecond: number;
  peakRssMb: number | null;
  serverPeakRssMbSoFar: number | null;
  output: OutputCheck;
  stderrTail: string;
}

/** Runs the CLI once; peak RSS from GNU time's %M when present, else by polling /proc. */
async function runCli(options: {
  input: string;
  output: string;
  rows: number;
  concurrency: number;
  server: ServerProcess;
  nodeFlags?: string[];
  /** Collects the CLI's stdout (e.g. `--trace-gc` lines; batch data goes to `-o`). */
  onStdout?: (chunk: string) => void;
}): Promise<CliRun> {
  const useDist = existsSync(CLI_DIST);
  const nodeArgs = [...(options.nodeFlags ?? []), ...(useDist ? [] : SOURCE_NODE_FLAGS), useDist ? CLI_DIST : CLI_SOURCE];
  const cliArgs = ['batch', options.input, '--category-column', 'category', '-o', options.output, '--concurrency', String(options.concurrency)];
  const timeFile = `${options.output}.time`;
  const haveTime = existsSync(TIME);
  const command = haveTime ? TIME : process.execPath;
  const args = haveTime ? ['-f', '%M %e', '-o', timeFile, process.execPath, ...nodeArgs, ...cliArgs] : [...nodeArgs, ...cliArgs];
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, LOCSCORE_API_KEY: API_KEY, LOCSCORE_BASE_URL: options.server.url, NO_COLOR: '1' },
    stdio: ['ignore', options.onStdout ? 'pipe' : 'ignore', 'pipe'],
  });
  if (options.onStdout) {
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', options.onStdout);
  }
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_000);
  });
  let polledPeak: number | null = null;
  const poll = haveTime
    ? null
    : setInterval(() => {
        const now = child.pid === undefined ? null : peakRssMbOf(child.pid);
        if (now !== null) polledPeak = Math.max(polledPeak ?? 0, now);
      }, 100);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const wallMs = performance.now() - started;
  if (poll) clearInterval(poll);
  let peakRssMb: number | null = polledPeak;
  if (haveTime && existsSync(timeFile)) {
    const kb = Number(readFileSync(timeFile, 'utf8').trim().split(/\s+/).at(-2));
    peakRssMb = Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  }
  const output = await checkBatchOutput(options.output, options.rows);
  return {
    file: options.input.split('/').at(-1) ?? options.input,
    rows: options.rows,
    concurrency: options.concurrency,
    exitCode,
    wallMs: Math.round(wallMs),
    rowsPerSecond: Math.round(options.rows / (wallMs / 1000)),
    peakRssMb,
    serverPeakRssMbSoFar: options.server.peakRssMb(),
    output,
    stderrTail: stderr.trim().split('\n').slice(-8).join('\n'),
  };
}

/** Baseline: the same rows as plain `fetch` POSTs, `concurrency` in flight, no CSV, no SDK. */
async function rawHttp(server: ServerProcess, rows: Array<{ address: string; category: string }>, concurrency: number, tag: string) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < rows.length) {
      const i = next++;
      const row = rows[i];
      if (row === undefined) break;
      const sent = performance.now();
      const response = await fetch(`${server.url}/api/franchisor/score`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': API_KEY, 'idempotency-key': `${tag}-${i}` },
        body: JSON.stringify(row),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wallMs = performance.now() - started;
  return {
    rows: rows.length,
    concurrency,
    wallMs: Math.round(wallMs),
    rowsPerSecond: Math.round(rows.length / (wallMs / 1000)),
    statuses,
    latencyMs: summariseLatencies(latencies),
  };
}

/** What V8's collector says about the CLI's memory on the small file. */
interface GcDiagnosis {
  description: string;
  /** Live heap (MB) right after each full (Mark-Compact) collection, in order. */
  liveHeapAfterFullGcMb: number[];
  /** Heap size (MB) just before each full collection: how far V8 lets garbage grow. */
  heapBeforeFullGcMb: number[];
  scavenges: number;
  traceRun: { peakRssMb: number | null; rowsPerSecond: number; outputOk: boolean };
  /** The same file with the old space capped at 48 MB: completes with a lower peak when the growth is garbage, not a leak. */
  cappedRun: { flag: string; exitCode: number | null; peakRssMb: number | null; rowsPerSecond: number; outputOk: boolean };
}

async function diagnoseGc(
  work: string,
  addresses: string[],
  categories: readonly string[],
  server: ServerProcess,
  rows: number,
  concurrency: number,
): Promise<GcDiagnosis> {
  let trace = '';
  const traced = join(work, `rows-${rows}-gc-trace.csv`);
  await writeBatchCsv(traced, rows, addresses, categories);
  const traceRun = await runCli({
    input: traced,
    output: `${traced}.out.csv`,
    rows,
    concurrency,
    server,
    nodeFlags: ['--trace-gc'],
    onStdout: (chunk) => (trace += chunk),
  });
  const full = [...trace.matchAll(/Mark-Compact ([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/g)];
  const capped = join(work, `rows-${rows}-capped.csv`);
  await writeBatchCsv(capped, rows, addresses, categories);
  const flag = '--max-old-space-size=48';
  const cappedRun = await runCli({ input: capped, output: `${capped}.out.csv`, rows, concurrency, server, nodeFlags: [flag] });
  return {
    description: `the ${rows}-row file with --trace-gc, and again with ${flag}`,
    liveHeapAfterFullGcMb: full.map((match) => Number(match[3])),
    heapBeforeFullGcMb: full.map((match) => Number(match[1])),
    scavenges: [...trace.matchAll(/Scavenge/g)].length,
    traceRun: { peakRssMb: traceRun.peakRssMb, rowsPerSecond: traceRun.rowsPerSecond, outputOk: traceRun.output.ok },
    cappedRun: { flag, exitCode: cappedRun.exitCode, peakRssMb: cappedRun.peakRssMb, rowsPerSecond: cappedRun.rowsPerSecond, outputOk: cappedRun.output.ok },
  };
}

/**
 * Without `--store`, PGlite and then, when a PostgreSQL server answers,
 * PostgreSQL; `--store pglite` or `--store postgres` for one of them.
 */
async function main(): Promise<void> {
  if (!requireLiechtenstein(NAME)) return;
  const argv = process.argv.slice(2);
  const quick = argv.includes('--quick');
  const named = argv.includes('--store') ? argv[argv.indexOf('--store') + 1] : undefined;
  if (named === 'pglite' || named === 'postgres') {
    await benchStore(named, quick);
    return;
  }
  await benchStore('pglite', quick);
  const database = await freshBenchDatabase();
  if ('url' in database) await benchStore('postgres', quick);
  else process.stderr.write(`PostgreSQL not available (${database.unavailable}): batch-postgres.json not written\n`);
}

/** Runs the whole benchmark against a server on one store and writes its result file. */
async function benchStore(storeKind: 'pglite' | 'postgres', quick: boolean): Promise<void> {
  const smallRows = quick ? 2_000 : 10_000;
  const largeRows = quick ? 10_000 : 100_000;
  /**
   * The 10k and 100k files run at `--concurrency 64`, the flag's maximum: a
   * batch waits on the server's scoring time, and a local server keeps
   * getting faster up to 64 rows in flight (the 2k trials at 4 and 16 show
   * it). The CLI's default stays 16, gentler on a shared server and its
   * burst limit.
   */
  const largeConcurrency = 64;
  /** Other --concurrency values, tried on a shorter file (the server, not the CLI, sets the pace). */
  const trialRows = 2_000;
  const trialConcurrencies = quick ? [] : [4, 16];

  const { CATEGORIES } = await import('../packages/schema/src/index.js');
  const { createEngine, loadRegion, AddressAmbiguousError, AddressNotFoundError } = await import('../packages/engine/src/index.js');
  const { addressStrings, importLiechtenstein } = await import('./support/liechtenstein.js');
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-batch-'));
  let server: ServerProcess | null = null;
  try {
    const pack = await importLiechtenstein(work);
    const region = await loadRegion(pack.dir);
    const engine = createEngine({ regions: [region] });
    const addresses: string[] = [];
    for (const address of addressStrings(region)) {
      try {
        await engine.score({ address, category: 'coffee' });
        addresses.push(address);
      } catch (error) {
        // Only addresses the engine scores as written go into the files: the invalid rows are added on purpose.
        if (!(error instanceof AddressNotFoundError || error instanceof AddressAmbiguousError)) throw error;
      }
    }

    // One file per run: the CLI's idempotency keys include the file's path, so no run replays another.
    const trialFiles = new Map<number, string>();
    for (const concurrency of trialConcurrencies) {
      const file = join(work, `rows-${trialRows}-c${concurrency}.csv`);
      await writeBatchCsv(file, trialRows, addresses, CATEGORIES);
      trialFiles.set(concurrency, file);
    }
    const smallFile = join(work, `rows-${smallRows}-c${largeConcurrency}.csv`);
    const invalidSmall = (await writeBatchCsv(smallFile, smallRows, addresses, CATEGORIES)).invalid;
    const largeFile = join(work, `rows-${largeRows}-c${largeConcurrency}.csv`);
    const invalidLarge = (await writeBatchCsv(largeFile, largeRows, addresses, CATEGORIES)).invalid;

    const database = storeKind === 'postgres' ? await freshBenchDatabase() : null;
    if (database !== null && 'unavailable' in database) throw new Error(`--store postgres: ${database.unavailable}`);
    const serverEnv = {
      LOCSCORE_REGIONS: pack.dir,
      LOCSCORE_DEMO_KEY: API_KEY,
      LOCSCORE_DEMO_PLAN: 'enterprise',
      DATABASE_URL: '',
      LOCSCORE_DATABASE_URL: database !== null && 'url' in database ? database.url : '',
      LOCSCORE_DATA_DIR: join(work, 'pglite'),
    };
    server = await spawnServer({ env: serverEnv });
    const activeServer = server;

    const runs: CliRun[] = [];
    const plan = [
      ...trialConcurrencies.map((concurrency) => ({ input: trialFiles.get(concurrency) ?? '', rows: trialRows, concurrency })),
      { input: smallFile, rows: smallRows, concurrency: largeConcurrency },
    ];
    for (const step of plan) {
      process.stderr.write(`CLI ${step.rows} rows, --concurrency ${step.concurrency}...\n`);
      const run = await runCli({ ...step, output: `${step.input}.out.csv`, server: activeServer });
      process.stderr.write(`  ${run.rowsPerSecond} rows/s, peak RSS ${run.peakRssMb} MB, exit ${run.exitCode}, output ok ${run.output.ok}\n`);
      runs.push(run);
    }
    process.stderr.write(`CLI ${largeRows} rows, --concurrency ${largeConcurrency}...\n`);
    const large = await runCli({ input: largeFile, output: `${largeFile}.out.csv`, rows: largeRows, concurrency: largeConcurrency, server: activeServer });
    process.stderr.write(`  ${large.rowsPerSecond} rows/s, peak RSS ${large.peakRssMb} MB, exit ${large.exitCode}, output ok ${large.output.ok}\n`);
    runs.push(large);

    process.stderr.write(`baseline: ${trialRows} raw fetch POSTs, ${largeConcurrency} in flight...\n`);
    const baselineRows = Array.from({ length: trialRows }, (_, i) => ({
      address: addresses[i % addresses.length] ?? '',
      category: CATEGORIES[i % CATEGORIES.length] ?? 'coffee',
    }));
    const baseline = await rawHttp(activeServer, baselineRows, largeConcurrency, 'baseline');
    process.stderr.write(`  ${baseline.rowsPerSecond} rows/s\n`);

    const small = runs.find((run) => run.rows === smallRows && run.concurrency === largeConcurrency);
    const best = Math.max(...runs.map((run) => run.rowsPerSecond));
    const peak = Math.max(...runs.map((run) => run.peakRssMb ?? Number.POSITIVE_INFINITY));
    const flat = small?.peakRssMb != null && large.peakRssMb != null ? large.peakRssMb <= small.peakRssMb * (1 + FLAT_TOLERANCE) : false;
    const allOk = runs.every((run) => run.output.ok && run.exitCode === 0);
    const rowsMet = large.rowsPerSecond >= TARGET_ROWS_PER_S && (small?.rowsPerSecond ?? 0) >= TARGET_ROWS_PER_S;
    const rssMet = peak < TARGET_PEAK_RSS_MB;

    let gcDiagnosis: GcDiagnosis | null = null;
    if (!rssMet || !flat) {
      process.stderr.write('peak RSS target missed: the small file again with --trace-gc, then with --max-old-space-size=48...\n');
      gcDiagnosis = await diagnoseGc(work, addresses, CATEGORIES, activeServer, smallRows, largeConcurrency);
    }

    const profiles: Record<string, ProfileSummary | { error: string }> = {};
    if (!rowsMet) {
      process.stderr.write(`rows/s target missed: profiling the CLI on ${trialRows} rows...\n`);
      const cliDir = join(work, 'prof-cli');
      mkdirSync(cliDir);
      const input = join(work, `rows-${trialRows}-profile.csv`);
      await writeBatchCsv(input, trialRows, addresses, CATEGORIES);
      await runCli({
        input,
        output: `${input}.out.csv`,
        rows: trialRows,
        concurrency: largeConcurrency,
        server: activeServer,
        nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${cliDir}`],
      });
      const cliProfile = mainThreadProfile(cliDir);
      profiles.cli = cliProfile === null ? { error: 'no profile written' } : summariseProfile(cliProfile);

      process.stderr.write('...and the server under the same CLI run...\n');
      await activeServer.stop();
      server = null;
      const serverDir = join(work, 'prof-server');
      mkdirSync(serverDir);
      const profiled = await spawnServer({
        env: { ...serverEnv, LOCSCORE_DATA_DIR: join(work, 'pglite-profile') },
        nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${serverDir}`],
      });
      const input2 = join(work, `rows-${trialRows}-profile-server.csv`);
      await writeBatchCsv(input2, trialRows, addresses, CATEGORIES);
      await runCli({ input: input2, output: `${input2}.out.csv`, rows: trialRows, concurrency: largeConcurrency, server: profiled });
      await profiled.stop();
      const serverProfile = mainThreadProfile(serverDir);
      profiles.server = serverProfile === null ? { error: 'no profile written' } : summariseProfile(serverProfile);
    }

    const result = {
      benchmark: NAME,
      description:
        'locscore batch (CLI process) on CSVs of real Liechtenstein addresses against a local server in its own process; baseline raw fetch POSTs to the same server',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: {
        cli: existsSync(CLI_DIST) ? 'apps/cli/dist/bin.js (built)' : 'apps/cli/src/bin.ts from source (node --conditions=@locscore/source --import tsx)',
        peakRssFrom: existsSync(TIME) ? 'GNU time %M (max RSS of the node process)' : '/proc/<pid>/status VmHWM polled every 100 ms',
        server: `reference server (${relative(REPO_ROOT, SERVER_MAIN)}) in a child process, ${storeKind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, Enterprise key, Liechtenstein pack`,
        store: storeKind,
        inputs: {
          trials: { rows: trialRows, concurrencies: trialConcurrencies },
          small: { rows: smallRows, invalidRows: invalidSmall, bytes: statSync(smallFile).size },
          large: { rows: largeRows, invalidRows: invalidLarge, bytes: statSync(largeFile).size },
          invalidKinds: 'one row in 50: empty address, unknown street (Nonexistentweg N, 9490 Vaduz), bad category (coffe), in turn',
          distinctRealAddresses: addresses.length,
        },
        concurrencies: [...trialConcurrencies, largeConcurrency],
        largeConcurrency,
        packImportMs: pack.importMs,
      },
      runs,
      baseline: {
        description: `raw fetch POSTs of ${trialRows} valid rows of the same addresses, ${largeConcurrency} in flight, with an Idempotency-Key each (as the CLI sends)`,
        ...baseline,
      },
      ratios: {
        cliOverRawHttpAtSameConcurrency: small ? round2(small.rowsPerSecond / baseline.rowsPerSecond) : null,
        peakRssLargeOverSmall: small?.peakRssMb != null && large.peakRssMb != null ? round2(large.peakRssMb / small.peakRssMb) : null,
      },
      target: {
        description: `>= ${TARGET_ROWS_PER_S} rows/s and < ${TARGET_PEAK_RSS_MB} MB CLI peak RSS; ${largeRows} rows' peak RSS within ${FLAT_TOLERANCE * 100} % of ${smallRows} rows' (flat memory); every output row exactly once`,
        rowsPerSecond: TARGET_ROWS_PER_S,
        peakRssMb: TARGET_PEAK_RSS_MB,
        bestRowsPerSecond: best,
        rowsPerSecondMet: rowsMet,
        peakRssMet: rssMet,
        flatMemoryMet: flat,
        outputsCorrect: allOk,
        met: rowsMet && rssMet && flat && allOk,
      },
      gcDiagnosis,
      profiles,
    };
    writeResult(storeKind === 'postgres' ? `${NAME}-postgres` : NAME, result);
    process.stderr.write(
      `rows/s ${runs.map((run) => `${run.rows}@c${run.concurrency}=${run.rowsPerSecond}`).join(' ')}; peak RSS ${runs.map((run) => run.peakRssMb).join('/')} MB; raw HTTP ${baseline.rowsPerSecond} rows/s; outputs ok ${allOk}; target met ${result.target.met}\n`,
    );
    if (database !== null) await dropBenchDatabase();
  } finally {
    if (server !== null) await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (!rerunWithSourceConditions(import.meta.url)) await main();
