import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScoreResult } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClosableDb } from '../src/db/db.js';
import { migrate } from '../src/db/migrations.js';
import { openPgliteDb } from '../src/db/pglite-db.js';
import { createIdempotencyRepository } from '../src/store/idempotency.js';
import { createKeyRepository } from '../src/store/keys.js';
import { createRequestRepository, type NewRequest } from '../src/store/requests.js';
import { createUsageRepository } from '../src/store/usage.js';
import { countingDb } from './support/counting-db.js';
import { templatePgdata } from './support/store-template.js';
import { storeAnswerWithClaim } from './support/stored-answer.js';

let dir: string;
let pglite: ClosableDb;
let keyId: string;
const period = new Date('2026-03-01T00:00:00.000Z');
const row: Omit<NewRequest, 'id'> = { keyId: '', mode: 'sync', status: 'failed', body: { address: 'Städtle 38, 9490 Vaduz', category: 'coffee' } };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'locscore-coalesce-'));
  pglite = await openPgliteDb(await templatePgdata(join(dir, 'pgdata')));
  await migrate(pglite);
  const keys = createKeyRepository(pglite);
  const key = await keys.authenticate((await keys.create({ plan: 'starter' })).apiKey);
  if (!key) throw new Error('key not found');
  keyId = key.id;
  row.keyId = key.id;
});

