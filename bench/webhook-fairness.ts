/**
 * Benchmark (issue 22, fair webhook delivery): what the per-host and
 * per-account limits cost a fast receiver, and what a noisy tenant costs a
 * quiet one. The server runs in this process (the real job queue, pg-boss, on
 * PGlite, and on PostgreSQL when one is reachable; the real engine on the
 * Liechtenstein pack; receivers on 127.0.0.1), with the default limits (64
 * attempts at once, 4 per host, 8 per account), in two modes measured in
 * turn in the same run:
 *
 * - `waiting room` (this build): a job whose lane is full waits in memory
 *   for a slot (64 per host, 128 per account, 512 in all, at most 5 s);
 * - `defer only` (this build with waiting limits 0): every such job goes
 *   back to pg-boss, due when a slot of its host is expected.
 *
 * The previous build (every such job put back in pg-boss for a second) is
 * measured by running this file against its sources with `MODES` set to
 * `['defer only']`; its figures are kept in the result's `previousBuild`,
 * with `vsPreviousBuild` the ratios.
 *
 * Drain: 100 requests of one account to one fast receiver are scored with
 * their first attempts an hour away, then those attempts are made due at
 * once (`start_after = now()` in pg-boss's table), a backlog as after a
 * restart; the time from then to the 100th delivery is measured (the
 * dispatcher's next look comes within its half-second poll).
 *
 * Other tenant: a noisy account sends 100 requests to a receiver that never
 * answers and 100 to one that trickles its body; once they are scored and
 * its attempts hang, a quiet account sends 20 requests one at a time, each
 * waiting for its delivery; accept → delivered latency, against the same
 * alone just before.
 *
 * Each (store, mode) is run {@link REPEATS} times, modes alternating; each
 * run has its own pg-boss schema. Medians over the runs; ratios are
 * `defer only` / `waiting room`.
 *
 * Run: `pnpm bench webhook-fairness`. Writes `bench/results/webhook-fairness.json`.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineInfo, requireLiechtenstein, writeResult } from './support/machine.js';
import { dropBenchDatabase, freshBenchDatabase } from './support/postgres.js';
import { hangingReceiver, type TimedReceiver, timedReceiver, tricklingReceiver } from './support/slow-receivers.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';
import { median, round2, summariseLatencies } from './support/stats.js';

const NAME = 'webhook-fairness';
const DATABASE = 'locscore_bench_webhook_fairness';
const REPEATS = 2;
const DRAIN_REQUESTS = 100;
/** Seconds from scoring to the first attempt while the backlog is built: none comes due before the queue stops. */
const BACKLOG_DELAY_SECONDS = 3_600;
const NOISY_REQUESTS = 100;
const QUIET_DELIVERIES = 20;
/** Where a run gives up waiting for a delivery, ms. */
const GIVE_UP_MS = 180_000;

type Mode = 'waiting room' | 'defer only';
const MODES: readonly Mode[] = ['waiting room', 'defer only'];

/** What one run needs: the store, the engine, and how to start a server with a job queue in a mode. */
interface Bench {
  store: import('../apps/server/src/store/open-store.js').Store;
  engine: import('../packages/engine/src/index.js').ScoringEngine;
  addresses: readonly string[];
}

/** A server with its job queue, listening on 127.0.0.1. */
interface Running {
  url: string;
  stop(): Promise<void>;
}

let runs = 0;

/** Notes where a run is, on stderr. */
function step(what: string): void {
  process.stderr.write(`    ${what}\n`);
}

/** A new pg-boss schema for a run, so no run sees another's jobs. */
function nextBossSchema(): string {
  runs += 1;
  return `pgboss_bench_${runs}`;
}

/** Starts the job queue (its own pg-boss schema per run) and the HTTP server over it. */
async function startRunning(bench: Bench, mode: Mode, retrySchedule: readonly number[], bossSchema: string): Promise<Running> {
  const { createServer } = await import('../apps/server/src/app.js');
  const { startJobQueue } = await import('../apps/server/src/services/jobs/job-queue.js');
  const { createLogger } = await import('../apps/server/src/infra/logger.js');
  const { DEFAULT_DELIVERY_CONCURRENCY } = await import('../apps/server/src/services/webhooks/fair-dispatch.js');
  const logger = createLogger({ level: 'silent' });
  const deliveryConcurrency =
    mode === 'waiting room' ? DEFAULT_DELIVERY_CONCURRENCY : { ...DEFAULT_DELIVERY_CONCURRENCY, waiting: { perHost: 0, perAccount: 0, total: 0 } };
  const queue = await startJobQueue({
    store: bench.store,
    engine: bench.engine,
    allowPrivateWebhooks: true,
    logger,
    retrySchedule,
    bossSchema,
    deliveryConcurrency,
  });
  const app = createServer({ store: bench.store, engine: bench.engine, queue, redeliveries: queue, allowPrivateWebhooks: true, logger });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      step('server closed');
      await queue.stop();
      step('queue stopped');
    },
  };
}

