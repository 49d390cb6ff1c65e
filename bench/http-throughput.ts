/**
 * Benchmark (issue: production server): autocannon, 64 connections, 10 s,
 * against `POST /api/franchisor/score` with an Enterprise key, cycling through
 * the first 1,000 distinct real civic addresses of the Liechtenstein pack,
 * each mapped by one address point so that it scores, (one
 * repeated address would measure hot caches, not scoring), on PGlite and on
 * PostgreSQL (when `DATABASE_URL` is set or a local cluster answers at
 * postgres://postgres@127.0.0.1:5432/; a fresh database `locscore_bench`).
 * Baseline, same run and same process set-up: a bare Express 5 app (the
 * server's own express) answering the same POSTs with `{ "hello": "world" }`
 * after parsing the JSON body. Each server runs in its own child process
 * under plain node (the built `apps/server/dist/main.js` and
 * `support/hello-server.mjs`; its log goes to a file, see
 * `support/server-process.ts`), autocannon in this one
 * (2 cores: one each). All servers start first and each is warmed up for 3 s;
 * then {@link ROUNDS} rounds measure hello, PGlite and PostgreSQL in turn, so a
 * slow spell of the machine touches all of them, and the figures are the
 * medians of the rounds. When a target is missed, the server is run again
 * under the same load with `--cpu-prof` and the profile's top costs are recorded.
 *
 * Targets (issue 27): median req/s of score / median req/s of hello >= 0.5, and
 * median score p99 <= 3 x the median hello p99 of the same run, no errors. The
 * older absolute target, score p99 < 20 ms, is still checked and recorded
 * (`p99AbsoluteMet`), but does not decide `met`: a closed loop of 64
 * connections on 2 shared cores gives even the bare app a p99 above it.
 *
 * Run: `npx tsx bench/http-throughput.ts`. Writes `bench/results/http-throughput.json`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type ProfileSummary, profilesByThread, summariseProfile } from './support/cpu-profile.js';
import { machineInfo, REPO_ROOT, requireLiechtenstein, writeResult } from './support/machine.js';
import { dropBenchDatabase, freshBenchDatabase } from './support/postgres.js';
import { SERVER_MAIN, type ServerProcess, spawnServer } from './support/server-process.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';
import { median, round2 } from './support/stats.js';

const NAME = 'http-throughput';
const CONNECTIONS = 64;
const DURATION_S = 10;
const WARMUP_S = 3;
const ROUNDS = 3;
const ADDRESSES = 1_000;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 20;
/** The issue's p99 target: score p99 at most this many times the bare app's p99 in the same run. */
const TARGET_P99_OVER_BASELINE = 3;
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
}

/** Median figures of the rounds of one server, with every round kept. */
interface ServerFigures extends LoadFigures {
  rounds: LoadFigures[];
  serverPeakRssMb: number | null;
}

/** Autocannon on the score path, each request the next body of `bodies` in turn. */
async function load(url: string, bodies: readonly string[], seconds: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url: `${url}/api/franchisor/score`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
    requests: [{ setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }],
  });
}

