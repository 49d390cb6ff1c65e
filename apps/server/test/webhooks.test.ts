import { ErrorBody, HEADERS, QueuedAck, RequestStatus, SCORE_PATH, ScoreResult, USAGE_PATH, Usage, WebhookDelivery, WebhookFailure } from '@locscore/schema';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import { type JobQueue, startJobQueue } from '../src/services/jobs/job-queue.js';
import { quotaPeriod } from '../src/services/usage/period.js';
import { openStore, type Store } from '../src/store/open-store.js';
import { FAULTY_ADDRESS, fakeEngine, UNKNOWN_ADDRESS } from './support/fake-engine.js';
import { type Listening, listen } from './support/listen.js';
import { type Receiver, startReceiver, waitFor } from './support/receiver.js';
import { templateDataDir } from './support/store-template.js';

let store: Store;
let queue: JobQueue;
let api: Listening;
let strict: Listening;
let receiver: Receiver;
const engine = fakeEngine();
const now = new Date();

beforeAll(async () => {
  store = await openStore({ dataDir: await templateDataDir() });
  queue = await startJobQueue({
    store,
    engine,
    allowPrivateWebhooks: true,
    retrySchedule: [0, 0.5, 0.5, 0.5],
    scoreRetryDelaySeconds: 0,
  });
  receiver = await startReceiver();
  api = await listen(createServer({ store, engine, queue, allowPrivateWebhooks: true, clock: () => now }));
  strict = await listen(
    createServer({
      store,
      engine,
      queue,
      allowPrivateWebhooks: false,
      resolveHost: async (host) => (host === 'internal.example' ? ['10.1.2.3'] : ['93.184.216.34']),
    }),
  );
});

afterAll(async () => {
  await api?.close();
  await strict?.close();
  await queue?.stop();
  await receiver?.close();
  await store?.close();
});

