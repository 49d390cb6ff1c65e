/**
 * Benchmark (issue 22, multi-tenant safety): what one tenant can cost the
 * others. The reference server runs in a child process (PGlite, the
 * Liechtenstein pack, `LOCSCORE_ALLOW_PRIVATE_WEBHOOKS=1`), tenants are
 * accounts made through the admin API.
 *
 * - Unit network: an Enterprise account imports the largest unit network its
 *   plan allows (`UNIT_NETWORK_BUDGETS.enterprise`: 10,000 units, 1,000,000
 *   territory vertices, 100-vertex polygons) through the API; the server's
 *   peak RSS before and after, the first score of that account (the network
 *   built), then the score latency of that account against an account with
 *   no units, interleaved on the same addresses (the baseline of the same
 *   run), and the first score after one more unit is written (the network
 *   brought up to date).
 * - Webhook fairness: a quiet tenant's accept → delivered latency alone
 *   (baseline), then while a noisy tenant has 100 requests to a receiver that
 *   never answers and 100 to one that trickles its body a byte at a time.
 *
 * Run: `pnpm bench tenant-isolation`. Writes `bench/results/tenant-isolation.json`.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineInfo, requireLiechtenstein, writeResult } from './support/machine.js';
import { type ServerProcess, spawnServer } from './support/server-process.js';
import { hangingReceiver, type TimedReceiver, timedReceiver, tricklingReceiver } from './support/slow-receivers.js';
import { rerunWithSourceConditions } from './support/source-conditions.js';
import { round2, summariseLatencies } from './support/stats.js';
import { unitRows } from './support/unit-network-rows.js';

const NAME = 'tenant-isolation';
const ADMIN_TOKEN = 'bench-tenant-isolation-admin-token-0123456789';
const SCORES = 300;
const NOISY_REQUESTS = 100;
const QUIET_DELIVERIES = 40;
/** What the issue asks: another tenant's deliveries delayed by no more than a second. */
const TARGET = { quietDeliveredP99Ms: 1_000 };