function figuresOf(result: autocannon.Result): LoadFigures {
  return {
    requestsPerSecond: round2(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMeanMs: round2(result.latency.average),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function medianFigures(rounds: LoadFigures[], server: ServerProcess): ServerFigures {
  const of = (pick: (figures: LoadFigures) => number): number => round2(median(rounds.map(pick)));
  const sum = (pick: (figures: LoadFigures) => number): number => rounds.reduce((total, figures) => total + pick(figures), 0);
  return {
    requestsPerSecond: of((figures) => figures.requestsPerSecond),
    latencyP50Ms: of((figures) => figures.latencyP50Ms),
    latencyP99Ms: of((figures) => figures.latencyP99Ms),
    latencyMeanMs: of((figures) => figures.latencyMeanMs),
    requests: sum((figures) => figures.requests),
    non2xx: sum((figures) => figures.non2xx),
    errors: sum((figures) => figures.errors),
    timeouts: sum((figures) => figures.timeouts),
    rounds,
    serverPeakRssMb: server.peakRssMb(),
  };
}

/** Checks that every body answers 200 before loading the server (and warms its caches once). */
async function checkScores(url: string, bodies: readonly string[]): Promise<void> {
  for (const body of bodies) {
    const response = await fetch(`${url}/api/franchisor/score`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
      body,
    });
    if (response.status !== 200) throw new Error(`score answered ${response.status} for ${body}: ${await response.text()}`);
    await response.arrayBuffer();
  }
}

/** The server's main thread profile under load, and its worker threads' (the PGlite worker) when it has any. */
type LoadProfile = (ProfileSummary & { workerThreads: ProfileSummary[] }) | { error: string };

async function profileUnderLoad(env: Record<string, string>, bodies: readonly string[], dir: string): Promise<LoadProfile> {
  mkdirSync(dir, { recursive: true });
  const server = await spawnServer({ env, nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  try {
    await load(server.url, bodies, WARMUP_S + DURATION_S);
  } finally {
    await server.stop();
  }
  const files = profilesByThread(dir);
  if (files.main === null) return { error: `no main-thread .cpuprofile written in ${dir}` };
  return { ...summariseProfile(files.main), workerThreads: files.workers.map((file) => summariseProfile(file)) };
}

function verdict(score: LoadFigures, hello: LoadFigures) {
  const ratio = round2(score.requestsPerSecond / hello.requestsPerSecond);
  const p99OverBaseline = round2(score.latencyP99Ms / hello.latencyP99Ms);
  const ratioMet = ratio >= TARGET_RATIO;
  const p99Met = p99OverBaseline <= TARGET_P99_OVER_BASELINE;
  const noErrors = score.non2xx === 0 && score.errors === 0;
  return {
    ratioScoreOverHello: ratio,
    p99OverBaselineP99: p99OverBaseline,
    ratioMet,
    p99Met,
    p99AbsoluteMet: score.latencyP99Ms < TARGET_P99_MS,
    noErrors,
    met: ratioMet && p99Met && noErrors,
  };
}

async function main(): Promise<void> {
  if (!requireLiechtenstein(NAME)) return;
  const { loadRegion } = await import('../packages/engine/src/index.js');
  const { singlyMappedAddressStrings, importLiechtenstein } = await import('./support/liechtenstein.js');
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-http-'));
  const servers: ServerProcess[] = [];
  try {
    const pack = await importLiechtenstein(work);
    const addresses = singlyMappedAddressStrings(await loadRegion(pack.dir)).slice(0, ADDRESSES);
    if (addresses.length === 0) throw new Error('the pack has no address');
    const bodies = addresses.map((address) => JSON.stringify({ address, category: 'coffee' }));
    const scoreEnv = (store: Record<string, string>): Record<string, string> => ({
      LOCSCORE_REGIONS: pack.dir,
      LOCSCORE_DEMO_KEY: API_KEY,
      LOCSCORE_DEMO_PLAN: 'enterprise',
      DATABASE_URL: '',
      LOCSCORE_DATABASE_URL: '',
      ...store,
    });

    const targets: Array<{ name: 'hello' | 'pglite' | 'postgres'; server: ServerProcess }> = [];
    const helloServer = await spawnServer({ env: {}, script: join(REPO_ROOT, 'bench', 'support', 'hello-server.mjs') });
    servers.push(helloServer);
    targets.push({ name: 'hello', server: helloServer });
    const pgliteEnv = scoreEnv({ LOCSCORE_DATA_DIR: join(work, 'pglite') });
    const pgliteServer = await spawnServer({ env: pgliteEnv });
    servers.push(pgliteServer);
    await checkScores(pgliteServer.url, bodies);
    targets.push({ name: 'pglite', server: pgliteServer });
    const database = await freshBenchDatabase();
    let postgresEnv: Record<string, string> | null = null;
    if ('url' in database) {
      postgresEnv = scoreEnv({ LOCSCORE_DATABASE_URL: database.url });
      const pgServer = await spawnServer({ env: postgresEnv });
      servers.push(pgServer);
      await checkScores(pgServer.url, bodies);
      targets.push({ name: 'postgres', server: pgServer });
    } else {
      process.stderr.write(`PostgreSQL not available: ${database.unavailable}\n`);
    }

    for (const target of targets) await load(target.server.url, bodies, WARMUP_S);
    const rounds = new Map<string, LoadFigures[]>(targets.map((target) => [target.name, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const target of targets) {
        const figures = figuresOf(await load(target.server.url, bodies, DURATION_S));
        rounds.get(target.name)?.push(figures);
        process.stderr.write(`round ${round} ${target.name}: ${JSON.stringify(figures)}\n`);
      }
    }
    const figuresFor = (name: string): ServerFigures | null => {
      const target = targets.find((candidate) => candidate.name === name);
      return target ? medianFigures(rounds.get(name) ?? [], target.server) : null;
    };
    const hello = figuresFor('hello') as ServerFigures;
    const pglite = figuresFor('pglite') as ServerFigures;
    const postgres = figuresFor('postgres');
    await Promise.all(servers.splice(0).map((server) => server.stop()));

    const pgliteVerdict = verdict(pglite, hello);
    const postgresVerdict = postgres === null ? null : verdict(postgres, hello);
    const profiles: Record<string, LoadProfile> = {};
    if (!pgliteVerdict.met) {
      process.stderr.write('PGlite target missed: profiling the server under the same load...\n');
      profiles.pglite = await profileUnderLoad({ ...pgliteEnv, LOCSCORE_DATA_DIR: join(work, 'pglite-profile') }, bodies, join(work, 'prof-pglite'));
    }
    if (postgresVerdict !== null && !postgresVerdict.met && postgresEnv !== null) {
      process.stderr.write('PostgreSQL target missed: profiling the server under the same load...\n');
      profiles.postgres = await profileUnderLoad(postgresEnv, bodies, join(work, 'prof-postgres'));
    }
    if ('url' in database) await dropBenchDatabase();

    const result = {
      benchmark: NAME,
      description: `autocannon ${CONNECTIONS} connections x ${DURATION_S} s x ${ROUNDS} rounds on POST /api/franchisor/score (Enterprise key, Liechtenstein pack, ${addresses.length} distinct real addresses in turn); baseline a bare Express 5 app answering the same POSTs; medians of the rounds`,
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: {
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        warmupSeconds: WARMUP_S,
        rounds: ROUNDS,
        addresses: addresses.length,
        category: 'coffee',
        servers: `each in its own child process under plain node (${SERVER_MAIN.endsWith('.ts') ? 'the server from source under tsx: no build found' : 'the built apps/server/dist/main.js'}; the hello baseline bench/support/hello-server.mjs), all running at once, measured in turn; autocannon in the parent`,
        packImportMs: pack.importMs,
      },
      baseline: { description: 'bare Express 5 (the server\'s express), express.json() then res.json({hello:"world"}) on the same POSTs', ...hello },
      pglite: { ...pglite, ...pgliteVerdict },
      postgres:
        postgres === null
          ? { notAvailable: 'unavailable' in database ? database.unavailable : 'unknown' }
          : { server: 'server' in database ? database.server : null, ...postgres, ...postgresVerdict },
      target: {
        description: `median score req/s / median hello req/s >= ${TARGET_RATIO} and median score p99 <= ${TARGET_P99_OVER_BASELINE} x median hello p99, no errors (score p99 < ${TARGET_P99_MS} ms recorded as p99AbsoluteMet)`,
        ratio: TARGET_RATIO,
        p99OverBaselineP99: TARGET_P99_OVER_BASELINE,
        p99Ms: TARGET_P99_MS,
        // A closed loop of 64 connections has a mean latency of 64 / req/s: below
        // 20 ms takes more than 3,200 req/s, and the p99 of the bare Express app
        // itself, on the same machine in the same run, says whether it can be had.
        baselineP99Ms: hello.latencyP99Ms,
        p99AttainableHere: hello.latencyP99Ms < TARGET_P99_MS,
        met: pgliteVerdict.met && (postgresVerdict?.met ?? true),
      },
      profiles,
    };
    writeResult(NAME, result);
    process.stderr.write(
      `hello ${hello.requestsPerSecond} req/s p99 ${hello.latencyP99Ms} ms; PGlite ${pglite.requestsPerSecond} req/s p50 ${pglite.latencyP50Ms} p99 ${pglite.latencyP99Ms} ms ratio ${pgliteVerdict.ratioScoreOverHello} p99/hello ${pgliteVerdict.p99OverBaselineP99}; ` +
        `PostgreSQL ${postgres === null ? 'n/a' : `${postgres.requestsPerSecond} req/s p50 ${postgres.latencyP50Ms} p99 ${postgres.latencyP99Ms} ms ratio ${postgresVerdict?.ratioScoreOverHello} p99/hello ${postgresVerdict?.p99OverBaselineP99}`}; target met: ${result.target.met}\n`,
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(work, { recursive: true, force: true });
  }
}

if (!rerunWithSourceConditions(import.meta.url)) await main();