afterAll(async () => {
  await pglite?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('group commit (coalesce)', () => {
  it('merges concurrent reservations into one statement and still never exceeds the limit', async () => {
    const db = countingDb(pglite);
    const usage = createUsageRepository(db, { coalesce: true });
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => usage.reserve(keyId, period)));
    expect(db.statements).toBe(1);
    const granted = outcomes.filter((outcome) => outcome.ok);
    expect(granted).toHaveLength(20);
    // Each granted unit saw its own count, 1 to 20, in call order, under the Starter limit.
    expect(outcomes.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => ({ ok: true, used: i + 1, limit: 20 })));
    expect(outcomes.slice(20)).toEqual(Array.from({ length: 10 }, () => ({ ok: false, used: 20, limit: 20 })));
    expect(await usage.used(keyId, period)).toBe(20);
  });

  it('counts each key of a batch on its own, from where its period stands, under its own plan', async () => {
    const keys = createKeyRepository(pglite);
    const other = await keys.authenticate((await keys.create({ plan: 'growth' })).apiKey);
    if (!other) throw new Error('key not found');
    const may = new Date('2026-05-01T00:00:00.000Z');
    const direct = createUsageRepository(pglite);
    expect(await direct.reserve(other.id, may)).toEqual({ ok: true, used: 1, limit: 100 });
    for (let i = 0; i < 18; i += 1) await direct.reserve(keyId, may);
    const db = countingDb(pglite);
    const usage = createUsageRepository(db, { coalesce: true });
    const outcomes = await Promise.all([
      usage.reserve(other.id, may),
      usage.reserve(keyId, may),
      usage.reserve(other.id, may),
      usage.reserve(keyId, may),
      usage.reserve(other.id, may),
      usage.reserve(keyId, may),
    ]);
    expect(db.statements).toBe(1);
    expect(outcomes).toEqual([
      { ok: true, used: 2, limit: 100 },
      { ok: true, used: 19, limit: 20 },
      { ok: true, used: 3, limit: 100 },
      { ok: true, used: 20, limit: 20 },
      { ok: true, used: 4, limit: 100 },
      { ok: false, used: 20, limit: 20 },
    ]);
  });

  it('gives a single call the same answer as a batch, and reads a plan change at the next reservation', async () => {
    const keys = createKeyRepository(pglite);
    const created = await keys.create({ plan: 'enterprise' });
    const key = await keys.authenticate(created.apiKey);
    if (!key) throw new Error('key not found');
    const usage = createUsageRepository(pglite);
    const april = new Date('2026-04-01T00:00:00.000Z');
    expect(await usage.reserve(key.id, april)).toEqual({ ok: true, used: 1, limit: null });
    await keys.setPlan(created.prefix, 'starter');
    for (let i = 0; i < 19; i += 1) await usage.reserve(key.id, april);
    expect(await usage.reserve(key.id, april)).toEqual({ ok: false, used: 20, limit: 20 });
    await keys.setPlan(created.prefix, 'growth');
    // The units already used stay used; the new limit counts from them.
    expect(await usage.reserve(key.id, april)).toEqual({ ok: true, used: 21, limit: 100 });
  });

  it('claims one idempotency key once when the same key arrives twice in a batch', async () => {
    const db = countingDb(pglite);
    const idempotency = createIdempotencyRepository(db, { coalesce: true });
    const now = new Date('2026-03-02T00:00:00.000Z');
    const claims = await Promise.all([
      idempotency.claim(keyId, 'same', 'hash-a', 'req-a', now),
      idempotency.claim(keyId, 'same', 'hash-a', 'req-b', now),
      idempotency.claim(keyId, 'same', 'hash-b', 'req-c', now),
      idempotency.claim(keyId, 'other', 'hash-a', 'req-d', now),
    ]);
    expect(db.statements).toBe(1);
    expect(claims).toEqual([{ kind: 'new' }, { kind: 'conflict', reason: 'in_progress' }, { kind: 'conflict', reason: 'different_body' }, { kind: 'new' }]);
  });

  it('answers each call of a batch as if made in turn: replays, a conflicting body, an expired key taken over once', async () => {
    const requests = createRequestRepository(pglite, { coalesce: true });
    const db = countingDb(pglite);
    const idempotency = createIdempotencyRepository(db, { coalesce: true });
    const now = new Date('2026-03-05T00:00:00.000Z');
    const result = { score: 6.1, meta: { requestId: 'done-1' } };
    expect(await idempotency.claim(keyId, 'done', 'h', 'done-1', now)).toEqual({ kind: 'new' });
    await requests.insert({ ...row, id: 'done-1', status: 'succeeded', result: result as unknown as ScoreResult });
    expect(await idempotency.claim(keyId, 'old', 'h', 'old-1', new Date(now.getTime() - 25 * 3_600_000))).toEqual({ kind: 'new' });
    db.statements = 0;
    const later = new Date(now.getTime() + 1000);
    const claims = await Promise.all([
      idempotency.claim(keyId, 'done', 'h', 'done-2', later),
      idempotency.claim(keyId, 'old', 'h2', 'old-2', later),
      idempotency.claim(keyId, 'done', 'h', 'done-3', later),
      idempotency.claim(keyId, 'done', 'other', 'done-4', later),
      idempotency.claim(keyId, 'old', 'h2', 'old-3', later),
    ]);
    expect(db.statements).toBe(1);
    expect(claims).toEqual([
      { kind: 'replay', status: 200, body: result },
      { kind: 'new' },
      { kind: 'replay', status: 200, body: result },
      { kind: 'conflict', reason: 'different_body' },
      { kind: 'conflict', reason: 'in_progress' },
    ]);
  });

  it('answers a replay from the request row: a synchronous result with 200, an asynchronous request with 202', async () => {
    const requests = createRequestRepository(pglite, { coalesce: true });
    const idempotency = createIdempotencyRepository(pglite, { coalesce: true });
    const now = new Date('2026-03-03T00:00:00.000Z');
    const result = { score: 7.5, meta: { requestId: 'sync-1' } };
    expect(await idempotency.claim(keyId, 'sync', 'h', 'sync-1', now)).toEqual({ kind: 'new' });
    expect(await idempotency.claim(keyId, 'async', 'h', 'async-1', now)).toEqual({ kind: 'new' });
    expect(await idempotency.claim(keyId, 'failing', 'h', 'failed-1', now)).toEqual({ kind: 'new' });
    await Promise.all([
      requests.insert({ ...row, id: 'sync-1', status: 'succeeded', result: result as unknown as ScoreResult }),
      requests.insert({ ...row, id: 'async-1', mode: 'async', status: 'queued', webhookUrl: 'https://example.com/hook' }),
      requests.insert({ ...row, id: 'failed-1', status: 'failed', error: { code: 'scoring_failed', message: 'scoring failed' } }),
    ]);
    const later = new Date(now.getTime() + 1000);
    expect(await idempotency.claim(keyId, 'sync', 'h', 'sync-2', later)).toEqual({ kind: 'replay', status: 200, body: result });
    expect(await idempotency.claim(keyId, 'async', 'h', 'async-2', later)).toEqual({
      kind: 'replay',
      status: 202,
      body: { queued: true, requestId: 'async-1' },
    });
    // A failed synchronous request is never replayed: its claim is being abandoned.
    expect(await idempotency.claim(keyId, 'failing', 'h', 'failed-2', later)).toEqual({ kind: 'conflict', reason: 'in_progress' });
    expect(await requests.find('sync-1')).toMatchObject({ status: 'succeeded', mode: 'sync', result, completedAt: expect.any(String) });
  });

  it('replays the body stored with the claim when the request row is missing', async () => {
    const idempotency = createIdempotencyRepository(pglite, { coalesce: true });
    const now = new Date('2026-03-04T00:00:00.000Z');
    expect(await idempotency.claim(keyId, 'unrecorded', 'h', 'never-written', now)).toEqual({ kind: 'new' });
    await storeAnswerWithClaim(pglite, keyId, 'unrecorded', 200, { score: 4.2 });
    expect(await idempotency.claim(keyId, 'unrecorded', 'h', 'again', now)).toEqual({ kind: 'replay', status: 200, body: { score: 4.2 } });
  });

  it('fails every call of a batch whose statement fails, and the next batch works', async () => {
    const requests = createRequestRepository(pglite, { coalesce: true });
    // Two rows with one id: the multi-row insert violates the primary key as a whole.
    const outcomes = await Promise.allSettled([requests.insert({ ...row, id: 'dup' }), requests.insert({ ...row, id: 'dup' })]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await requests.insert({ ...row, id: 'after-dup' });
    expect(await requests.find('dup')).toBeNull();
    expect(await requests.find('after-dup')).toMatchObject({ id: 'after-dup' });
  });
});
