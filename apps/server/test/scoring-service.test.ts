import { randomUUID } from 'node:crypto';
import { AddressNotFoundError } from '@locscore/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScoringService, requestErrorOf, type ScoringCall, type ScoringJobs } from '../src/services/scoring/scoring-service.js';
import { quotaPeriod } from '../src/services/usage/period.js';
import { openStore, type Store, type StoreTransaction } from '../src/store/open-store.js';
import { FAULTY_ADDRESS, fakeEngine, UNKNOWN_ADDRESS } from './support/fake-engine.js';

let store: Store;
let key: { id: string; plan: 'starter' };
const period = quotaPeriod(new Date('2026-05-10T12:00:00.000Z'));

beforeAll(async () => {
  store = await openStore();
  const created = await store.keys.create({ plan: 'starter' });
  const authenticated = await store.keys.authenticate(created.apiKey);
  if (!authenticated) throw new Error('key not found');
  key = { id: authenticated.id, plan: 'starter' };
});

afterAll(async () => {
  await store?.close();
});

const call = (address: string, webhookUrl?: string): ScoringCall => ({
  key,
  request: { address, category: 'coffee', ...(webhookUrl ? { webhookUrl } : {}) },
  requestId: randomUUID(),
  period,
});

/** Scoring jobs that check each job is sent inside the transaction holding its queued row, and count the wake-ups. */
function recordingJobs(): ScoringJobs & { sent: string[]; notified: number } {
  const jobs = {
    sent: [] as string[],
    notified: 0,
    async enqueueScore(tx: StoreTransaction, requestId: string) {
      expect((await tx.requests.find(requestId))?.status).toBe('queued');
      jobs.sent.push(requestId);
    },
    notifyScore() {
      jobs.notified += 1;
    },
  };
  return jobs;
}

describe('createScoringService', () => {
  it('scores a body with meta.requestId set, and answers an unknown address instead of throwing', async () => {
    const scoring = createScoringService({ store, engine: fakeEngine() });
    const scored = await scoring.score({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' }, 'req-1', key.id);
    expect('result' in scored && scored.result.meta?.requestId).toBe('req-1');
    const unknown = await scoring.score({ address: UNKNOWN_ADDRESS, category: 'coffee' }, 'req-2', key.id);
    expect('unscorable' in unknown && unknown.unscorable).toBeInstanceOf(AddressNotFoundError);
    expect('unscorable' in unknown && requestErrorOf(unknown.unscorable)).toEqual({
      code: 'address_not_found',
      message: expect.stringMatching(/^address not found/),
    });
    await expect(scoring.score({ address: FAULTY_ADDRESS, category: 'coffee' }, 'req-3', key.id)).rejects.toThrow('index corrupted');
  });

  it('scores synchronously: charges and records a result, records a fault as a failed request, counts neither failure', async () => {
    const scoring = createScoringService({ store, engine: fakeEngine() });
    const ok = call('Städtle 38, 9490 Vaduz');
    const outcome = await scoring.scoreNow(ok);
    expect(outcome).toMatchObject({ kind: 'scored', reservation: { ok: true, used: 1 } });
    expect((await store.requests.find(ok.requestId))?.status).toBe('succeeded');
    expect(await scoring.scoreNow(call(UNKNOWN_ADDRESS))).toMatchObject({ kind: 'unscorable' });
    const faulty = call(FAULTY_ADDRESS);
    expect(await scoring.scoreNow(faulty)).toMatchObject({ kind: 'failed', recordError: null });
    expect((await store.requests.find(faulty.requestId))?.error).toEqual({ code: 'scoring_failed', message: 'scoring failed' });
    expect(await store.usage.used(key.id, period.start)).toBe(1);
  });

  it('queues a webhook-mode request with its unit and job in one transaction, and wakes a worker after it', async () => {
    const jobs = recordingJobs();
    const scoring = createScoringService({ store, engine: fakeEngine() });
    const queued = call('Städtle 38, 9490 Vaduz', 'https://example.com/hook');
    const before = await store.usage.used(key.id, period.start);
    expect(await scoring.queue(queued, jobs)).toEqual({ ok: true, used: before + 1, limit: 20 });
    expect(jobs.sent).toEqual([queued.requestId]);
    expect(jobs.notified).toBe(1);
    expect(await store.requests.find(queued.requestId)).toMatchObject({ status: 'queued', mode: 'async', webhookUrl: 'https://example.com/hook' });
  });

  it('queues nothing once the quota is spent', async () => {
    const jobs = recordingJobs();
    const scoring = createScoringService({ store, engine: fakeEngine() });
    const used = await store.usage.used(key.id, period.start);
    for (let i = used; i < 20; i += 1) expect((await scoring.queue(call('Städtle 38, 9490 Vaduz', 'https://example.com/hook'), jobs)).ok).toBe(true);
    const refused = call('Städtle 38, 9490 Vaduz', 'https://example.com/hook');
    expect(await scoring.queue(refused, jobs)).toEqual({ ok: false, used: 20, limit: 20 });
    expect(jobs.sent).not.toContain(refused.requestId);
    expect(await store.requests.find(refused.requestId)).toBeNull();
    expect(Object.keys(store)).not.toContain('db');
  });
});
