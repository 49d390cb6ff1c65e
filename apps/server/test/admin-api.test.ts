/**
 * The admin API (`/api/admin/*`) and the franchisor's own request log on a
 * real server, on both stores: the token, accounts and keys, plan changes
 * (also under concurrent scoring), usage, requests across accounts, and
 * redeliveries reaching a local receiver.
 */
import {
  Account,
  AccountList,
  ADMIN_ACCOUNTS_PATH,
  ADMIN_KEYS_PATH,
  ADMIN_REQUESTS_PATH,
  ADMIN_USAGE_PATH,
  ApiKeyRecord,
  CreatedKey,
  FRANCHISOR_REQUESTS_PATH,
  HEADERS,
  KeyList,
  QueuedAck,
  Redelivery,
  RequestDetail,
  RequestPage,
  RotatedSecret,
  SCORE_PATH,
  USAGE_REPORT_PATH,
  UsageReport,
  WebhookDelivery,
} from '@locscore/schema';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import { createFailedAttemptLimit } from '../src/http/auth/failed-attempts.js';
import { createLogger } from '../src/infra/logger.js';
import { type JobQueue, startJobQueue } from '../src/services/jobs/job-queue.js';
import { fakeEngine } from './support/fake-engine.js';
import { call, codeOf, fieldsOf } from './support/http-call.js';
import { type Listening, listen } from './support/listen.js';
import { type Received, type Receiver, startReceiver, waitFor } from './support/receiver.js';
import { STORE_DRIVERS, type TestStore } from './support/stores.js';

const TOKEN = 'admin-token-for-tests-0123456789abcdef';
const LIMITED_TOKEN = 'another-admin-token-0123456789abcdef';
const place = { address: 'Städtle 38, 9490 Vaduz', category: 'coffee' } as const;

