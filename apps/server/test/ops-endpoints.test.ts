import { randomUUID } from 'node:crypto';
import { ErrorBody, HEADERS, SCORE_PATH, USAGE_PATH, Usage } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import { UNCONFIGURED_ENGINE } from '../src/engine-loader.js';
import { createLogger } from '../src/infra/logger.js';
import { openStore, type Store } from '../src/store/open-store.js';
import { fakeEngine, UNKNOWN_ADDRESS } from './support/fake-engine.js';
import { type Listening, listen } from './support/listen.js';
import { templateDataDir } from './support/store-template.js';

const silent = createLogger({ level: 'silent' });
let store: Store;
let api: Listening;
let limited: Listening;
let unconfigured: Listening;
let brokenDb: Listening;
const now = new Date('2026-05-10T08:00:00.000Z');
const clock = (): Date => now;

beforeAll(async () => {
  store = await openStore({ dataDir: await templateDataDir() });
  api = await listen(createServer({ store, engine: fakeEngine(), clock, logger: silent }));
  limited = await listen(createServer({ store, engine: fakeEngine(), clock, logger: silent, rateLimits: { starter: { points: 2, durationSeconds: 60 } } }));
  unconfigured = await listen(createServer({ store, engine: UNCONFIGURED_ENGINE, clock, logger: silent }));
  // The same store whose database refuses every query, as when PostgreSQL is down.
  const down: Store = { ...store, ping: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432')) };
  brokenDb = await listen(createServer({ store: down, engine: fakeEngine(), clock, logger: silent }));
});

afterAll(async () => {
  await Promise.all([api?.close(), limited?.close(), unconfigured?.close(), brokenDb?.close()]);
  await store?.close();
});

async function score(base: string, apiKey: string, address = 'Städtle 38, 9490 Vaduz'): Promise<Response> {
  return fetch(base + SCORE_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HEADERS.apiKey]: apiKey },
    body: JSON.stringify({ address, category: 'coffee' }),
  });
}

async function usage(base: string, apiKey: string): Promise<Usage> {
  const response = await fetch(base + USAGE_PATH, { headers: { [HEADERS.apiKey]: apiKey } });
  expect(response.status).toBe(200);
  return Usage.parse(await response.json());
}

