import type { ScoringEngine } from '@locscore/engine';
import type { ScoreRequest } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.js';
import { startJobQueue } from '../src/services/jobs/job-queue.js';
import type { Store } from '../src/store/open-store.js';
import { DEFAULT_REQUEST_RETENTION_DAYS } from '../src/store/purge.js';
import { openStoreWithDb } from './support/store-with-db.js';
import { storeAnswerWithClaim } from './support/stored-answer.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const body: ScoreRequest = { address: '12 Main Street, Sampleton', category: 'coffee' };

let store: Store;
let db: Db;
let keyId: string;

beforeAll(async () => {
  ({ store, db } = await openStoreWithDb());
  const created = await store.keys.create({ plan: 'growth' });
  const key = await store.keys.authenticate(created.apiKey);
  if (!key) throw new Error('key not found');
  keyId = key.id;
});

afterAll(async () => {
  await store?.close();
});

async function ids(): Promise<string[]> {
  const rows = await db.query<{ id: string }>('SELECT id FROM requests ORDER BY id');
  return rows.rows.map((row) => row.id);
}

describe('purge of old requests', () => {
  it('keeps 30 days by default, then removes finished requests with their deliveries, never a pending one', async () => {
    expect(DEFAULT_REQUEST_RETENTION_DAYS).toBe(30);
    const now = new Date();
    await store.requests.insert({ id: 'a-sync-done', keyId, mode: 'sync', status: 'succeeded', body });
    await store.requests.insert({ id: 'b-sync-failed', keyId, mode: 'sync', status: 'failed', body });
    await store.requests.insert({ id: 'c-async-delivered', keyId, mode: 'async', status: 'succeeded', body, webhookUrl: 'https://example.com/h' });
    const delivered = await store.deliveries.create('c-async-delivered', now);
    await store.deliveries.recordAttempt(delivered ?? '', { attempt: 1, statusCode: 200, error: null, durationMs: 3 }, 'delivered', null);
    await store.requests.insert({ id: 'd-async-pending', keyId, mode: 'async', status: 'succeeded', body, webhookUrl: 'https://example.com/h' });
    const pending = await store.deliveries.create('d-async-pending', now);
    await store.deliveries.recordAttempt(pending ?? '', { attempt: 1, statusCode: 500, error: null, durationMs: 3 }, 'pending', now);
    await store.requests.insert({ id: 'e-async-queued', keyId, mode: 'async', status: 'queued', body, webhookUrl: 'https://example.com/h' });

    expect(await store.purge({ now: new Date(now.getTime() + 29 * DAY_MS) })).toEqual({ requests: 0, idempotencyKeys: 0, sessions: 0 });
    expect(await ids()).toHaveLength(5);

    const report = await store.purge({ now: new Date(now.getTime() + 31 * DAY_MS) });
    expect(report.requests).toBe(3);
    expect(await ids()).toEqual(['d-async-pending', 'e-async-queued']);
    expect(await store.deliveries.list('c-async-delivered')).toEqual([]);
    expect((await store.deliveries.status('c-async-delivered')).state).toBeNull();
    expect((await store.deliveries.status('d-async-pending')).state).toBe('pending');
    // Usage is the billing record: kept.
    await store.usage.reserve(keyId, new Date('2026-03-01T00:00:00Z'));
    await store.purge({ now: new Date(now.getTime() + 400 * DAY_MS) });
    expect(await store.usage.used(keyId, new Date('2026-03-01T00:00:00Z'))).toBe(1);
  });

  it('takes another retention and refuses one that is not a positive number of days', async () => {
    const now = new Date();
    await store.requests.insert({ id: 'f-week-old', keyId, mode: 'sync', status: 'succeeded', body });
    expect((await store.purge({ now: new Date(now.getTime() + 6 * DAY_MS), requestRetentionDays: 7 })).requests).toBe(0);
    expect((await store.purge({ now: new Date(now.getTime() + 8 * DAY_MS), requestRetentionDays: 7 })).requests).toBe(1);
    await expect(store.purge({ now, requestRetentionDays: 0 })).rejects.toThrow(/requestRetentionDays must be a positive number of days \(got 0\)/);
    await expect(store.purge({ now, requestRetentionDays: Number.NaN })).rejects.toThrow(RangeError);
  });

  it('removes idempotency keys older than 24 hours', async () => {
    const claimedAt = new Date('2026-03-10T12:00:00Z');
    await store.idempotency.claim(keyId, 'purge-me', 'hash', 'r1', claimedAt);
    await storeAnswerWithClaim(db, keyId, 'purge-me', 200, { ok: true });
    expect((await store.purge({ now: new Date(claimedAt.getTime() + DAY_MS - 1000) })).idempotencyKeys).toBe(0);
    expect((await store.purge({ now: new Date(claimedAt.getTime() + DAY_MS + 1000) })).idempotencyKeys).toBe(1);
  });

  it('removes dashboard sessions past their expiry', async () => {
    const signedIn = new Date('2026-03-10T08:00:00Z');
    const session = await store.sessions.create({ kind: 'key', keyId }, signedIn);
    const expiresAt = new Date(session.expiresAt);
    expect((await store.purge({ now: new Date(expiresAt.getTime() - 1000) })).sessions).toBe(0);
    expect(await store.sessions.find(session.token, new Date(expiresAt.getTime() - 1000))).not.toBeNull();
    expect((await store.purge({ now: expiresAt })).sessions).toBe(1);
    expect(await store.sessions.find(session.token, signedIn)).toBeNull();
  });

  it('runs from the job queue at start, on the server clock', async () => {
    await store.requests.insert({ id: 'g-old-by-clock', keyId, mode: 'sync', status: 'succeeded', body });
    const engine: ScoringEngine = { regions: [], score: () => Promise.reject(new Error('not used')) };
    const queue = await startJobQueue({ store, engine, clock: () => new Date(Date.now() + 31 * DAY_MS), requestRetentionDays: 30 });
    try {
      const deadline = Date.now() + 10_000;
      while ((await ids()).includes('g-old-by-clock') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await ids()).not.toContain('g-old-by-clock');
    } finally {
      await queue.stop();
    }
  });
});
