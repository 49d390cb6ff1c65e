/**
 * Benchmark (issue: production server): autocannon, 64 connections, 10 s,
 * against `POST /api/franchisor/score` with an Enterprise key and one real
 * Liechtenstein address, on PGlite and on PostgreSQL (when `DATABASE_URL` is
 * set or a local cluster answers at postgres://postgres@127.0.0.1:5432/; a
 * fresh database `locscore_bench`). Baseline, same run and same process set-up:
 * a bare Express 5 app (the server's own express) answering the same POST with
 * `{ "hello": "world" }` after parsing the JSON body. Each server runs in its
 * own child process (`node --conditions=@locscore/source --import tsx`),
 * autocannon in this one (2 cores: one each). A 3 s warm-up precedes every
 * measurement. When a target is missed, the server is run again under the
 * same load with `--cpu-prof` and the profile's top self-time costs are recorded.
 *
 * Targets: req/s of score / req/s of hello >= 0.5, and score p99 < 20 ms.
 *
 * Run: `npx tsx bench/http-throughput.ts`. Writes `bench/results/http-throughput.json`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { mainThreadProfile, summariseProfile, type ProfileSummary } from './support/cpu-profile.js';
import { machineInfo, REPO_ROOT, requireLiechtenstein, writeResult } from './support/machine.js';
import { dropBenchDatabase, freshBenchDatabase } from './support/postgres.js';
import { spawnServer, type ServerProcess } from './support/server-process.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';
import { round2 } from './support/stats.js';

const NAME = 'http-throughput';
const CONNECTIONS = 64;
const DURATION_S = 10;
const WARMUP_S = 3;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 20;
const API_KEY = 'lsk_bench_enterprise_key_0000000000';

/** Figures of one autocannon run. */
interface LoadFigures {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMeanMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  serverPeakRssMb: number | null;
}

async function load(url: string, body: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url: `${url}/api/franchisor/score`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body,
  });
}

async function measure(server: ServerProcess, body: string): Promise<LoadFigures> {
  await load(server.url, body, WARMUP_S);
  const result = await load(server.url, body, DURATION_S);
  return {
    requestsPerSecond: round2(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMeanMs: round2(result.latency.average),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverPeakRssMb: server.peakRssMb(),
  };
}

/** Checks one request answers 200 before loading the server. */
async function checkScores(url: string, body: string): Promise<void> {
  const response = await fetch(`${url}/api/franchisor/score`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    body,
  });
  if (response.status !== 200) throw new Error(`score answered ${response.status}: ${await response.text()}`);
}