async function send(
  base: string,
  apiKey: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(base + SCORE_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HEADERS.apiKey]: apiKey, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

async function statusOf(apiKey: string, requestId: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${api.url}${SCORE_PATH}/${requestId}`, { headers: { [HEADERS.apiKey]: apiKey } });
  return { status: response.status, body: (await response.json()) as unknown };
}

function deliveriesTo(path: string) {
  return receiver.received.filter((entry) => entry.path === path);
}

function verify(secret: string, entry: { headers: Record<string, unknown>; body: string }): unknown {
  const headers: Record<string, string> = {};
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) headers[name] = String(entry.headers[name]);
  return new Webhook(secret).verify(entry.body, headers);
}

describe('webhook mode', () => {
  it('answers 202 at once, then POSTs a Standard Webhooks signed result', async () => {
    const key = await store.keys.create({ plan: 'starter' });
    const sent = await send(api.url, key.apiKey, { address: 'Städtle 38, 9490 Vaduz', category: 'coffee', webhookUrl: `${receiver.url}/ok` });
    expect(sent.status).toBe(202);
    const ack = QueuedAck.parse(sent.body);
    expect(ack.requestId).toBe(sent.headers.get(HEADERS.requestId));
    expect(sent.headers.get(HEADERS.quotaRemaining)).toBe('19');

    const [entry] = await waitFor(() => (deliveriesTo('/ok').length > 0 ? deliveriesTo('/ok') : undefined));
    if (!entry) throw new Error('no delivery');
    expect(entry.headers['webhook-id']).toBe(ack.requestId);
    const delivered = WebhookDelivery.parse(verify(key.webhookSecret, entry));
    expect(delivered.requestId).toBe(ack.requestId);
    expect(delivered.meta?.requestId).toBe(ack.requestId);
    // A wrong secret does not verify.
    const other = await store.keys.create({ plan: 'starter' });
    expect(() => verify(other.webhookSecret, entry)).toThrow();

    const status = await waitFor(async () => {
      const current = RequestStatus.parse((await statusOf(key.apiKey, ack.requestId)).body);
      return current.delivery.deliveredAt ? current : undefined;
    });
    expect(status.status).toBe('succeeded');
    expect(ScoreResult.parse(status.result).score).toBe(delivered.score);
    expect(status.delivery).toMatchObject({ attempts: 1, lastStatusCode: 200, nextAttemptAt: null });
  });

  it('retries on 500 and delivers on attempt 3, recording every attempt', async () => {
    receiver.script('/flaky', [500, 500, 200]);
    const key = await store.keys.create({ plan: 'growth' });
    const sent = await send(api.url, key.apiKey, { address: 'Äulestrasse 20, Vaduz', category: 'gym-fitness', webhookUrl: `${receiver.url}/flaky` });
    const { requestId } = QueuedAck.parse(sent.body);
    const status = await waitFor(async () => {
      const current = RequestStatus.parse((await statusOf(key.apiKey, requestId)).body);
      return current.delivery.deliveredAt ? current : undefined;
    });
    expect(status.delivery.attempts).toBe(3);
    expect(status.delivery.lastStatusCode).toBe(200);
    const [original] = await store.deliveries.list(requestId);
    expect(original?.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 500, 200]);
    expect(original?.attempts.map((attempt) => attempt.error)).toEqual(['the receiver answered HTTP 500', 'the receiver answered HTTP 500', null]);
    const bodies = deliveriesTo('/flaky').map((entry) => WebhookDelivery.parse(verify(key.webhookSecret, entry)));
    expect(bodies.map((body) => body.requestId)).toEqual([requestId, requestId, requestId]);
  });

  it('stops at a 410 Gone', async () => {
    receiver.script('/gone', [410]);
    const key = await store.keys.create({ plan: 'growth' });
    const sent = await send(api.url, key.apiKey, { address: 'Landstrasse 1, Schaan', category: 'pharmacy-health', webhookUrl: `${receiver.url}/gone` });
    const { requestId } = QueuedAck.parse(sent.body);
    await waitFor(async () => ((await store.deliveries.status(requestId)).state === 'stopped' ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(deliveriesTo('/gone')).toHaveLength(1);
    const status = RequestStatus.parse((await statusOf(key.apiKey, requestId)).body);
    expect(status.delivery).toMatchObject({ attempts: 1, lastStatusCode: 410, nextAttemptAt: null, deliveredAt: null });
  });

  it('fails after 3 scoring attempts, gives the quota unit back and delivers the failure', async () => {
    const key = await store.keys.create({ plan: 'starter' });
    const callsBefore = engine.calls;
    const sent = await send(api.url, key.apiKey, { address: FAULTY_ADDRESS, category: 'coffee', webhookUrl: `${receiver.url}/failure` });
    const { requestId } = QueuedAck.parse(sent.body);
    const status = await waitFor(async () => {
      const current = RequestStatus.parse((await statusOf(key.apiKey, requestId)).body);
      return current.status === 'failed' ? current : undefined;
    });
    expect(status.error?.code).toBe('scoring_failed');
    expect(engine.calls - callsBefore).toBe(3);
    const [entry] = await waitFor(() => (deliveriesTo('/failure').length > 0 ? deliveriesTo('/failure') : undefined));
    if (!entry) throw new Error('no delivery');
    const failure = WebhookFailure.parse(verify(key.webhookSecret, entry));
    expect(failure).toEqual({ requestId, error: { code: 'scoring_failed', message: expect.any(String) } });
    const usage = Usage.parse(await (await fetch(api.url + USAGE_PATH, { headers: { [HEADERS.apiKey]: key.apiKey } })).json());
    expect(usage.used).toBe(0);
  });

  it('fails an unknown address at once with address_not_found, without counting', async () => {
    const key = await store.keys.create({ plan: 'starter' });
    const sent = await send(api.url, key.apiKey, { address: UNKNOWN_ADDRESS, category: 'coffee', webhookUrl: `${receiver.url}/unknown` });
    const { requestId } = QueuedAck.parse(sent.body);
    const status = await waitFor(async () => {
      const current = RequestStatus.parse((await statusOf(key.apiKey, requestId)).body);
      return current.status === 'failed' ? current : undefined;
    });
    expect(status.error?.code).toBe('address_not_found');
    expect(await store.usage.used((await store.keys.authenticate(key.apiKey))?.id ?? '', quotaPeriod(now).start)).toBe(0);
  });

  it('counts queued requests at acceptance: 429 when the quota is spent', async () => {
    const key = await store.keys.create({ plan: 'starter' });
    const authenticated = await store.keys.authenticate(key.apiKey);
    if (!authenticated) throw new Error('key missing');
    for (let index = 0; index < 20; index += 1) await store.usage.reserve(authenticated.id, quotaPeriod(now).start);
    const sent = await send(api.url, key.apiKey, { address: 'Städtle 38, 9490 Vaduz', category: 'coffee', webhookUrl: `${receiver.url}/never` });
    expect(sent.status).toBe(429);
    expect(ErrorBody.parse(sent.body).error.code).toBe('quota_exceeded');
    expect(sent.headers.get(HEADERS.retryAfter)).toMatch(/^\d+$/);
  });
});

describe('webhook URL policy', () => {
  const refused = [
    'http://127.0.0.1/hook',
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://localhost/hook',
    'http://100.64.0.1/hook',
    'http://[fd00::1]/hook',
    'http://[fe80::1]/hook',
    'http://0.0.0.0/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://internal.example/hook',
  ];
  it.each(refused)('refuses %s with 400 naming webhookUrl, without counting', async (webhookUrl) => {
    const key = await store.keys.create({ plan: 'starter' });
    const sent = await send(strict.url, key.apiKey, { address: 'Städtle 38, 9490 Vaduz', category: 'coffee', webhookUrl });
    expect(sent.status).toBe(400);
    const error = ErrorBody.parse(sent.body).error;
    expect(error.code).toBe('invalid_request');
    expect(error.details?.fields?.map((field) => field.field)).toEqual(['webhookUrl']);
    const authenticated = await store.keys.authenticate(key.apiKey);
    expect(await store.usage.used(authenticated?.id ?? '', quotaPeriod(new Date()).start)).toBe(0);
  });
});

describe('GET /api/franchisor/score/:requestId', () => {
  it('shows a request to its own key only', async () => {
    const owner = await store.keys.create({ plan: 'growth' });
    const stranger = await store.keys.create({ plan: 'growth' });
    const sent = await send(api.url, owner.apiKey, { address: 'Städtle 38, 9490 Vaduz', category: 'coffee' });
    const requestId = ScoreResult.parse(sent.body).meta?.requestId ?? '';
    const own = await statusOf(owner.apiKey, requestId);
    expect(own.status).toBe(200);
    expect(RequestStatus.parse(own.body)).toMatchObject({ requestId, status: 'succeeded', delivery: { attempts: 0 } });
    for (const [apiKey, id] of [
      [stranger.apiKey, requestId],
      [owner.apiKey, '3b241101-e2bb-4255-8caf-4136c566a962'],
      [owner.apiKey, 'not-a-uuid'],
    ] as const) {
      const other = await statusOf(apiKey, id);
      expect(other.status).toBe(404);
      expect(ErrorBody.parse(other.body).error.code).toBe('not_found');
    }
  });
});

describe('Idempotency-Key', () => {
  it('replays the first response at no cost and refuses another body with 409', async () => {
    const key = await store.keys.create({ plan: 'starter' });
    const body = { address: 'Städtle 38, 9490 Vaduz', category: 'coffee' };
    const first = await send(api.url, key.apiKey, body, { [HEADERS.idempotencyKey]: 'order-1' });
    const again = await send(api.url, key.apiKey, { category: 'coffee', address: ' Städtle 38, 9490 Vaduz ' }, { [HEADERS.idempotencyKey]: 'order-1' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get(HEADERS.quotaRemaining)).toBe('19');

    const conflict = await send(api.url, key.apiKey, { ...body, category: 'qsr-pizza' }, { [HEADERS.idempotencyKey]: 'order-1' });
    expect(conflict.status).toBe(409);
    expect(ErrorBody.parse(conflict.body).error.code).toBe('idempotency_conflict');

    const queued = await send(api.url, key.apiKey, { ...body, webhookUrl: `${receiver.url}/idem` }, { [HEADERS.idempotencyKey]: 'order-2' });
    const replayed = await send(api.url, key.apiKey, { ...body, webhookUrl: `${receiver.url}/idem` }, { [HEADERS.idempotencyKey]: 'order-2' });
    expect(queued.status).toBe(202);
    expect(replayed.status).toBe(202);
    expect(QueuedAck.parse(replayed.body).requestId).toBe(QueuedAck.parse(queued.body).requestId);

    const usage = Usage.parse(await (await fetch(api.url + USAGE_PATH, { headers: { [HEADERS.apiKey]: key.apiKey } })).json());
    expect(usage).toMatchObject({ plan: 'starter', used: 2, limit: 20, remaining: 18 });

    const bad = await send(api.url, key.apiKey, body, { [HEADERS.idempotencyKey]: 'has space' });
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(bad.body).error.details?.fields?.[0]?.field).toBe('Idempotency-Key');
  });
});

describe('GET /api/franchisor/usage', () => {
  it('answers the current period and costs nothing; 401 without a key', async () => {
    const key = await store.keys.create({ plan: 'enterprise' });
    const response = await fetch(api.url + USAGE_PATH, { headers: { [HEADERS.apiKey]: key.apiKey } });
    const usage = Usage.parse(await response.json());
    const period = quotaPeriod(now);
    expect(usage).toEqual({
      plan: 'enterprise',
      used: 0,
      limit: null,
      remaining: null,
      periodStart: period.start.toISOString(),
      resetAt: period.end.toISOString(),
    });
    expect((await fetch(api.url + USAGE_PATH)).status).toBe(401);
  });
});