describe.each(STORE_DRIVERS)('admin API on $name', ({ open, skip }) => {
  let fixture: TestStore;
  let queue: JobQueue;
  let api: Listening;
  let closed: Listening;
  let limited: Listening;
  let receiver: Receiver;
  const admin = (method: string, path: string, body?: unknown) => call(method, api.url + path, { token: TOKEN, ...(body === undefined ? {} : { body }) });
  const score = (apiKey: string, body: object = place) => call('POST', api.url + SCORE_PATH, { apiKey, body });

  async function newKey(accountName: string, plan: 'starter' | 'growth' | 'enterprise'): Promise<CreatedKey> {
    const account = Account.parse((await admin('POST', ADMIN_ACCOUNTS_PATH, { name: accountName })).body);
    return CreatedKey.parse((await admin('POST', ADMIN_KEYS_PATH, { account: account.id, plan, name: `${accountName} key` })).body);
  }

  beforeAll(async () => {
    if (skip) return;
    fixture = await open();
    const { store } = fixture;
    const engine = fakeEngine();
    const logger = createLogger({ level: 'silent' });
    queue = await startJobQueue({ store, engine, allowPrivateWebhooks: true, bossSchema: fixture.bossSchema, logger });
    receiver = await startReceiver();
    const common = { store, engine, queue, redeliveries: queue, allowPrivateWebhooks: true, logger, dashboardDir: null };
    api = await listen(createServer({ ...common, adminToken: TOKEN }));
    closed = await listen(createServer(common));
    limited = await listen(createServer({ ...common, adminToken: LIMITED_TOKEN, failedAttempts: createFailedAttemptLimit({ points: 3 }) }));
  });

  afterAll(async () => {
    await Promise.all([api?.close(), closed?.close(), limited?.close(), receiver?.close()]);
    await queue?.stop();
    await fixture?.dispose();
  });

  it.skipIf(skip)('answers 404 on every admin route when no admin token is configured, whatever is presented', async () => {
    const key = await newKey('Closed Server Test', 'starter');
    for (const [method, path] of [
      ['GET', ADMIN_ACCOUNTS_PATH],
      ['POST', ADMIN_KEYS_PATH],
      ['PATCH', `${ADMIN_KEYS_PATH}/${key.prefix}`],
      ['DELETE', `${ADMIN_KEYS_PATH}/${key.prefix}`],
      ['GET', `${ADMIN_USAGE_PATH}?month=2026-01`],
      ['GET', ADMIN_REQUESTS_PATH],
    ] as const) {
      for (const credentials of [{}, { token: TOKEN }, { apiKey: key.apiKey }]) {
        const answer = await call(method, closed.url + path, credentials);
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(codeOf(answer)).toBe('not_found');
      }
    }
    // Nothing was revoked through the closed server.
    expect((await score(key.apiKey)).status).toBe(200);
  });

  it.skipIf(skip)('answers 401 for a missing or wrong token and for an API key; the right token works', async () => {
    const key = await newKey('Token Test', 'starter');
    expect((await call('GET', api.url + ADMIN_ACCOUNTS_PATH)).status).toBe(401);
    expect((await call('GET', api.url + ADMIN_ACCOUNTS_PATH, { token: `${TOKEN}x` })).status).toBe(401);
    expect((await call('GET', api.url + ADMIN_ACCOUNTS_PATH, { headers: { authorization: `Basic ${TOKEN}` } })).status).toBe(401);
    const withKey = await call('GET', api.url + ADMIN_ACCOUNTS_PATH, { apiKey: key.apiKey });
    expect(withKey.status).toBe(401);
    expect(codeOf(withKey)).toBe('unauthorized');
    expect(AccountList.parse((await admin('GET', ADMIN_ACCOUNTS_PATH)).body).items.map((account) => account.name)).toContain('Token Test');
  });

  it.skipIf(skip)('throttles wrong tokens from one address after too many failures, with Retry-After, and never refuses the right one', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await call('GET', limited.url + ADMIN_ACCOUNTS_PATH, { token: 'wrong-token' })).status).toBe(401);
    }
    const refused = await call('GET', limited.url + ADMIN_ACCOUNTS_PATH, { token: 'wrong-token' });
    expect(refused.status).toBe(429);
    expect(codeOf(refused)).toBe('rate_limited');
    expect(Number(refused.headers.get(HEADERS.retryAfter))).toBeGreaterThan(0);
    // Issue 22, finding 6: the owner of the right token, from the same address, is never locked out.
    expect((await call('GET', limited.url + ADMIN_ACCOUNTS_PATH, { token: LIMITED_TOKEN })).status).toBe(200);
    expect((await call('GET', limited.url + ADMIN_ACCOUNTS_PATH, { token: 'wrong-token' })).status).toBe(429);
  });

  it.skipIf(skip)('creates accounts with unique names (without case), and names bad fields', async () => {
    const created = await admin('POST', ADMIN_ACCOUNTS_PATH, { name: '  Risch Kaffee AG ' });
    expect(created.status).toBe(201);
    expect(Account.parse(created.body)).toMatchObject({ name: 'Risch Kaffee AG', activeKeyCount: 0 });
    const again = await admin('POST', ADMIN_ACCOUNTS_PATH, { name: 'risch kaffee ag' });
    expect(again.status).toBe(409);
    expect(codeOf(again)).toBe('conflict');
    expect(fieldsOf(await admin('POST', ADMIN_ACCOUNTS_PATH, { name: '' }))).toEqual(['name']);
    expect(fieldsOf(await admin('POST', ADMIN_ACCOUNTS_PATH, { name: 'X', colour: 'red' }))).toEqual(['colour']);
    const keyed = await admin('POST', ADMIN_KEYS_PATH, { account: '0c6f2d0e-3f5a-4d8b-9a7e-2f1b3c4d5e6f', plan: 'starter' });
    expect(keyed.status).toBe(400);
    expect(fieldsOf(keyed)).toEqual(['account']);
    expect(fieldsOf(await admin('POST', ADMIN_KEYS_PATH, { account: Account.parse(created.body).id, plan: 'gold' }))).toEqual(['plan']);
  });

  it.skipIf(skip)('creates a key shown once, lists it with usage and last use, and its account counts it', async () => {
    const key = await newKey('Listing Test', 'starter');
    expect(key.apiKey.startsWith(key.prefix)).toBe(true);
    expect(key.webhookSecret).toMatch(/^whsec_/);
    expect(key).toMatchObject({ plan: 'starter', accountName: 'Listing Test', revokedAt: null, lastUsedAt: null, usage: { used: 0, limit: 20 } });
    expect((await score(key.apiKey)).status).toBe(200);
    const listed = KeyList.parse((await admin('GET', `${ADMIN_KEYS_PATH}?account=${key.accountId}`)).body).items;
    expect(listed).toHaveLength(1);
    expect(listed[0]?.usage.used).toBe(1);
    expect(JSON.stringify(listed)).not.toContain(key.apiKey);
    expect(JSON.stringify(listed)).not.toContain(key.webhookSecret);
    await waitFor(async () => {
      const [record] = KeyList.parse((await admin('GET', `${ADMIN_KEYS_PATH}?account=${key.accountId}`)).body).items;
      return record?.lastUsedAt ?? undefined;
    });
    const accounts = AccountList.parse((await admin('GET', ADMIN_ACCOUNTS_PATH)).body).items;
    expect(accounts.find((account) => account.id === key.accountId)?.activeKeyCount).toBe(1);
    expect(fieldsOf(await admin('GET', `${ADMIN_KEYS_PATH}?acount=${key.accountId}`))).toEqual(['acount']);
    // Without an account, a key gets one of its own.
    const alone = CreatedKey.parse((await admin('POST', ADMIN_KEYS_PATH, { plan: 'growth', name: 'Kiosk' })).body);
    expect(alone.accountName).toBe(`Kiosk (${alone.prefix})`);
    expect(alone.accountId).not.toBe(key.accountId);
  });

  it.skipIf(skip)('upgrades a spent Starter key to Growth from its next request, keeping the units used', async () => {
    const key = await newKey('Upgrade Test', 'starter');
    for (let i = 0; i < 20; i += 1) expect((await score(key.apiKey)).status).toBe(200);
    const refused = await score(key.apiKey);
    expect(refused.status).toBe(429);
    expect(refused.headers.get(HEADERS.quotaLimit)).toBe('20');
    const upgraded = await admin('PATCH', `${ADMIN_KEYS_PATH}/${key.prefix}`, { plan: 'growth' });
    expect(upgraded.status).toBe(200);
    expect(ApiKeyRecord.parse(upgraded.body)).toMatchObject({ plan: 'growth', usage: { used: 20, limit: 100 } });
    const next = await score(key.apiKey);
    expect(next.status).toBe(200);
    expect(next.headers.get(HEADERS.quotaLimit)).toBe('100');
    expect(next.headers.get(HEADERS.quotaRemaining)).toBe('79');
    expect(fieldsOf(await admin('PATCH', `${ADMIN_KEYS_PATH}/${key.prefix}`, { plan: 'platinum' }))).toEqual(['plan']);
    expect((await admin('PATCH', `${ADMIN_KEYS_PATH}/lsk_nobody00`, { plan: 'growth' })).status).toBe(404);
  });

  it.skipIf(skip)('never lets more results through than the new limit allows when the plan changes under concurrent scoring', async () => {
    const key = await newKey('Concurrency Test', 'growth');
    for (let i = 0; i < 15; i += 1) expect((await score(key.apiKey)).status).toBe(200);
    // Forty requests in flight, authenticated while the key is still on Growth, and the downgrade among them.
    const downgrade = admin('PATCH', `${ADMIN_KEYS_PATH}/${key.prefix}`, { plan: 'starter' });
    const first = await Promise.all(Array.from({ length: 40 }, () => score(key.apiKey)));
    const usedAtChange = ApiKeyRecord.parse((await downgrade).body).usage.used;
    const second = await Promise.all(Array.from({ length: 10 }, () => score(key.apiKey)));
    const granted = 15 + [...first, ...second].filter((answer) => answer.status === 200).length;
    expect([...first, ...second].every((answer) => answer.status === 200 || answer.status === 429)).toBe(true);
    // What was granted before the change stays; after it nothing passes the Starter limit of 20.
    expect(usedAtChange).toBeGreaterThanOrEqual(15);
    expect(granted).toBe(Math.max(usedAtChange, 20));
    const [record] = KeyList.parse((await admin('GET', `${ADMIN_KEYS_PATH}?account=${key.accountId}`)).body).items;
    expect(record?.usage.used).toBe(granted);
    expect(second.map((answer) => [answer.status, answer.headers.get(HEADERS.quotaLimit)])).toEqual(Array.from({ length: 10 }, () => [429, '20']));
  });

  it.skipIf(skip)('revokes a key (401 on its next request), answers the same again, and refuses to re-plan or rotate it', async () => {
    const key = await newKey('Revoke Test', 'starter');
    expect((await score(key.apiKey)).status).toBe(200);
    const revoked = await admin('DELETE', `${ADMIN_KEYS_PATH}/${key.prefix}`);
    expect(revoked.status).toBe(200);
    const record = ApiKeyRecord.parse(revoked.body);
    expect(record.revokedAt).not.toBeNull();
    expect((await score(key.apiKey)).status).toBe(401);
    expect(ApiKeyRecord.parse((await admin('DELETE', `${ADMIN_KEYS_PATH}/${key.prefix}`)).body).revokedAt).toBe(record.revokedAt);
    expect((await admin('PATCH', `${ADMIN_KEYS_PATH}/${key.prefix}`, { plan: 'growth' })).status).toBe(409);
    expect((await admin('POST', `${ADMIN_KEYS_PATH}/${key.prefix}/rotate-secret`)).status).toBe(409);
    expect((await admin('DELETE', `${ADMIN_KEYS_PATH}/lsk_nobody00`)).status).toBe(404);
    expect(fieldsOf(await admin('DELETE', `${ADMIN_KEYS_PATH}/${'x'.repeat(13)}`))).toEqual(['prefix']);
  });

  it.skipIf(skip)('keeps each key to its own requests; the operator sees every account and filters by key and account', async () => {
    const mine = await newKey('Own Requests A', 'growth');
    const theirs = await newKey('Own Requests B', 'growth');
    const myIds = [];
    for (const address of ['Städtle 1, Vaduz', 'Städtle 6, Vaduz', 'Städtle 3, Vaduz']) {
      myIds.push((await score(mine.apiKey, { ...place, address })).headers.get(HEADERS.requestId));
    }
    const theirId = (await score(theirs.apiKey)).headers.get(HEADERS.requestId);
    const own = RequestPage.parse((await call('GET', api.url + FRANCHISOR_REQUESTS_PATH, { apiKey: mine.apiKey })).body);
    expect(own.items.map((item) => item.requestId)).toEqual([...myIds].reverse());
    expect(own.items.every((item) => item.keyPrefix === mine.prefix && item.accountId === mine.accountId)).toBe(true);
    const other = await call('GET', `${api.url + FRANCHISOR_REQUESTS_PATH}/${theirId}`, { apiKey: mine.apiKey });
    expect(other.status).toBe(404);
    expect((await call('POST', `${api.url + FRANCHISOR_REQUESTS_PATH}/${theirId}/redeliver`, { apiKey: mine.apiKey })).status).toBe(404);
    expect(fieldsOf(await call('GET', `${api.url + FRANCHISOR_REQUESTS_PATH}?key=${theirs.prefix}`, { apiKey: mine.apiKey }))).toEqual(['key']);
    const detail = RequestDetail.parse((await call('GET', `${api.url + FRANCHISOR_REQUESTS_PATH}/${myIds[0]}`, { apiKey: mine.apiKey })).body);
    expect(detail).toMatchObject({ mode: 'sync', status: 'succeeded', address: 'Städtle 1, Vaduz', deliveries: [], webhookUrl: null });
    expect(detail.result?.score).toBe(detail.score);
    const byKey = RequestPage.parse((await admin('GET', `${ADMIN_REQUESTS_PATH}?key=${theirs.prefix}`)).body);
    expect(byKey.items.map((item) => item.requestId)).toEqual([theirId]);
    const byAccount = RequestPage.parse((await admin('GET', `${ADMIN_REQUESTS_PATH}?account=${mine.accountId}`)).body);
    expect(byAccount.items).toHaveLength(3);
    expect(RequestDetail.parse((await admin('GET', `${ADMIN_REQUESTS_PATH}/${theirId}`)).body).keyPrefix).toBe(theirs.prefix);
  });

  it.skipIf(skip)('pages newest first with an opaque cursor, and names a bad cursor or filter', async () => {
    const key = await newKey('Paging Test', 'growth');
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await score(key.apiKey, { ...place, address: `Städtle ${10 + i}, Vaduz` })).headers.get(HEADERS.requestId) ?? '');
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=2${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
      const page = RequestPage.parse((await call('GET', `${api.url + FRANCHISOR_REQUESTS_PATH}${query}`, { apiKey: key.apiKey })).body);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.requestId));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual([...ids].reverse());
    const list = (query: string) => call('GET', `${api.url + FRANCHISOR_REQUESTS_PATH}${query}`, { apiKey: key.apiKey });
    expect(fieldsOf(await list('?cursor=bm90LWEtY3Vyc29y'))).toEqual(['cursor']);
    expect(fieldsOf(await list('?limit=0'))).toEqual(['limit']);
    expect(fieldsOf(await list('?status=done'))).toEqual(['status']);
    expect(fieldsOf(await list('?since=yesterday'))).toEqual(['since']);
    const failed = RequestPage.parse((await list('?status=failed')).body);
    expect(failed.items).toEqual([]);
    const future = RequestPage.parse((await list(`?since=${new Date(Date.now() + 60_000).toISOString()}`)).body);
    expect(future.items).toEqual([]);
  });

  it.skipIf(skip)('reports a month’s usage per key and per day, for the operator and for one key, and refuses a future month', async () => {
    const key = await newKey('Usage Test', 'starter');
    for (let i = 0; i < 3; i += 1) expect((await score(key.apiKey)).status).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    const all = UsageReport.parse((await admin('GET', `${ADMIN_USAGE_PATH}?month=${month}`)).body);
    expect(all.keys.find((entry) => entry.prefix === key.prefix)).toMatchObject({ used: 3, limit: 20, plan: 'starter', accountName: 'Usage Test' });
    expect(all.days.at(-1)?.date).toBe(new Date().toISOString().slice(0, 10));
    expect(all.days.map((day) => day.date)[0]).toBe(`${month}-01`);
    const own = UsageReport.parse((await call('GET', api.url + USAGE_REPORT_PATH, { apiKey: key.apiKey })).body);
    expect(own.keys.map((entry) => entry.prefix)).toEqual([key.prefix]);
    expect(own.days.reduce((sum, day) => sum + day.succeeded, 0)).toBe(3);
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 1, 1);
    expect(fieldsOf(await admin('GET', `${ADMIN_USAGE_PATH}?month=${next.toISOString().slice(0, 7)}`))).toEqual(['month']);
    expect(fieldsOf(await admin('GET', `${ADMIN_USAGE_PATH}?month=2026-13`))).toEqual(['month']);
    const past = UsageReport.parse((await admin('GET', `${ADMIN_USAGE_PATH}?month=2020-02`)).body);
    expect(past.days).toHaveLength(29);
  });

  it.skipIf(skip)('redelivers a finished webhook-mode request to a local receiver, signed afresh, and after a rotation with both secrets', async () => {
    const key = await newKey('Redelivery Test', 'growth');
    const hook = `${receiver.url}/redeliver-${key.prefix}`;
    const posted = (): Received[] => receiver.received.filter((entry) => entry.path === new URL(hook).pathname);
    const queued = await call('POST', api.url + SCORE_PATH, { apiKey: key.apiKey, body: { ...place, webhookUrl: hook } });
    const { requestId } = QueuedAck.parse(queued.body);
    await waitFor(() => (posted().length === 1 ? true : undefined));
    await waitFor(async () => {
      const detail = RequestDetail.parse((await admin('GET', `${ADMIN_REQUESTS_PATH}/${requestId}`)).body);
      return detail.deliveries[0]?.state === 'delivered' ? detail : undefined;
    });
    const rotated = RotatedSecret.parse((await admin('POST', `${ADMIN_KEYS_PATH}/${key.prefix}/rotate-secret`)).body);
    expect(rotated.webhookSecret).not.toBe(key.webhookSecret);
    const again = await admin('POST', `${ADMIN_REQUESTS_PATH}/${requestId}/redeliver`);
    expect(again.status).toBe(202);
    const { deliveryId } = Redelivery.parse(again.body);
    const [, redelivered] = await waitFor(() => (posted().length === 2 ? posted() : undefined));
    if (!redelivered) throw new Error('no redelivery');
    const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(redelivered.headers[name])]));
    for (const secret of [key.webhookSecret, rotated.webhookSecret]) {
      expect(WebhookDelivery.parse(new Webhook(secret).verify(redelivered.body, headers)).requestId).toBe(requestId);
    }
    expect(redelivered.body).toBe(posted()[0]?.body);
    const detail = await waitFor(async () => {
      const current = RequestDetail.parse((await admin('GET', `${ADMIN_REQUESTS_PATH}/${requestId}`)).body);
      return current.deliveries[1]?.state === 'delivered' ? current : undefined;
    });
    expect(detail.deliveries.map((delivery) => [delivery.kind, delivery.attempts.length])).toEqual([
      ['original', 1],
      ['redelivery', 1],
    ]);
    expect(detail.deliveries[1]).toMatchObject({ deliveryId, attempts: [{ attempt: 1, statusCode: 200, error: null }] });
    expect(detail.deliveryState).toBe('delivered');
    // The key redelivers its own request too; a synchronous one has nothing to deliver.
    expect((await call('POST', `${api.url + FRANCHISOR_REQUESTS_PATH}/${requestId}/redeliver`, { apiKey: key.apiKey })).status).toBe(202);
    const sync = (await score(key.apiKey)).headers.get(HEADERS.requestId);
    const refused = await admin('POST', `${ADMIN_REQUESTS_PATH}/${sync}/redeliver`);
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual(['requestId']);
    expect(KeyList.parse((await admin('GET', `${ADMIN_KEYS_PATH}?account=${key.accountId}`)).body).items[0]?.usage.used).toBe(2);
  });
});