/** POSTs one webhook-mode score; its request id. */
async function score(url: string, apiKey: string, address: string, webhookUrl: string): Promise<string> {
  const response = await fetch(`${url}/api/franchisor/score`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify({ address, category: 'coffee', webhookUrl }),
  });
  const body = (await response.json()) as { requestId?: unknown };
  if (response.status !== 202 || typeof body.requestId !== 'string') throw new Error(`score answered ${response.status}: ${JSON.stringify(body)}`);
  return body.requestId;
}

/** Resolves when `done()` holds, looking every 5 ms; throws after {@link GIVE_UP_MS}. */
async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = performance.now() + GIVE_UP_MS;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** One drain run: the backlog of 100 due deliveries, then the time a queue in `mode` takes to deliver them. */
async function drainRun(bench: Bench, mode: Mode) {
  const bossSchema = nextBossSchema();
  const receiver = await timedReceiver();
  try {
    const { apiKey } = await bench.store.keys.create({ plan: 'enterprise', name: `drain ${runs}` });
    const schedule = [BACKLOG_DELAY_SECONDS, 1, 1];
    step(`drain ${mode}: backlog`);
    const running = await startRunning(bench, mode, schedule, bossSchema);
    const ids: string[] = [];
    for (let i = 0; i < DRAIN_REQUESTS; i += 1)
      ids.push(await score(running.url, apiKey, bench.addresses[i % bench.addresses.length] ?? '', `${receiver.url}/drain`));
    await until(
      async () => (await Promise.all(ids.map((id) => bench.store.requests.find(id)))).every((request) => request?.status === 'succeeded'),
      'the scores',
    );
    step('scored; due now');
    // Every first attempt due at once: the dispatcher finds a backlog at its next look, as after a restart.
    const started = performance.now();
    await bench.store.jobs.boss.executeSql(`UPDATE ${bossSchema}.job SET start_after = now() WHERE name = $1 AND state = 'created'`, ['locscore-deliver']);
    await until(() => ids.every((id) => receiver.arrivals.has(id)), 'the 100 deliveries');
    const arrivals = ids.map((id) => receiver.arrivals.get(id) ?? Number.NaN);
    await running.stop();
    return { drainMs: round2(Math.max(...arrivals) - started), firstToLastMs: round2(Math.max(...arrivals) - Math.min(...arrivals)) };
  } finally {
    await receiver.close();
  }
}

/** The quiet account's requests one at a time, each waiting for its delivery: accept → delivered, ms. */
async function quietLatencies(url: string, apiKey: string, receiver: TimedReceiver, addresses: readonly string[]): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < QUIET_DELIVERIES; i += 1) {
    const sent = performance.now();
    const id = await score(url, apiKey, addresses[i % addresses.length] ?? '', `${receiver.url}/quiet`);
    await until(() => receiver.arrivals.has(id), 'a quiet delivery');
    latencies.push((receiver.arrivals.get(id) ?? Number.NaN) - sent);
  }
  return latencies;
}

/** One other-tenant run: the quiet account alone, then while the noisy one's attempts hang. */
async function otherTenantRun(bench: Bench, mode: Mode) {
  const bossSchema = nextBossSchema();
  const [quiet, hanging, trickling] = await Promise.all([timedReceiver(), hangingReceiver(), tricklingReceiver()]);
  const running = await startRunning(bench, mode, [0, 1, 1], bossSchema);
  try {
    const quietKey = (await bench.store.keys.create({ plan: 'enterprise', name: `quiet ${runs}` })).apiKey;
    const noisyKey = (await bench.store.keys.create({ plan: 'enterprise', name: `noisy ${runs}` })).apiKey;
    const alone = await quietLatencies(running.url, quietKey, quiet, bench.addresses);
    const noisyIds: string[] = [];
    for (let i = 0; i < NOISY_REQUESTS; i += 1) {
      noisyIds.push(await score(running.url, noisyKey, bench.addresses[i % bench.addresses.length] ?? '', `${hanging.url}/hang/${i}`));
      noisyIds.push(await score(running.url, noisyKey, bench.addresses[i % bench.addresses.length] ?? '', `${trickling.url}/trickle/${i}`));
    }
    // Scored (so the quiet requests measure delivery, not a scoring backlog) and hanging.
    await until(
      async () => (await Promise.all(noisyIds.map((id) => bench.store.requests.find(id)))).every((request) => request?.status === 'succeeded'),
      'the noisy scores',
    );
    await until(() => hanging.received() > 0, 'the hanging receiver');
    const underNoise = await quietLatencies(running.url, quietKey, quiet, bench.addresses);
    return { alone, underNoise, hangingReceived: hanging.received(), tricklingReceived: trickling.received() };
  } finally {
    // Closing the noisy receivers first ends their attempts at once, so the queue stops without waiting out a time-out.
    await Promise.all([hanging.close(), trickling.close()]);
    await running.stop();
    await quiet.close();
  }
}