async function profileUnderLoad(env: Record<string, string>, body: string, dir: string): Promise<ProfileSummary | { error: string }> {
  mkdirSync(dir, { recursive: true });
  const server = await spawnServer({ env, nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  try {
    await load(server.url, body, WARMUP_S + DURATION_S);
  } finally {
    await server.stop();
  }
  const file = mainThreadProfile(dir);
  return file === null ? { error: `no .cpuprofile written in ${dir}` } : summariseProfile(file);
}

function verdict(score: LoadFigures, hello: LoadFigures) {
  const ratio = round2(score.requestsPerSecond / hello.requestsPerSecond);
  return {
    ratioScoreOverHello: ratio,
    ratioMet: ratio >= TARGET_RATIO,
    p99Met: score.latencyP99Ms < TARGET_P99_MS,
    noErrors: score.non2xx === 0 && score.errors === 0,
    met: ratio >= TARGET_RATIO && score.latencyP99Ms < TARGET_P99_MS && score.non2xx === 0 && score.errors === 0,
  };
}

async function main(): Promise<void> {
  if (!requireLiechtenstein(NAME)) return;
  const { loadRegion } = await import('../packages/engine/src/index.js');
  const { addressStrings, importLiechtenstein } = await import('./support/liechtenstein.js');
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-http-'));
  try {
    const pack = await importLiechtenstein(work);
    const address = addressStrings(await loadRegion(pack.dir))[0];
    if (address === undefined) throw new Error('the pack has no address');
    const body = JSON.stringify({ address, category: 'coffee' });
    const scoreEnv = (store: Record<string, string>): Record<string, string> => ({
      LOCSCORE_REGIONS: pack.dir,
      LOCSCORE_DEMO_KEY: API_KEY,
      LOCSCORE_DEMO_PLAN: 'enterprise',
      DATABASE_URL: '',
      LOCSCORE_DATABASE_URL: '',
      ...store,
    });

    process.stderr.write('hello (bare Express 5)...\n');
    const helloServer = await spawnServer({ env: {}, script: join(REPO_ROOT, 'bench', 'support', 'hello-server.ts') });
    const hello = await measure(helloServer, body).finally(() => helloServer.stop());
    process.stderr.write(`  ${JSON.stringify(hello)}\n`);

    process.stderr.write('score on PGlite...\n');
    const pgliteEnv = scoreEnv({ LOCSCORE_DATA_DIR: join(work, 'pglite') });
    const pgliteServer = await spawnServer({ env: pgliteEnv });
    await checkScores(pgliteServer.url, body);
    const pglite = await measure(pgliteServer, body).finally(() => pgliteServer.stop());
    process.stderr.write(`  ${JSON.stringify(pglite)}\n`);

    process.stderr.write('score on PostgreSQL...\n');
    const database = await freshBenchDatabase();
    let postgres: LoadFigures | null = null;
    let postgresEnv: Record<string, string> | null = null;
    if ('url' in database) {
      postgresEnv = scoreEnv({ LOCSCORE_DATABASE_URL: database.url });
      const pgServer = await spawnServer({ env: postgresEnv });
      await checkScores(pgServer.url, body);
      postgres = await measure(pgServer, body).finally(() => pgServer.stop());
      process.stderr.write(`  ${JSON.stringify(postgres)}\n`);
    } else {
      process.stderr.write(`  not available: ${database.unavailable}\n`);
    }

    const pgliteVerdict = verdict(pglite, hello);
    const postgresVerdict = postgres === null ? null : verdict(postgres, hello);
    const profiles: Record<string, ProfileSummary | { error: string }> = {};
    if (!pgliteVerdict.met) {
      process.stderr.write('PGlite target missed: profiling the server under the same load...\n');
      profiles.pglite = await profileUnderLoad({ ...pgliteEnv, LOCSCORE_DATA_DIR: join(work, 'pglite-profile') }, body, join(work, 'prof-pglite'));
    }
    if (postgresVerdict !== null && !postgresVerdict.met && postgresEnv !== null) {
      process.stderr.write('PostgreSQL target missed: profiling the server under the same load...\n');
      profiles.postgres = await profileUnderLoad(postgresEnv, body, join(work, 'prof-postgres'));
    }
    if ('url' in database) await dropBenchDatabase();

    const result = {
      benchmark: NAME,
      description: `autocannon ${CONNECTIONS} connections x ${DURATION_S} s on POST /api/franchisor/score (Enterprise key, Liechtenstein pack, one real address); baseline a bare Express 5 app answering the same POST`,
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: {
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        warmupSeconds: WARMUP_S,
        body: { address, category: 'coffee' },
        servers: 'each in its own child process (node --conditions=@locscore/source --import tsx, from source), autocannon in the parent',
        packImportMs: pack.importMs,
      },
      baseline: { description: 'bare Express 5 (the server\'s express), express.json() then res.json({hello:"world"}) on the same POST', ...hello },
      pglite: { ...pglite, ...pgliteVerdict },
      postgres: postgres === null ? { notAvailable: 'unavailable' in database ? database.unavailable : 'unknown' } : { server: 'server' in database ? database.server : null, ...postgres, ...postgresVerdict },
      target: {
        description: `score req/s / hello req/s >= ${TARGET_RATIO} and score p99 < ${TARGET_P99_MS} ms, no errors`,
        ratio: TARGET_RATIO,
        p99Ms: TARGET_P99_MS,
        met: pgliteVerdict.met && (postgresVerdict?.met ?? true),
      },
      profiles,
    };
    writeResult(NAME, result);
    process.stderr.write(
      `hello ${hello.requestsPerSecond} req/s p99 ${hello.latencyP99Ms} ms; PGlite ${pglite.requestsPerSecond} req/s p50 ${pglite.latencyP50Ms} p99 ${pglite.latencyP99Ms} ms ratio ${pgliteVerdict.ratioScoreOverHello}; ` +
        `PostgreSQL ${postgres === null ? 'n/a' : `${postgres.requestsPerSecond} req/s p50 ${postgres.latencyP50Ms} p99 ${postgres.latencyP99Ms} ms ratio ${postgresVerdict?.ratioScoreOverHello}`}; target met: ${result.target.met}\n`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!rerunWithSourceConditions(import.meta.url)) await main();
