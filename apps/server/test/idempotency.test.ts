import { HEADERS, SCORE_PATH, ScoreResult, USAGE_PATH, Usage } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import type { Db } from '../src/db/db.js';
import { IDEMPOTENCY_TTL_MS } from '../src/store/idempotency.js';
import type { Store } from '../src/store/open-store.js';
import { fakeEngine } from './support/fake-engine.js';
import { listen } from './support/listen.js';
import { openStoreWithDb } from './support/store-with-db.js';
import { storeAnswerWithClaim } from './support/stored-answer.js';

const HOUR_MS = 60 * 60 * 1000;

let store: Store;
let db: Db;
let keyId: string;

beforeAll(async () => {
  ({ store, db } = await openStoreWithDb());
  const created = await store.keys.create({ plan: 'starter' });
  const key = await store.keys.authenticate(created.apiKey);
  if (!key) throw new Error('key not found');
  keyId = key.id;
});

afterAll(async () => {
  await store?.close();
});

describe('idempotency keys expire after 24 hours', () => {
  it('replays within 24 h of the first use, then processes the key as new', async () => {
    expect(IDEMPOTENCY_TTL_MS).toBe(24 * HOUR_MS);
    const first = new Date('2026-03-10T12:00:00.000Z');
    const at = (ms: number): Date => new Date(first.getTime() + ms);
    expect(await store.idempotency.claim(keyId, 'k-1', 'hash-a', 'req-1', first)).toEqual({ kind: 'new' });
    await storeAnswerWithClaim(db, keyId, 'k-1', 200, { score: 7.5 });

    expect(await store.idempotency.claim(keyId, 'k-1', 'hash-a', 'req-2', at(23 * HOUR_MS))).toEqual({
      kind: 'replay',
      status: 200,
      body: { score: 7.5 },
    });
    expect(await store.idempotency.claim(keyId, 'k-1', 'hash-b', 'req-3', at(IDEMPOTENCY_TTL_MS - 1))).toEqual({
      kind: 'conflict',
      reason: 'different_body',
    });
    // One millisecond past 24 hours: the key is free again, even for another body.
    expect(await store.idempotency.claim(keyId, 'k-1', 'hash-b', 'req-4', at(IDEMPOTENCY_TTL_MS + 1))).toEqual({ kind: 'new' });
    // The new claim starts its own 24 hours.
    expect(await store.idempotency.claim(keyId, 'k-1', 'hash-b', 'req-5', at(IDEMPOTENCY_TTL_MS + 2))).toEqual({
      kind: 'conflict',
      reason: 'in_progress',
    });
    await storeAnswerWithClaim(db, keyId, 'k-1', 202, { queued: true, requestId: 'req-4' });
    expect(await store.idempotency.claim(keyId, 'k-1', 'hash-b', 'req-6', at(2 * IDEMPOTENCY_TTL_MS))).toEqual({
      kind: 'replay',
      status: 202,
      body: { queued: true, requestId: 'req-4' },
    });
  });

  it('keeps keys of different API keys apart', async () => {
    const other = await store.keys.authenticate((await store.keys.create({ plan: 'growth' })).apiKey);
    if (!other) throw new Error('key not found');
    const now = new Date('2026-03-11T00:00:00.000Z');
    expect(await store.idempotency.claim(keyId, 'shared', 'h', 'r-a', now)).toEqual({ kind: 'new' });
    expect(await store.idempotency.claim(other.id, 'shared', 'h', 'r-b', now)).toEqual({ kind: 'new' });
  });
});

describe('idempotency keys over HTTP, on the server clock', () => {
  it('a replay within 24 h costs nothing; after 24 h the same key scores and counts again', async () => {
    const created = await store.keys.create({ plan: 'starter' });
    let now = new Date('2026-03-10T12:00:00.000Z');
    const api = await listen(createServer({ store, engine: fakeEngine(), clock: () => now }));
    const headers = { 'content-type': 'application/json', [HEADERS.apiKey]: created.apiKey, [HEADERS.idempotencyKey]: 'order-42' };
    const body = JSON.stringify({ address: '12 Main Street, Sampleton', category: 'coffee' });
    const post = () => fetch(api.url + SCORE_PATH, { method: 'POST', headers, body });
    const used = async (): Promise<number> =>
      Usage.parse(await (await fetch(api.url + USAGE_PATH, { headers: { [HEADERS.apiKey]: created.apiKey } })).json()).used;
    try {
      const first = await post();
      expect(first.status).toBe(200);
      const firstId = ScoreResult.parse(await first.json()).meta?.requestId;
      now = new Date(now.getTime() + 23 * HOUR_MS);
      const replay = await post();
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(ScoreResult.parse(await replay.json()).meta?.requestId).toBe(firstId);
      expect(await used()).toBe(1);
      now = new Date(now.getTime() + HOUR_MS + 1000);
      const later = await post();
      expect(later.status).toBe(200);
      expect(later.headers.get('idempotent-replayed')).toBeNull();
      expect(ScoreResult.parse(await later.json()).meta?.requestId).not.toBe(firstId);
      expect(await used()).toBe(2);
    } finally {
      await api.close();
    }
  });
});
