/**
 * Benchmark: the score server's memory at start on the embedded default
 * store (PGlite), with the Liechtenstein pack.
 *
 * PGlite's WebAssembly memory only grows, and creating a database (initdb)
 * touches far more of it than opening one. The server therefore creates a new
 * data directory's database in a short-lived child process and opens it in
 * its worker afterwards (`apps/server/src/db/pglite-init.ts`). Measured,
 * each in its own process, {@link ROUNDS} rounds, medians:
 *
 * - `fresh`: the built server started on a new data directory (the default:
 *   a new temporary directory at every start): peak RSS once listening, and
 *   the time to the listening line;
 * - `reopened`: the same server restarted on that directory (no initdb at all):
 *   the floor a fresh start can reach;
 * - `postgres` (when a local cluster answers): the same server on PostgreSQL,
 *   i.e. without PGlite in the process;
 * - PGlite alone, as the server's worker used it: `PGlite.create` on a new
 *   directory in a worker thread (what the server did before), and on an
 *   existing one; the difference is the memory initdb leaves behind.
 *
 * Target: the fresh start's peak RSS is within 15 % of the reopened start's.
 *
 * Run: `npx tsx bench/server-memory.ts` after `pnpm build`. Writes `bench/results/server-memory.json`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { machineInfo, REPO_ROOT, requireLiechtenstein, writeResult } from './support/machine.js';
import { dropBenchDatabase, freshBenchDatabase } from './support/postgres.js';
import { SERVER_MAIN, spawnServer } from './support/server-process.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';
import { median, round2 } from './support/stats.js';

const NAME = 'server-memory';
const ROUNDS = 3;
const TARGET_RATIO = 1.15;
/** Settle time after the listening line before reading the peak, ms. */
const SETTLE_MS = 1_000;

/** One server start. */
interface StartFigures {
  /** Spawn to listening line, ms. */
  startMs: number;
  /** Peak RSS (VmHWM) once listening, MB. */
  peakRssMb: number;
}

/** Starts the built server with `env`, reads its figures and stops it. */
async function measureStart(env: Record<string, string>): Promise<StartFigures> {
  const started = performance.now();
  const server = await spawnServer({ env: { DATABASE_URL: '', LOCSCORE_DATABASE_URL: '', ...env } });
  const startMs = Math.round(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const peakRssMb = server.peakRssMb();
  const stopped = await server.stop();
  if (stopped.code !== 0) throw new Error(`the server exited with ${stopped.code}: ${server.stderr()}`);
  if (peakRssMb === null) throw new Error('peak RSS unreadable (this benchmark needs Linux /proc)');
  return { startMs, peakRssMb };
}

/**
 * Peak RSS (MB) of a Node process that opens PGlite on `dataDir` in a worker
 * thread, as the server's worker does, and answers `SELECT 1`.
 */
function pgliteInWorkerPeakMb(dataDir: string): number {
  const pglite = pathToFileURL(createRequire(join(REPO_ROOT, 'apps', 'server', 'package.json')).resolve('@electric-sql/pglite')).href;
  const probe = join(REPO_ROOT, 'bench', 'support', 'pglite-in-worker.mjs');
  const output = execFileSync(process.execPath, [probe, pglite, dataDir], { encoding: 'utf8' });
  const kb = Number(output.trim());
  if (!Number.isFinite(kb)) throw new Error(`peak RSS unreadable: ${output}`);
  return Math.round(kb / 1024);
}

/** Medians of several starts. */
function medianStart(starts: readonly StartFigures[]): StartFigures & { rounds: readonly StartFigures[] } {
  return { startMs: median(starts.map((s) => s.startMs)), peakRssMb: median(starts.map((s) => s.peakRssMb)), rounds: starts };
}

async function main(): Promise<void> {
  if (!requireLiechtenstein(NAME)) return;
  const { importLiechtenstein } = await import('./support/liechtenstein.js');
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-memory-'));
  try {
    const pack = await importLiechtenstein(work);
    const fresh: StartFigures[] = [];
    const reopened: StartFigures[] = [];
    const postgres: StartFigures[] = [];
    const pgliteCreate: number[] = [];
    const pgliteOpen: number[] = [];
    const database = await freshBenchDatabase();
    for (let round = 1; round <= ROUNDS; round += 1) {
      const dataDir = join(work, `data-${round}`);
      fresh.push(await measureStart({ LOCSCORE_REGIONS: pack.dir, LOCSCORE_DATA_DIR: dataDir }));
      reopened.push(await measureStart({ LOCSCORE_REGIONS: pack.dir, LOCSCORE_DATA_DIR: dataDir }));
      if ('url' in database) postgres.push(await measureStart({ LOCSCORE_REGIONS: pack.dir, LOCSCORE_DATABASE_URL: database.url }));
      const probeDir = join(work, `probe-${round}`);
      pgliteCreate.push(pgliteInWorkerPeakMb(probeDir));
      pgliteOpen.push(pgliteInWorkerPeakMb(probeDir));
      process.stderr.write(
        `round ${round}: fresh ${JSON.stringify(fresh.at(-1))} reopened ${JSON.stringify(reopened.at(-1))} postgres ${JSON.stringify(postgres.at(-1) ?? null)} pglite create ${pgliteCreate.at(-1)} MB, open ${pgliteOpen.at(-1)} MB\n`,
      );
    }
    if ('url' in database) await dropBenchDatabase();
    else process.stderr.write(`PostgreSQL not available: ${database.unavailable}\n`);

    const freshFigures = medianStart(fresh);
    const reopenedFigures = medianStart(reopened);
    const ratio = round2(freshFigures.peakRssMb / reopenedFigures.peakRssMb);
    const file = writeResult(NAME, {
      benchmark: NAME,
      description: `peak RSS of the built server (${SERVER_MAIN.replace(REPO_ROOT, '')}) once listening with the Liechtenstein pack: started on a new PGlite data directory, restarted on it, and on PostgreSQL; and PGlite alone in a worker thread creating or opening a database; ${ROUNDS} rounds, medians`,
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: { rounds: ROUNDS, settleMs: SETTLE_MS, packImportMs: pack.importMs },
      fresh: freshFigures,
      reopened: reopenedFigures,
      postgres: postgres.length > 0 ? medianStart(postgres) : null,
      pgliteInWorker: {
        description: 'PGlite.create then SELECT 1 in a worker thread of an otherwise idle Node process: peak RSS, MB',
        createPeakRssMb: median(pgliteCreate),
        openPeakRssMb: median(pgliteOpen),
        initdbExtraMb: median(pgliteCreate) - median(pgliteOpen),
        rounds: { create: pgliteCreate, open: pgliteOpen },
      },
      target: {
        description: `fresh-start peak RSS / reopened-start peak RSS <= ${TARGET_RATIO}`,
        ratio,
        met: ratio <= TARGET_RATIO,
      },
    });
    process.stderr.write(`fresh ${freshFigures.peakRssMb} MB vs reopened ${reopenedFigures.peakRssMb} MB (ratio ${ratio}); wrote ${file}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!rerunWithSourceConditions(import.meta.url)) await main();