/** Value of the sample `name` whose labels include `labels`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

async function metrics(base: string): Promise<string> {
  const response = await fetch(`${base}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

describe('GET /healthz and /readyz', () => {
  it('/healthz answers 200 {status: ok} without a key', async () => {
    const response = await fetch(`${api.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get(HEADERS.requestId)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('/readyz is 200 with a database and a region', async () => {
    const response = await fetch(`${api.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', checks: { database: 'ok', regions: 'ok', shutdown: 'ok' } });
  });

  it('/readyz is 503 naming the regions check when no region is loaded', async () => {
    const response = await fetch(`${unconfigured.url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', regions: 'failed: no region pack is loaded', shutdown: 'ok' },
    });
  });

  it('/readyz is 503 naming the database check when the database refuses queries; /healthz stays 200', async () => {
    const response = await fetch(`${brokenDb.url}/readyz`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { checks: Record<string, string> };
    expect(body.checks.database).toBe('failed: connect ECONNREFUSED 10.0.0.5:5432');
    expect(body.checks.regions).toBe('ok');
    expect((await fetch(`${brokenDb.url}/healthz`)).status).toBe(200);
  });

  it('ops endpoints cost no quota, even with a key', async () => {
    const { apiKey } = await store.keys.create({ plan: 'starter' });
    expect((await score(api.url, apiKey)).status).toBe(200);
    for (const path of ['/healthz', '/readyz', '/metrics', '/openapi.json', '/docs']) {
      const response = await fetch(api.url + path, { headers: { [HEADERS.apiKey]: apiKey } });
      expect(response.status, path).toBe(200);
      await response.arrayBuffer();
    }
    expect((await usage(api.url, apiKey)).used).toBe(1);
  });
});

describe('GET /metrics', () => {
  it('counts requests by route and status, scoring latency and quota rejections', async () => {
    const before = await metrics(api.url);
    const { apiKey } = await store.keys.create({ plan: 'starter' });
    for (let i = 0; i < 20; i += 1) expect((await score(api.url, apiKey, `${i + 1} Städtle, Vaduz`)).status).toBe(200);
    expect((await score(api.url, apiKey)).status).toBe(429);
    const other = await store.keys.create({ plan: 'growth' });
    expect((await score(api.url, other.apiKey, UNKNOWN_ADDRESS)).status).toBe(400);
    expect((await fetch(`${api.url}/no/such/${randomUUID()}`)).status).toBe(404);
    const after = await metrics(api.url);

    const delta = (name: string, labels: Record<string, string>): number => (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta('locscore_http_requests_total', { method: 'POST', route: SCORE_PATH, status: '200' })).toBe(20);
    expect(delta('locscore_http_requests_total', { method: 'POST', route: SCORE_PATH, status: '429' })).toBe(1);
    expect(delta('locscore_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(delta('locscore_http_request_duration_seconds_count', { method: 'POST', route: SCORE_PATH, status: '200' })).toBe(20);
    expect(delta('locscore_quota_rejections_total', { plan: 'starter' })).toBe(1);
    // A key whose quota is already spent is refused before any scoring (issue 22), so the 21st was not scored.
    expect(delta('locscore_scoring_duration_seconds_count', { outcome: 'ok' })).toBe(20);
    expect(delta('locscore_scoring_duration_seconds_count', { outcome: 'address_not_found' })).toBe(1);
    // Random paths never become label values.
    expect(after).not.toMatch(/route="\/no\/such/);
    expect(sample(after, 'locscore_process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('reads queue depth and webhook attempts by outcome from the database at scrape time', async () => {
    const before = await metrics(api.url);
    const { id: keyId } = (await store.keys.authenticate((await store.keys.create({ plan: 'growth' })).apiKey)) ?? { id: '' };
    const body = { address: 'Städtle 38, 9490 Vaduz', category: 'coffee' as const };
    const queued = [randomUUID(), randomUUID()];
    for (const id of queued) await store.requests.insert({ id, keyId, mode: 'async', status: 'queued', body, webhookUrl: 'https://example.com/hook' });
    const delivered = randomUUID();
    await store.requests.insert({ id: delivered, keyId, mode: 'async', status: 'succeeded', body, webhookUrl: 'https://example.com/hook' });
    const deliveryId = (await store.deliveries.create(delivered, new Date())) ?? '';
    for (const [attempt, statusCode] of [
      [1, null],
      [2, 503],
      [3, 410],
      [4, 200],
    ] as const) {
      await store.deliveries.recordAttempt(deliveryId, { attempt, statusCode, error: null, durationMs: 5 }, 'pending', new Date());
    }
    const after = await metrics(api.url);
    const delta = (name: string, labels: Record<string, string>): number => (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta('locscore_queue_depth', { status: 'queued' })).toBe(2);
    for (const outcome of ['delivered', 'gone', 'http_error', 'network_error']) {
      expect(delta('locscore_webhook_attempts', { outcome }), outcome).toBe(1);
    }
  });
});

describe('security headers', () => {
  it('helmet headers are on API answers and errors', async () => {
    for (const response of [await fetch(`${api.url}/healthz`), await fetch(api.url + SCORE_PATH, { method: 'POST' })]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });
});

describe('per-key burst limit', () => {
  it('is off by default', async () => {
    const { apiKey } = await store.keys.create({ plan: 'starter' });
    const statuses = await Promise.all(Array.from({ length: 8 }, (_, i) => score(api.url, apiKey, `${i + 1} Rate Road`).then((r) => r.status)));
    expect(statuses).toEqual(Array(8).fill(200));
  });

  it('answers 429 rate_limited with Retry-After past the plan limit, without spending quota', async () => {
    const { apiKey } = await store.keys.create({ plan: 'starter' });
    expect((await score(limited.url, apiKey, '1 Burst Street')).status).toBe(200);
    expect((await score(limited.url, apiKey, '2 Burst Street')).status).toBe(200);
    const refused = await score(limited.url, apiKey, '3 Burst Street');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get(HEADERS.retryAfter));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const error = ErrorBody.parse(await refused.json()).error;
    expect(error.code).toBe('rate_limited');
    expect(error.code).not.toBe('quota_exceeded');
    expect(error.details).toMatchObject({ limit: 2, windowSeconds: 60 });
    expect(refused.headers.get(HEADERS.quotaRemaining)).toBeNull();
    // The usage endpoint is limited too: read usage through the unlimited app.
    expect((await usage(api.url, apiKey)).used).toBe(2);
    const text = await metrics(limited.url);
    expect(sample(text, 'locscore_rate_limited_total', { plan: 'starter' })).toBe(1);
  });

  it('limits each key on its own and leaves plans without a limit alone', async () => {
    const first = await store.keys.create({ plan: 'starter' });
    const second = await store.keys.create({ plan: 'starter' });
    const growth = await store.keys.create({ plan: 'growth' });
    for (const key of [first, second]) {
      expect((await score(limited.url, key.apiKey, '1 Own Road')).status).toBe(200);
      expect((await score(limited.url, key.apiKey, '2 Own Road')).status).toBe(200);
    }
    expect((await score(limited.url, first.apiKey, '3 Own Road')).status).toBe(429);
    for (let i = 0; i < 5; i += 1) expect((await score(limited.url, growth.apiKey, `${i} Free Road`)).status).toBe(200);
    // A bad key is not rate limited but refused by authentication.
    expect((await score(limited.url, 'lsk_not_a_real_key_0000000000000000')).status).toBe(401);
  });
});
