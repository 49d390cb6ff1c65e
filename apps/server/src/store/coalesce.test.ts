import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosableDb, Db } from './db.js';
import { createIdempotencyRepository } from './idempotency.js';
import { createKeyRepository } from './keys.js';
import { migrate } from './migrations.js';
import { openPgliteDb } from './pglite-db.js';
import { createRequestRepository } from './requests.js';
import { createUsageRepository } from './usage.js';

/** A Db that counts the statements sent through it. */
function counting(db: Db): Db & { statements: number } {
  const counted = {
    statements: 0,
    query: <R>(sql: string, params?: readonly unknown[]) => {
      counted.statements += 1;
      return db.query<R>(sql, params);
    },
    exec: (sql: string) => db.exec(sql),
    transaction: <T>(fn: (tx: Db) => Promise<T>) => db.transaction(fn),
  };
  return counted;
}

let dir: string;
let pglite: ClosableDb;
let keyId: string;
const period = new Date('2026-03-01T00:00:00.000Z');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'locscore-coalesce-'));
  pglite = await openPgliteDb(join(dir, 'pgdata'));
  await migrate(pglite);
  const keys = createKeyRepository(pglite);
  const key = await keys.authenticate((await keys.create({ plan: 'starter' })).apiKey);
  if (!key) throw new Error('key not found');
  keyId = key.id;
});

afterAll(async () => {
  await pglite?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('group commit (coalesce)', () => {
  it('merges concurrent reservations into one statement and still never exceeds the limit', async () => {
    const db = counting(pglite);
    const usage = createUsageRepository(db, { coalesce: true });
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => usage.reserve(keyId, period, 20)));
    expect(db.statements).toBe(1);
    const granted = outcomes.filter((outcome) => outcome.ok);
    expect(granted).toHaveLength(20);
    // Each granted unit saw its own count, 1 to 20, in call order.
    expect(outcomes.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => ({ ok: true, used: i + 1 })));
    expect(outcomes.slice(20)).toEqual(Array.from({ length: 10 }, () => ({ ok: false, used: 20 })));
    expect(await usage.used(keyId, period)).toBe(20);
  });

  it('gives a single call the same answer as a batch (no coalescing, zero limit, unlimited)', async () => {
    const usage = createUsageRepository(pglite);
    const other = new Date('2026-04-01T00:00:00.000Z');
    expect(await usage.reserve(keyId, other, 0)).toEqual({ ok: false, used: 0 });
    expect(await usage.reserve(keyId, other, null)).toEqual({ ok: true, used: 1 });
    expect(await usage.reserve(keyId, other, 1)).toEqual({ ok: false, used: 1 });
  });

  it('claims one idempotency key once when the same key arrives twice in a batch', async () => {
    const db = counting(pglite);
    const idempotency = createIdempotencyRepository(db, { coalesce: true });
    const now = new Date('2026-03-02T00:00:00.000Z');
    const claims = await Promise.all([
      idempotency.claim(keyId, 'same', 'hash-a', 'req-a', now),
      idempotency.claim(keyId, 'same', 'hash-a', 'req-b', now),
      idempotency.claim(keyId, 'same', 'hash-b', 'req-c', now),
      idempotency.claim(keyId, 'other', 'hash-a', 'req-d', now),
    ]);
    expect(db.statements).toBe(1);
    expect(claims).toEqual([
      { kind: 'new' },
      { kind: 'conflict', reason: 'in_progress' },
      { kind: 'conflict', reason: 'different_body' },
      { kind: 'new' },
    ]);
  });

  it('replays a 200 stored without its body from the request row, and a 202 as the queued acknowledgement', async () => {
    const requests = createRequestRepository(pglite, { coalesce: true });
    const idempotency = createIdempotencyRepository(pglite, { coalesce: true });
    const now = new Date('2026-03-03T00:00:00.000Z');
    const result = { score: 7.5, meta: { requestId: 'sync-1' } };
    expect(await idempotency.claim(keyId, 'sync', 'h', 'sync-1', now)).toEqual({ kind: 'new' });
    expect(await idempotency.claim(keyId, 'async', 'h', 'async-1', now)).toEqual({ kind: 'new' });
    await Promise.all([
      requests.insert({ id: 'sync-1', keyId, mode: 'sync', status: 'succeeded', body: { address: 'a b c', category: 'coffee' }, result: result as never }),
      idempotency.finish(keyId, 'sync', 200),
      idempotency.finish(keyId, 'async', 202),
    ]);
    expect(await idempotency.claim(keyId, 'sync', 'h', 'sync-2', now)).toEqual({ kind: 'replay', status: 200, body: result });
    expect(await idempotency.claim(keyId, 'async', 'h', 'async-2', now)).toEqual({
      kind: 'replay',
      status: 202,
      body: { queued: true, requestId: 'async-1' },
    });
    const stored = await requests.find('sync-1');
    expect(stored).toMatchObject({ status: 'succeeded', mode: 'sync', result, completedAt: expect.any(String) });
  });

  it('fails every call of a batch whose statement fails, and the next batch works', async () => {
    const requests = createRequestRepository(pglite, { coalesce: true });
    const row = { keyId, mode: 'sync' as const, status: 'failed' as const, body: { address: 'a b c', category: 'coffee' } };
    // Two rows with one id: the multi-row insert violates the primary key as a whole.
    const outcomes = await Promise.allSettled([requests.insert({ ...row, id: 'dup' }), requests.insert({ ...row, id: 'dup' })]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await requests.insert({ ...row, id: 'after-dup' });
    expect(await requests.find('dup')).toBeNull();
    expect(await requests.find('after-dup')).toMatchObject({ id: 'after-dup' });
  });
});