/** One call to the server: its status, body and time. */
async function request(server: ServerProcess, method: string, path: string, init: { apiKey?: string; body?: unknown } = {}) {
  const started = performance.now();
  const response = await fetch(server.url + path, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(init.apiKey === undefined ? { authorization: `Bearer ${ADMIN_TOKEN}` } : { 'x-api-key': init.apiKey }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: response.status, body, ms: performance.now() - started };
}

/** A new account with one key on `plan`; its API key. */
async function tenant(server: ServerProcess, name: string, plan: string): Promise<string> {
  const account = await request(server, 'POST', '/api/admin/accounts', { body: { name } });
  const key = await request(server, 'POST', '/api/admin/keys', { body: { account: account.body?.id, plan, name } });
  if (key.status !== 201) throw new Error(`could not create the key of ${name}: ${key.status}`);
  return String(key.body?.apiKey);
}

/** Imports the largest unit network of the Enterprise plan; the seconds it took. */
async function importLargestNetwork(server: ServerProcess, apiKey: string, bbox: readonly number[]): Promise<number> {
  const { UNIT_NETWORK_BUDGETS, MAX_UNITS_PER_IMPORT } = await import('../packages/schema/src/index.js');
  const budget = UNIT_NETWORK_BUDGETS.enterprise;
  const rows = unitRows(budget.units, Math.floor(budget.vertices / budget.units), bbox, 'coffee');
  const started = performance.now();
  for (let first = 0; first < rows.length; first += MAX_UNITS_PER_IMPORT) {
    const answer = await request(server, 'POST', '/api/franchisor/units/import', { apiKey, body: { units: rows.slice(first, first + MAX_UNITS_PER_IMPORT) } });
    if (answer.status !== 200 || answer.body?.failed !== 0)
      throw new Error(`import at row ${first} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    process.stderr.write(`  units ${first + MAX_UNITS_PER_IMPORT} imported\n`);
  }
  return (performance.now() - started) / 1000;
}

/** Scores the addresses alternately as the two keys: each key's latencies, ms. */
async function interleavedScores(server: ServerProcess, keys: readonly [string, string], addresses: readonly string[]): Promise<[number[], number[]]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < SCORES; i += 1) {
    for (const [k, apiKey] of keys.entries()) {
      const answer = await request(server, 'POST', '/api/franchisor/score', { apiKey, body: { address: addresses[i % addresses.length], category: 'coffee' } });
      if (answer.status !== 200) throw new Error(`score answered ${answer.status}`);
      times[k as 0 | 1].push(answer.ms);
    }
  }
  return times;
}

/** Sends the quiet tenant's webhook requests one at a time; accept → delivered latency of each, ms. */
async function quietDeliveries(server: ServerProcess, apiKey: string, receiver: TimedReceiver, addresses: readonly string[]): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < QUIET_DELIVERIES; i += 1) {
    const sent = performance.now();
    const answer = await request(server, 'POST', '/api/franchisor/score', {
      apiKey,
      body: { address: addresses[i % addresses.length], category: 'coffee', webhookUrl: `${receiver.url}/quiet` },
    });
    const id = String(answer.body?.requestId);
    const deadline = sent + 60_000;
    while (!receiver.arrivals.has(id) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    latencies.push((receiver.arrivals.get(id) ?? deadline) - sent);
  }
  return latencies;
}

/** Scorable addresses of the pack. */
async function scorableAddresses(packDir: string): Promise<string[]> {
  const { createEngine, loadRegion, AddressNotFoundError } = await import('../packages/engine/src/index.js');
  const { addressStrings } = await import('./support/liechtenstein.js');
  const region = await loadRegion(packDir);
  const engine = createEngine({ regions: [region] });
  const found: string[] = [];
  for (const address of addressStrings(region)) {
    if (found.length >= 100) break;
    try {
      await engine.score({ address, category: 'coffee' });
      found.push(address);
    } catch (error) {
      if (!(error instanceof AddressNotFoundError)) throw error;
    }
  }
  return found;
}

async function unitNetworkPhase(server: ServerProcess, addresses: readonly string[], bbox: readonly number[]) {
  const baselineKey = await tenant(server, 'No Units AG', 'enterprise');
  const largestKey = await tenant(server, 'Largest Network AG', 'enterprise');
  const rssBeforeMb = server.peakRssMb();
  const importSeconds = await importLargestNetwork(server, largestKey, bbox);
  const first = await request(server, 'POST', '/api/franchisor/score', { apiKey: largestKey, body: { address: addresses[0], category: 'coffee' } });
  const [baseline, largest] = await interleavedScores(server, [baselineKey, largestKey], addresses);
  const [extra] = unitRows(1, 100, bbox, 'coffee');
  await request(server, 'POST', '/api/franchisor/units', {
    apiKey: largestKey,
    body: { ...extra, name: 'One more', coordinates: { lat: (extra?.coordinates.lat ?? 0) + 1e-4, lng: extra?.coordinates.lng ?? 0 } },
  });
  const afterWrite = await request(server, 'POST', '/api/franchisor/score', { apiKey: largestKey, body: { address: addresses[1], category: 'coffee' } });
  const [noUnits, withUnits] = [summariseLatencies(baseline), summariseLatencies(largest)];
  return {
    network: { units: 10_000, vertices: 1_000_000, importSeconds: round2(importSeconds) },
    peakRssMb: { before: rssBeforeMb, afterScores: server.peakRssMb() },
    firstScoreMs: round2(first.ms),
    scoreAfterOneWriteMs: round2(afterWrite.ms),
    scoreMs: { noUnits, largestNetwork: withUnits, p99Ratio: round2(withUnits.p99 / noUnits.p99), p50Ratio: round2(withUnits.p50 / noUnits.p50) },
  };
}

async function deliveryPhase(server: ServerProcess, addresses: readonly string[]) {
  const quietKey = await tenant(server, 'Quiet Tenant AG', 'enterprise');
  const noisyKey = await tenant(server, 'Noisy Tenant AG', 'enterprise');
  const [quiet, hanging, trickling] = await Promise.all([timedReceiver(), hangingReceiver(), tricklingReceiver()]);
  try {
    const alone = await quietDeliveries(server, quietKey, quiet, addresses);
    for (const [target, path] of [
      [hanging, 'hang'],
      [trickling, 'trickle'],
    ] as const) {
      for (let i = 0; i < NOISY_REQUESTS; i += 1) {
        const webhookUrl = `${target.url}/${path}/${i}`;
        await request(server, 'POST', '/api/franchisor/score', {
          apiKey: noisyKey,
          body: { address: addresses[i % addresses.length], category: 'coffee', webhookUrl },
        });
      }
    }
    const underLoad = await quietDeliveries(server, quietKey, quiet, addresses);
    return {
      noisy: {
        hangingRequests: NOISY_REQUESTS,
        tricklingRequests: NOISY_REQUESTS,
        hangingReceived: hanging.received(),
        tricklingReceived: trickling.received(),
      },
      quietDeliveredMs: { alone: summariseLatencies(alone), underNoisyTenant: summariseLatencies(underLoad) },
    };
  } finally {
    await Promise.all([quiet.close(), hanging.close(), trickling.close()]);
  }
}

async function main(): Promise<void> {
  if (!requireLiechtenstein(NAME)) return;
  const work = mkdtempSync(join(tmpdir(), 'locscore-bench-tenants-'));
  let server: ServerProcess | null = null;
  try {
    const { importLiechtenstein } = await import('./support/liechtenstein.js');
    const { loadRegion } = await import('../packages/engine/src/index.js');
    const pack = await importLiechtenstein(work);
    const [minLng = 0, minLat = 0, maxLng = 0, maxLat = 0] = (await loadRegion(pack.dir)).manifest.bbox;
    const inner = [minLng + (maxLng - minLng) * 0.3, minLat + (maxLat - minLat) * 0.3, maxLng - (maxLng - minLng) * 0.3, maxLat - (maxLat - minLat) * 0.3];
    const addresses = await scorableAddresses(pack.dir);
    server = await spawnServer({
      env: {
        LOCSCORE_REGIONS: pack.dir,
        LOCSCORE_ADMIN_TOKEN: ADMIN_TOKEN,
        LOCSCORE_ALLOW_PRIVATE_WEBHOOKS: '1',
        LOCSCORE_DATA_DIR: join(work, 'pglite'),
        DATABASE_URL: '',
        LOCSCORE_DATABASE_URL: '',
      },
      startTimeoutMs: 300_000,
    });
    process.stderr.write('unit network phase...\n');
    const unitNetwork = await unitNetworkPhase(server, addresses, inner);
    process.stderr.write('delivery phase...\n');
    const delivery = await deliveryPhase(server, addresses);
    const met = delivery.quietDeliveredMs.underNoisyTenant.p99 < TARGET.quietDeliveredP99Ms;
    const result = { name: NAME, machine: machineInfo(), store: 'pglite', target: TARGET, met, unitNetwork, delivery };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    process.stderr.write(`wrote ${writeResult(NAME, result)}\n`);
  } finally {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (!rerunWithSourceConditions(import.meta.url)) await main();
