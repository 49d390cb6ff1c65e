/**
 * Migration 4 on a database written by version 3, on PGlite and on
 * PostgreSQL: every existing key gets an account of its own and keeps its
 * plan, usage and requests; each existing delivery keeps its attempts under
 * an id of its own; and the store then works as usual on the old rows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../src/db/migrations.js';
import { createStore } from '../src/store/open-store.js';
import { MIGRATION_DRIVERS as drivers } from './support/migration-databases.js';

const disposals: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const dispose of disposals) await dispose();
});

describe.each(drivers)('migration 4 on $name', ({ open, skip }) => {
  it.skipIf(skip)('gives every key an account of its own and every delivery an id, keeping plans, usage, requests and attempts', async () => {
    const { db, dispose } = await open();
    disposals.push(dispose);
    expect(
      await migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 3),
      ),
    ).toEqual([1, 2, 3]);
    const keys = [
      { id: randomUUID(), hash: 'a'.repeat(64), prefix: 'lsk_named001', plan: 'growth', name: 'Risch Kaffee' },
      { id: randomUUID(), hash: 'b'.repeat(64), prefix: 'lsk_unnamed1', plan: 'starter', name: null },
    ];
    for (const key of keys) {
      await db.query("INSERT INTO api_keys (id, key_hash, prefix, plan, name, webhook_secret) VALUES ($1, $2, $3, $4, $5, 'whsec_AAAA')", [
        key.id,
        key.hash,
        key.prefix,
        key.plan,
        key.name,
      ]);
    }
    const period = new Date('2026-10-01T00:00:00Z');
    await db.query('INSERT INTO usage (key_id, period_start, used) VALUES ($1, $2, 7)', [keys[0]?.id, period]);
    const requestId = randomUUID();
    await db.query(
      `INSERT INTO requests (id, key_id, mode, status, body, webhook_url, period_start) VALUES ($1, $2, 'async', 'succeeded', $3, 'https://example.com/h', $4)`,
      [requestId, keys[0]?.id, JSON.stringify({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' }), period],
    );
    await db.query("INSERT INTO deliveries (request_id, state, attempts, last_status_code) VALUES ($1, 'delivered', 2, 200)", [requestId]);
    for (const [attempt, status] of [
      [1, 503],
      [2, 200],
    ] as const) {
      await db.query('INSERT INTO delivery_attempts (request_id, attempt, status_code, duration_ms) VALUES ($1, $2, $3, 12)', [requestId, attempt, status]);
    }

    expect(await migrate(db)).toEqual(MIGRATIONS.filter((migration) => migration.version > 3).map((migration) => migration.version));
    const store = createStore(db, { dataDir: null });
    const listed = await store.keys.list();
    expect(listed.map((key) => [key.prefix, key.plan, key.accountName])).toEqual([
      ['lsk_named001', 'growth', 'Risch Kaffee (lsk_named001)'],
      ['lsk_unnamed1', 'starter', 'lsk_unnamed1'],
    ]);
    const accounts = await store.accounts.list();
    expect(accounts).toHaveLength(2);
    expect(new Set(listed.map((key) => key.accountId)).size).toBe(2);
    for (const account of accounts) {
      expect(account.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(account.activeKeyCount).toBe(1);
    }
    expect(await store.usage.used(keys[0]?.id ?? '', period)).toBe(7);
    const [delivery] = await store.deliveries.list(requestId);
    expect(delivery).toMatchObject({ kind: 'original', state: 'delivered' });
    expect(delivery?.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 200]);
    expect(await store.deliveries.originalOf(requestId)).toBe(delivery?.deliveryId);
    // The old rows serve as new ones: a reservation under the stored plan, a redelivery beside the original.
    expect(await store.usage.reserve(keys[0]?.id ?? '', period)).toEqual({ ok: true, used: 8, limit: 100 });
    expect(await store.deliveries.create(requestId, new Date())).toBeNull();
    expect(await store.deliveries.create(requestId, new Date(), 'redelivery')).toMatch(/^[0-9a-f-]{36}$/);
    const detail = await store.requestLog.detail(requestId);
    expect(detail?.deliveries.map((entry) => entry.kind)).toEqual(['original', 'redelivery']);
    expect(detail?.accountId).toBe(listed[0]?.accountId);
  });
});
