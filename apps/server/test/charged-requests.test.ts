import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosableDb } from '../src/db/db.js';
import { migrate } from '../src/db/migrations.js';
import { openPgDb } from '../src/db/pg-db.js';
import { openPgliteDb } from '../src/db/pglite-db.js';
import { createChargedRequestRepository, type ScoredRequest } from '../src/store/charged-requests.js';
import { createKeyRepository } from '../src/store/keys.js';
import { createUsageRepository } from '../src/store/usage.js';
import { countingDb } from './support/counting-db.js';
import { templatePgdata } from './support/store-template.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.warn('[skip] charged requests on PostgreSQL: DATABASE_URL is not set (see .ci/run)');

/** A migrated database of one driver, and how to throw it away. */
interface Fixture {
  db: ClosableDb;
  dispose(): Promise<void>;
}

async function pgliteFixture(): Promise<Fixture> {
  const dir = await mkdtemp(join(tmpdir(), 'locscore-charged-'));
  const db = await openPgliteDb(await templatePgdata(join(dir, 'pgdata')));
  return {
    db,
    async dispose() {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh schema on the PostgreSQL server of `DATABASE_URL`. */
async function postgresFixture(): Promise<Fixture> {
  const schema = `lsc_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl ?? '');
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openPgDb(url.toString());
  return {
    db,
    async dispose() {
      await db.close();
      await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
}

const drivers = [
  { name: 'PGlite', open: pgliteFixture, skip: false },
  { name: 'PostgreSQL', open: postgresFixture, skip: !databaseUrl },
];

describe.each(drivers)('charged requests on $name', ({ open, skip }) => {
  let fixture: Fixture;
  let keyId: string;
  let otherKeyId: string;
  const body = { address: 'Städtle 38, 9490 Vaduz', category: 'coffee' } as const;

  function scored(key: string, periodStart: Date, score = 7.5): ScoredRequest {
    return { id: randomUUID(), keyId: key, body, resultJson: JSON.stringify({ score, passed: score >= 7 }), periodStart };
  }

  async function rowsOf(ids: readonly string[]): Promise<Array<{ id: string; status: string; mode: string; result: unknown; period_start: unknown }>> {
    const result = await fixture.db.query<{ id: string; status: string; mode: string; result: unknown; period_start: unknown }>(
      'SELECT id, status, mode, result, period_start FROM requests WHERE id = ANY($1::text[])',
      [ids],
    );
    return result.rows;
  }

  beforeAll(async () => {
    if (skip) return;
    fixture = await open();
    await migrate(fixture.db);
    const keys = createKeyRepository(fixture.db);
    const key = await keys.authenticate((await keys.create({ plan: 'starter' })).apiKey);
    const other = await keys.authenticate((await keys.create({ plan: 'enterprise' })).apiKey);
    if (!key || !other) throw new Error('key not found');
    keyId = key.id;
    otherKeyId = other.id;
  });

  afterAll(async () => {
    await fixture?.dispose();
  });

  it.skipIf(skip)('charges and records a burst in one statement, never past the limit, in call order', async () => {
    const db = countingDb(fixture.db);
    const charged = createChargedRequestRepository(db, { coalesce: true });
    const period = new Date('2026-03-01T00:00:00.000Z');
    const requests = Array.from({ length: 30 }, (_, i) => scored(keyId, period, i / 10));
    const outcomes = await Promise.all(requests.map((request) => charged.record(request)));
    expect(db.statements).toBe(1);
    expect(outcomes.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => ({ ok: true, used: i + 1, limit: 20 })));
    expect(outcomes.slice(20)).toEqual(Array.from({ length: 10 }, () => ({ ok: false, used: 20, limit: 20 })));
    expect(await createUsageRepository(fixture.db).used(keyId, period)).toBe(20);
    // Exactly the granted requests have a row, with their own result.
    const rows = await rowsOf(requests.map((request) => request.id));
    expect(rows.map((row) => row.id).sort()).toEqual(
      requests
        .slice(0, 20)
        .map((request) => request.id)
        .sort(),
    );
    for (const row of rows) {
      const request = requests.find((candidate) => candidate.id === row.id);
      expect(row).toMatchObject({ status: 'succeeded', mode: 'sync', result: JSON.parse(request?.resultJson ?? 'null') });
      expect(new Date(row.period_start as Date | string).getTime()).toBe(period.getTime());
    }
  });

  it.skipIf(skip)('counts each key and period of a batch on its own; unlimited keys always pass', async () => {
    const charged = createChargedRequestRepository(fixture.db, { coalesce: true });
    const april = new Date('2026-04-01T00:00:00.000Z');
    const may = new Date('2026-05-01T00:00:00.000Z');
    // The Starter key (20 a month) has one unit left in each month.
    const usage = createUsageRepository(fixture.db);
    for (let i = 0; i < 19; i += 1) {
      await usage.reserve(keyId, april);
      await usage.reserve(keyId, may);
    }
    const requests = [scored(keyId, april), scored(otherKeyId, april), scored(keyId, may), scored(keyId, april), scored(otherKeyId, april), scored(keyId, may)];
    const outcomes = await Promise.all(requests.map((request) => charged.record(request)));
    expect(outcomes).toEqual([
      { ok: true, used: 20, limit: 20 },
      { ok: true, used: 1, limit: null },
      { ok: true, used: 20, limit: 20 },
      { ok: false, used: 20, limit: 20 },
      { ok: true, used: 2, limit: null },
      { ok: false, used: 20, limit: 20 },
    ]);
    const recorded = new Set((await rowsOf(requests.map((request) => request.id))).map((row) => row.id));
    expect(requests.map((request) => recorded.has(request.id))).toEqual(outcomes.map((outcome) => outcome.ok));
  });

  it.skipIf(skip)('counts nothing when the statement fails (the unit and the row commit together)', async () => {
    const charged = createChargedRequestRepository(fixture.db);
    const period = new Date('2026-06-01T00:00:00.000Z');
    const first = scored(keyId, period);
    expect(await charged.record(first)).toEqual({ ok: true, used: 1, limit: 20 });
    // The same request id again violates the primary key: the reservation rolls back with the insert.
    await expect(charged.record({ ...first })).rejects.toThrow();
    expect(await createUsageRepository(fixture.db).used(keyId, period)).toBe(1);
    expect(await charged.record(scored(keyId, period))).toEqual({ ok: true, used: 2, limit: 20 });
  });
});
