import { randomUUID } from 'node:crypto';
import { HEADERS, QueuedAck, RequestStatus, SCORE_PATH, WebhookDelivery } from '@locscore/schema';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import { MIGRATIONS } from '../src/db/migrations.js';
import { startJobQueue } from '../src/services/jobs/job-queue.js';
import { openStore, type Store } from '../src/store/open-store.js';
import { fakeEngine } from './support/fake-engine.js';
import { listen } from './support/listen.js';
import { startReceiver, waitFor } from './support/receiver.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.warn('[skip] store on PostgreSQL: DATABASE_URL is not set (see .ci/run)');

/** Each run migrates a fresh schema, so runs never see each other's rows. */
describe.skipIf(!databaseUrl)('store on PostgreSQL (node-postgres)', () => {
  const schema = `lst_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  let store: Store;
  let url: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const withSchema = new URL(databaseUrl ?? '');
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    url = withSchema.toString();
    store = await openStore({ databaseUrl: url });
  });

  afterAll(async () => {
    await store?.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
    await admin.end();
  });

  it('runs the same migrations, once', async () => {
    expect(store.driver).toBe('pg');
    const again = await openStore({ databaseUrl: url });
    await again.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const versions = await client.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(versions.rows.map((row) => row.version)).toEqual(MIGRATIONS.map((migration) => migration.version));
    } finally {
      await client.end();
    }
  });

  it('reserves atomically up to the limit under concurrency and gives units back', async () => {
    const created = await store.keys.create({ plan: 'starter' });
    const key = await store.keys.authenticate(created.apiKey);
    if (!key) throw new Error('key not found');
    const period = new Date('2026-03-01T00:00:00.000Z');
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => store.usage.reserve(key.id, period)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(20);
    expect(await store.usage.used(key.id, period)).toBe(20);
    await store.usage.release(key.id, period);
    expect(await store.usage.used(key.id, period)).toBe(19);
    expect(await store.keys.revoke(created.prefix)).toBe(true);
    expect(await store.keys.authenticate(created.apiKey)).toBeNull();
  });

  it('rolls a transaction back when it throws', async () => {
    const created = await store.keys.create({ plan: 'growth' });
    const key = await store.keys.authenticate(created.apiKey);
    if (!key) throw new Error('key not found');
    const period = new Date('2026-04-01T00:00:00.000Z');
    await expect(
      store.transaction(async (tx) => {
        expect(await tx.usage.reserve(key.id, period)).toEqual({ ok: true, used: 1, limit: 100 });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await store.usage.used(key.id, period)).toBe(0);
  });

  it('runs webhook mode end to end with pg-boss on PostgreSQL', async () => {
    const engine = fakeEngine();
    const queue = await startJobQueue({ store, engine, allowPrivateWebhooks: true, bossSchema: `${schema}_boss` });
    const receiver = await startReceiver();
    const api = await listen(createServer({ store, engine, queue, allowPrivateWebhooks: true }));
    try {
      const key = await store.keys.create({ plan: 'starter' });
      const response = await fetch(api.url + SCORE_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [HEADERS.apiKey]: key.apiKey },
        body: JSON.stringify({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee', webhookUrl: `${receiver.url}/pg` }),
      });
      expect(response.status).toBe(202);
      const { requestId } = QueuedAck.parse(await response.json());
      const [entry] = await waitFor(() => (receiver.received.length > 0 ? receiver.received : undefined));
      if (!entry) throw new Error('no delivery');
      const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(entry.headers[name])]));
      expect(WebhookDelivery.parse(new Webhook(key.webhookSecret).verify(entry.body, headers)).requestId).toBe(requestId);
      const status = await waitFor(async () => {
        const answer = await fetch(`${api.url}${SCORE_PATH}/${requestId}`, { headers: { [HEADERS.apiKey]: key.apiKey } });
        const current = RequestStatus.parse(await answer.json());
        return current.delivery.deliveredAt ? current : undefined;
      });
      expect(status.status).toBe('succeeded');
    } finally {
      await api.close();
      await queue.stop();
      await receiver.close();
    }
  });
});
