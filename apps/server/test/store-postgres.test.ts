import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openStore, type Store } from '../src/index.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.warn('[skip] store on PostgreSQL: DATABASE_URL is not set (see .ci/run)');

/** Each run migrates a fresh schema, so runs never see each other's rows. */
describe.skipIf(!databaseUrl)('store on PostgreSQL (node-postgres)', () => {
  const schema = `locscore_test_${randomUUID().replaceAll('-', '')}`;
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
    await admin.end();
  });

  it('runs the same migrations, once', async () => {
    expect(store.driver).toBe('pg');
    const again = await openStore({ databaseUrl: url });
    const versions = await again.db.query<{ version: number }>('SELECT version FROM schema_migrations');
    expect(versions.rows.map((row) => row.version)).toEqual([1]);
    await again.close();
  });

  it('reserves atomically up to the limit under concurrency and gives units back', async () => {
    const created = await store.keys.create({ plan: 'starter' });
    const key = await store.keys.authenticate(created.apiKey);
    if (!key) throw new Error('key not found');
    const period = new Date('2026-03-01T00:00:00.000Z');
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => store.usage.reserve(key.id, period, 20)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(20);
    expect(await store.usage.used(key.id, period)).toBe(20);
    await store.usage.release(key.id, period);
    expect(await store.usage.used(key.id, period)).toBe(19);
    expect(await store.keys.revoke(created.prefix)).toBe(true);
    expect(await store.keys.authenticate(created.apiKey)).toBeNull();
  });

  it('rolls a transaction back when it throws', async () => {
    const created = await store.keys.create({ plan: 'growth' });
    await expect(
      store.db.transaction(async (tx) => {
        await tx.query('UPDATE api_keys SET plan = $2 WHERE prefix = $1', [created.prefix, 'enterprise']);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await store.keys.list()).find((key) => key.prefix === created.prefix)?.plan).toBe('growth');
  });
});
