/**
 * Refused API requests in the usage report, on both stores: 400, 401 and
 * 429 answers are counted per account and UTC day where they are sent, the
 * operator's report holds every account's (and those without one), a
 * franchisor's report only its account's, and accepted requests and 404s are
 * not counted.
 */
import { randomUUID } from 'node:crypto';
import { Account, ADMIN_ACCOUNTS_PATH, ADMIN_KEYS_PATH, ADMIN_USAGE_PATH, CreatedKey, SCORE_PATH, USAGE_REPORT_PATH, UsageReport } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import { createLogger } from '../src/infra/logger.js';
import { fakeEngine } from './support/fake-engine.js';
import { call } from './support/http-call.js';
import { type Listening, listen } from './support/listen.js';
import { STORE_DRIVERS, type TestStore } from './support/stores.js';

const TOKEN = 'admin-token-for-refusal-tests-0123456789';
const place = { address: 'Städtle 38, 9490 Vaduz', category: 'coffee' } as const;
/** A fixed day, so that the counts land on a known date of a known month. */
const NOW = new Date('2026-11-14T10:00:00.000Z');

describe.each(STORE_DRIVERS)('refused requests on $name', ({ open, skip }) => {
  let fixture: TestStore;
  let api: Listening;
  const admin = (method: string, path: string, body?: unknown) => call(method, api.url + path, { token: TOKEN, ...(body === undefined ? {} : { body }) });

  async function newKey(accountName: string): Promise<CreatedKey> {
    const account = Account.parse((await admin('POST', ADMIN_ACCOUNTS_PATH, { name: accountName })).body);
    return CreatedKey.parse((await admin('POST', ADMIN_KEYS_PATH, { account: account.id, plan: 'starter', name: accountName })).body);
  }

  beforeAll(async () => {
    if (skip) return;
    fixture = await open();
    api = await listen(
      createServer({
        store: fixture.store,
        engine: fakeEngine(),
        adminToken: TOKEN,
        clock: () => NOW,
        logger: createLogger({ level: 'silent' }),
        dashboardDir: null,
        rateLimits: { starter: { points: 3, durationSeconds: 3600 } },
      }),
    );
  });

  afterAll(async () => {
    await api?.close();
    await fixture?.dispose();
  });

  it.skipIf(skip)('counts 400, 401 and 429 answers per account and day, not accepted requests or 404s', async () => {
    const first = await newKey('Refused A');
    const second = await newKey('Refused B');
    const statuses = [
      (await call('POST', api.url + SCORE_PATH, { apiKey: first.apiKey, body: place })).status,
      (await call('POST', api.url + SCORE_PATH, { apiKey: first.apiKey, body: { address: '' } })).status,
      (await call('GET', `${api.url}/api/franchisor/requests/${randomUUID()}`, { apiKey: first.apiKey })).status,
      (await call('POST', api.url + SCORE_PATH, { apiKey: first.apiKey, body: place })).status,
      (await call('POST', api.url + SCORE_PATH, { apiKey: first.apiKey, body: place })).status,
      (await call('POST', api.url + SCORE_PATH, { apiKey: second.apiKey, body: { category: 'coffee' } })).status,
      (await call('POST', api.url + SCORE_PATH, { apiKey: 'lsk_not-a-key-of-this-server-000000', body: place })).status,
    ];
    expect(statuses).toEqual([200, 400, 404, 429, 429, 400, 401]);

    const operator = UsageReport.parse((await admin('GET', `${ADMIN_USAGE_PATH}?month=2026-11`)).body);
    expect(operator.refused.total).toBe(5);
    expect(operator.refused.days).toHaveLength(14);
    expect(operator.refused.days.find((day) => day.date === '2026-11-14')?.refused).toBe(5);
    expect(operator.refused.days.filter((day) => day.date !== '2026-11-14').every((day) => day.refused === 0)).toBe(true);

    const ownAnswer = await call('GET', `${api.url}${USAGE_REPORT_PATH}?month=2026-11`, { apiKey: second.apiKey });
    expect(ownAnswer.status, JSON.stringify(ownAnswer.body)).toBe(200);
    const own = UsageReport.parse(ownAnswer.body);
    expect(own.refused.total).toBe(1);
    const earlier = UsageReport.parse((await admin('GET', `${ADMIN_USAGE_PATH}?month=2026-10`)).body);
    expect(earlier.refused.total).toBe(0);
  });

  it.skipIf(skip)('adds the refusals of one burst to the same day’s row', async () => {
    const before = UsageReport.parse((await admin('GET', `${ADMIN_USAGE_PATH}?month=2026-11`)).body).refused.total;
    const burst = await Promise.all(Array.from({ length: 20 }, () => call('POST', api.url + SCORE_PATH, { body: place })));
    expect(burst.every((answer) => answer.status === 401)).toBe(true);
    await fixture.store.refusals.flush();
    const after = UsageReport.parse((await admin('GET', `${ADMIN_USAGE_PATH}?month=2026-11`)).body).refused.total;
    expect(after - before).toBe(20);
  });
});