/** Every run of one store, modes alternating; per mode: drain times and quiet latencies. */
async function measureStore(bench: Bench, label: string) {
  const drains: Record<Mode, number[]> = { 'waiting room': [], 'defer only': [] };
  const alone: Record<Mode, number[]> = { 'waiting room': [], 'defer only': [] };
  const underNoise: Record<Mode, number[]> = { 'waiting room': [], 'defer only': [] };
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    for (const mode of repeat % 2 === 0 ? MODES : [...MODES].reverse()) {
      const drain = await drainRun(bench, mode);
      drains[mode].push(drain.drainMs);
      const other = await otherTenantRun(bench, mode);
      alone[mode].push(...other.alone);
      underNoise[mode].push(...other.underNoise);
      process.stderr.write(
        `  ${label} ${mode} #${repeat + 1}: drain ${drain.drainMs} ms (first→last ${drain.firstToLastMs} ms); quiet p99 alone ${summariseLatencies(other.alone).p99} ms, under noise ${summariseLatencies(other.underNoise).p99} ms (hanging received ${other.hangingReceived})\n`,
      );
    }
  }
  const perMode = (mode: Mode) => ({
    drainMs: { runs: drains[mode], median: round2(median(drains[mode])) },
    quietDeliveredMs: { alone: summariseLatencies(alone[mode]), underNoisyTenant: summariseLatencies(underNoise[mode]) },
  });
  const [room, deferOnly] = [perMode('waiting room'), perMode('defer only')];
  return {
    'waiting room': room,
    'defer only': deferOnly,
    ratios: {
      description: 'defer only / waiting room',
      drainMedian: round2(deferOnly.drainMs.median / room.drainMs.median),
      quietUnderNoiseP99: round2(deferOnly.quietDeliveredMs.underNoisyTenant.p99 / room.quietDeliveredMs.underNoisyTenant.p99),
    },
  };
}

/** Scorable Liechtenstein addresses and an engine over the pack. */
async function engineAndAddresses(work: string) {
  const { createEngine, loadRegion, AddressNotFoundError } = await import('../packages/engine/src/index.js');
  const { addressStrings, importLiechtenstein } = await import('./support/liechtenstein.js');
  const pack = await importLiechtenstein(work);
  const region = await loadRegion(pack.dir);
  const engine = createEngine({ regions: [region] });
  const addresses: string[] = [];
  for (const address of addressStrings(region)) {
    if (addresses.length >= 100) break;
    try {
      await engine.score({ address, category: 'coffee' });
      addresses.push(address);
    } catch (error) {
      if (!(error instanceof AddressNotFoundError)) throw error;
    }
  }
  return { engine, addresses };
}

async function main(): Promise<void> {
  if (!requireLiechtenstein(NAME)) return;
  const { openStore } = await import('../apps/server/src/store/open-store.js');
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-webhook-fairness-'));
  try {
    step('pack and engine');
    const { engine, addresses } = await engineAndAddresses(work);
    const stores: Record<string, unknown> = {};
    process.stderr.write('PGlite...\n');
    const pglite = await openStore({ dataDir: join(work, 'pglite') });
    try {
      stores.pglite = await measureStore({ store: pglite, engine, addresses }, 'PGlite');
    } finally {
      await pglite.close();
    }
    const database = await freshBenchDatabase(DATABASE);
    if ('unavailable' in database) stores.postgresql = { skipped: database.unavailable };
    else {
      process.stderr.write(`PostgreSQL (${database.server})...\n`);
      const postgres = await openStore({ databaseUrl: database.url });
      try {
        stores.postgresql = await measureStore({ store: postgres, engine, addresses }, 'PostgreSQL');
      } finally {
        await postgres.close();
        await dropBenchDatabase(DATABASE);
      }
    }
    const result = {
      name: NAME,
      description:
        'fair webhook delivery: drain of 100 due deliveries of one account to one fast receiver, and a quiet tenant’s accept→delivered latency while a noisy one has 100 hanging and 100 trickling requests; this build (waiting room) against the previous path (defer only), same run',
      measuredAt: new Date().toISOString(),
      machine: machineInfo(),
      parameters: {
        repeats: REPEATS,
        drainRequests: DRAIN_REQUESTS,
        noisyRequests: { hanging: NOISY_REQUESTS, trickling: NOISY_REQUESTS },
        quietDeliveries: QUIET_DELIVERIES,
        limits: '64 attempts at once, 4 per host, 8 per account; waiting room 64 per host, 128 per account, 512 in all, at most 5 s',
        attemptTimeoutMs: 10_000,
      },
      stores,
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    process.stderr.write(`wrote ${writeResult(NAME, result)}\n`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!rerunWithSourceConditions(import.meta.url)) await main();
