import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScoringEngine } from '@locscore/engine';
import { loadRegion } from '@locscore/engine';
import { buildSampleRegion } from '@locscore/engine/sample';
import { ErrorBody, HEADERS, QueuedAck, RequestStatus, SCORE_PATH, ScoreResult, USAGE_PATH, Usage } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobQueue } from '../src/services/jobs/job-queue.js';
import { openStore, type Store } from '../src/store/open-store.js';
import { type Receiver, startReceiver, waitFor } from './support/receiver.js';
import { createScratchDatabase, type ScratchDatabase, type ServerProcess, startServerProcess } from './support/server-process.js';

/**
 * Two server processes behind no load balancer but one PostgreSQL database
 * (sharing nothing else): the quota holds across both, and each webhook
 * delivery attempt is made by exactly one of them.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.warn('[skip] scale-out on PostgreSQL: DATABASE_URL is not set (see .ci/run)');

describe.skipIf(!databaseUrl)('two instances on one PostgreSQL', () => {
  let workDir: string;
  let database: ScratchDatabase;
  let store: Store;
  let instances: ServerProcess[] = [];
  let receiver: Receiver;
  let addresses: string[];

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'locscore-scale-out-'));
    const packDir = join(workDir, 'pack');
    await buildSampleRegion(packDir);
    const region = await loadRegion(packDir);
    addresses = region.addresses
      .filter((point) => /^\d+$/.test(point.housenumber) && point.street !== '')
      .slice(0, 10)
      .map((point) => [`${point.housenumber} ${point.street}`, point.city].filter(Boolean).join(', '));
    if (addresses.length === 0) throw new Error('the sample region has no address point');
    database = await createScratchDatabase(databaseUrl ?? '');
    receiver = await startReceiver();
    const env = {
      LOCSCORE_DATABASE_URL: database.url,
      LOCSCORE_REGIONS: packDir,
      LOCSCORE_ALLOW_PRIVATE_WEBHOOKS: '1',
      LOCSCORE_WEBHOOK_RETRY_SCHEDULE: '0,1',
    };
    // Started together: both migrate the same empty database at once.
    const started = Date.now();
    instances = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    console.info(`[scale-out] two instances up in ${Date.now() - started} ms`);
    store = await openStore({ databaseUrl: database.url });
  });

  afterAll(async () => {
    const codes = await Promise.all(instances.map((instance) => instance.stop()));
    await store?.close();
    await receiver?.close();
    await database?.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
    expect(codes).toEqual(instances.map(() => 0));
  });

  function instanceUrl(index: number): string {
    const instance = instances[index % instances.length];
    if (!instance) throw new Error('no instance');
    return instance.url;
  }

  it('200 concurrent requests on one Starter key, split across both: 20 results, 180 × 429 quota_exceeded', async () => {
    const key = await store.keys.create({ plan: 'starter', name: 'scale-out' });
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 200 }, async (_, index) => {
        const response = await fetch(instanceUrl(index) + SCORE_PATH, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [HEADERS.apiKey]: key.apiKey },
          body: JSON.stringify({ address: addresses[index % addresses.length], category: 'coffee' }),
        });
        return { index, status: response.status, body: (await response.json()) as unknown };
      }),
    );
    const elapsed = Date.now() - started;
    const ok = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 429);
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(180);
    for (const response of ok) ScoreResult.parse(response.body);
    for (const response of refused) expect(ErrorBody.parse(response.body).error.code).toBe('quota_exceeded');
    // Both instances scored and refused some.
    for (const parity of [0, 1]) {
      expect(ok.filter((response) => response.index % 2 === parity).length + refused.filter((response) => response.index % 2 === parity).length).toBe(100);
    }
    for (let index = 0; index < instances.length; index += 1) {
      const usage = Usage.parse(await (await fetch(instanceUrl(index) + USAGE_PATH, { headers: { [HEADERS.apiKey]: key.apiKey } })).json());
      expect(usage).toMatchObject({ used: 20, remaining: 0, limit: 20 });
    }
    console.info(
      `[scale-out] 200 concurrent requests in ${elapsed} ms: 200 OK by instance ${[0, 1].map((p) => ok.filter((r) => r.index % 2 === p).length).join('/')}`,
    );
  });

  it('each webhook attempt is made once, by one instance; attempt counts match what the receiver saw', async () => {
    const key = await store.keys.create({ plan: 'enterprise', name: 'scale-out-webhooks' });
    const count = 50;
    for (let index = 0; index < count; index += 1) receiver.script(`/hook/${index}`, [500, 200]);
    const started = Date.now();
    const ids = await Promise.all(
      Array.from({ length: count }, async (_, index) => {
        const response = await fetch(instanceUrl(index) + SCORE_PATH, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [HEADERS.apiKey]: key.apiKey },
          body: JSON.stringify({
            address: addresses[index % addresses.length],
            category: 'gym-fitness',
            webhookUrl: `${receiver.url}/hook/${index}`,
          }),
        });
        expect(response.status).toBe(202);
        return QueuedAck.parse(await response.json()).requestId;
      }),
    );
    const hooks = () => receiver.received.filter((entry) => entry.path.startsWith('/hook/'));
    // Every request answered 500 once, then 200.
    await waitFor(() => (hooks().length >= 2 * count ? true : undefined), 120_000);
    const elapsed = Date.now() - started;
    // Let any duplicate that would follow arrive.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const posts = hooks();
    expect(posts).toHaveLength(2 * count);
    const pairs = posts.map((entry) => `${String(entry.headers['webhook-id'])}#${String(entry.headers['x-locscore-attempt'])}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    const senders = new Map<string, number>();
    for (const entry of posts) {
      const sender = String(entry.headers['x-locscore-instance']);
      senders.set(sender, (senders.get(sender) ?? 0) + 1);
    }
    // Two senders (one per process), and both took a share of the work.
    expect(senders.size).toBe(2);
    for (const sender of senders.keys()) expect(sender).toMatch(/^[0-9a-f]{12}$/);
    for (const [index, id] of ids.entries()) {
      const seen = posts.filter((entry) => entry.headers['webhook-id'] === id);
      expect(seen.map((entry) => entry.headers['x-locscore-attempt'])).toEqual(['1', '2']);
      expect(seen.every((entry) => entry.path === `/hook/${index}`)).toBe(true);
      const answer = await fetch(`${instanceUrl(index + 1)}${SCORE_PATH}/${id}`, { headers: { [HEADERS.apiKey]: key.apiKey } });
      const status = RequestStatus.parse(await answer.json());
      expect(status.status).toBe('succeeded');
      expect(status.delivery).toMatchObject({ attempts: seen.length, lastStatusCode: 200, nextAttemptAt: null });
      expect(status.delivery.deliveredAt).not.toBeNull();
    }
    console.info(
      `[scale-out] ${count} webhook requests, ${posts.length} attempts in ${elapsed} ms; attempts by instance: ${JSON.stringify(Object.fromEntries(senders))}`,
    );
  });
});

describe.skipIf(!databaseUrl)('instances starting together on an empty PostgreSQL', () => {
  it('all migrate and install the job queue (no catalog race, no deadlock)', async () => {
    const engine: ScoringEngine = { regions: [], score: () => Promise.reject(new Error('not used')) };
    for (let round = 0; round < 2; round += 1) {
      const database = await createScratchDatabase(databaseUrl ?? '');
      const stores: Store[] = [];
      try {
        const started = await Promise.allSettled(
          Array.from({ length: 4 }, async () => {
            const store = await openStore({ databaseUrl: database.url });
            stores.push(store);
            return startJobQueue({ store, engine });
          }),
        );
        const failures = started.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
        expect(failures).toEqual([]);
        await Promise.all(started.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.stop() : undefined)));
      } finally {
        await Promise.all(stores.map((store) => store.close()));
        await database.drop();
      }
    }
  });
});
