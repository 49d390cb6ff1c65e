import { CATEGORIES, ErrorBody, HEADERS, MAX_BODY_BYTES, SCORE_PATH, ScoreResult } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.js';
import { UNCONFIGURED_ENGINE } from '../src/engine-loader.js';
import { quotaPeriod } from '../src/services/usage/period.js';
import { openStore, type Store } from '../src/store/open-store.js';
import { AMBIGUOUS_ADDRESS, AMBIGUOUS_CANDIDATES, failingEngine, fakeEngine, UNKNOWN_ADDRESS } from './support/fake-engine.js';
import { type Listening, listen } from './support/listen.js';
import { templateDataDir } from './support/store-template.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let store: Store;
let now = new Date('2026-03-15T12:00:00.000Z');
const engine = fakeEngine();
let api: Listening;
let failing: Listening;
let unconfigured: Listening;

beforeAll(async () => {
  store = await openStore({ dataDir: await templateDataDir() });
  const clock = (): Date => now;
  api = await listen(createServer({ store, engine, clock }));
  failing = await listen(createServer({ store, engine: failingEngine(), clock }));
  unconfigured = await listen(createServer({ store, engine: UNCONFIGURED_ENGINE, clock }));
});

afterAll(async () => {
  await Promise.all([api?.close(), failing?.close(), unconfigured?.close()]);
  await store?.close();
});

interface Sent {
  status: number;
  headers: Headers;
  body: unknown;
}

async function post(base: string, apiKey: string | null, body: unknown, init: { contentType?: string | null; raw?: string } = {}): Promise<Sent> {
  const headers: Record<string, string> = {};
  if (apiKey !== null) headers[HEADERS.apiKey] = apiKey;
  const contentType = init.contentType === undefined ? 'application/json' : init.contentType;
  if (contentType !== null) headers['content-type'] = contentType;
  const response = await fetch(base + SCORE_PATH, {
    method: 'POST',
    headers,
    body: init.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  expect(response.headers.get('content-type') ?? '').toMatch(/application\/json/);
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as unknown };
}

function errorOf(sent: Sent): ErrorBody['error'] {
  const parsed = ErrorBody.parse(sent.body);
  expect(parsed.error.requestId).toBe(sent.headers.get(HEADERS.requestId));
  return parsed.error;
}

const valid = { address: 'Städtle 38, 9490 Vaduz', category: 'coffee' };

describe('POST /api/franchisor/score (synchronous)', () => {
  it('answers a valid ScoreResult with meta.requestId and quota headers', async () => {
    const { apiKey } = await store.keys.create({ plan: 'growth', name: 'happy path' });
    const sent = await post(api.url, apiKey, valid);
    expect(sent.status).toBe(200);
    const result = ScoreResult.parse(sent.body);
    const requestId = sent.headers.get(HEADERS.requestId);
    expect(requestId).toMatch(UUID_V4);
    expect(result.meta?.requestId).toBe(requestId);
    expect(result.meta?.matchedAddress).toBe(valid.address);
    expect(sent.headers.get(HEADERS.quotaLimit)).toBe('100');
    expect(sent.headers.get(HEADERS.quotaRemaining)).toBe('99');
    expect(sent.headers.get(HEADERS.quotaReset)).toBe('2026-04-01T00:00:00.000Z');
  });

  it('trims the address before scoring', async () => {
    const { apiKey } = await store.keys.create({ plan: 'growth' });
    const sent = await post(api.url, apiKey, { address: `  ${valid.address}  `, category: 'pharmacy-health' });
    expect(sent.status).toBe(200);
    expect(ScoreResult.parse(sent.body).meta?.matchedAddress).toBe(valid.address);
  });

  it('gives a Starter key 20 results, then 429 with Retry-After and quota details', async () => {
    const { apiKey } = await store.keys.create({ plan: 'starter' });
    for (let index = 1; index <= 20; index += 1) {
      const sent = await post(api.url, apiKey, valid);
      expect(sent.status).toBe(200);
      expect(sent.headers.get(HEADERS.quotaRemaining)).toBe(String(20 - index));
    }
    const refused = await post(api.url, apiKey, valid);
    expect(refused.status).toBe(429);
    const error = errorOf(refused);
    expect(error.code).toBe('quota_exceeded');
    expect(error.details).toEqual({ limit: 20, used: 20, resetAt: '2026-04-01T00:00:00.000Z' });
    expect(refused.headers.get(HEADERS.quotaLimit)).toBe('20');
    expect(refused.headers.get(HEADERS.quotaRemaining)).toBe('0');
    expect(refused.headers.get(HEADERS.quotaReset)).toBe('2026-04-01T00:00:00.000Z');
    // 2026-03-15T12:00Z to 2026-04-01T00:00Z: 16.5 days.
    expect(refused.headers.get(HEADERS.retryAfter)).toBe(String(16.5 * 86_400));
  });

  it('resets the quota at 00:00 UTC on the 1st', async () => {
    const { apiKey } = await store.keys.create({ plan: 'starter' });
    const saved = now;
    try {
      now = new Date('2026-05-31T23:59:30.000Z');
      for (let index = 0; index < 20; index += 1) expect((await post(api.url, apiKey, valid)).status).toBe(200);
      const refused = await post(api.url, apiKey, valid);
      expect(refused.status).toBe(429);
      expect(refused.headers.get(HEADERS.retryAfter)).toBe('30');
      now = new Date('2026-06-01T00:00:00.000Z');
      const next = await post(api.url, apiKey, valid);
      expect(next.status).toBe(200);
      expect(next.headers.get(HEADERS.quotaRemaining)).toBe('19');
      expect(next.headers.get(HEADERS.quotaReset)).toBe('2026-07-01T00:00:00.000Z');
    } finally {
      now = saved;
    }
  });

  it('marks an enterprise key unlimited', async () => {
    const { apiKey } = await store.keys.create({ plan: 'enterprise' });
    const sent = await post(api.url, apiKey, valid);
    expect(sent.status).toBe(200);
    expect(sent.headers.get(HEADERS.quotaLimit)).toBe('unlimited');
    expect(sent.headers.get(HEADERS.quotaRemaining)).toBe('unlimited');
    expect(sent.headers.get(HEADERS.quotaReset)).toBe('2026-04-01T00:00:00.000Z');
  });

  it('never lets concurrent requests exceed the quota', async () => {
    const { apiKey } = await store.keys.create({ plan: 'starter' });
    const all = await Promise.all(Array.from({ length: 26 }, () => post(api.url, apiKey, valid)));
    expect(all.filter((sent) => sent.status === 200)).toHaveLength(20);
    expect(all.filter((sent) => sent.status === 429)).toHaveLength(6);
  });
});

describe('authentication', () => {
  it('answers 401 without a key, with an unknown key, and with a revoked key', async () => {
    const missing = await post(api.url, null, valid);
    expect(missing.status).toBe(401);
    expect(errorOf(missing).code).toBe('unauthorized');
    expect(errorOf(missing).message).toMatch(/X-API-Key/);

    const unknown = await post(api.url, 'lsk_thisKeyWasNeverIssuedToAnyone0000', valid);
    expect(unknown.status).toBe(401);
    expect(errorOf(unknown).code).toBe('unauthorized');

    const created = await store.keys.create({ plan: 'starter' });
    expect((await post(api.url, created.apiKey, valid)).status).toBe(200);
    expect(await store.keys.revoke(created.prefix)).toBe(true);
    expect(await store.keys.revoke(created.prefix)).toBe(false);
    const revoked = await post(api.url, created.apiKey, valid);
    expect(revoked.status).toBe(401);
    expect(errorOf(revoked).code).toBe('unauthorized');
  });

  it('checks the key before the body', async () => {
    const sent = await post(api.url, null, undefined, { raw: '{not json' });
    expect(sent.status).toBe(401);
  });
});

describe('bad input answers 4xx naming the field and never counts', () => {
  let apiKey: string;
  let prefix: string;
  beforeAll(async () => {
    ({ apiKey, prefix } = await store.keys.create({ plan: 'starter', name: 'bad input' }));
  });

  async function expectInvalid(body: unknown, fields: string[], init: { raw?: string } = {}): Promise<ErrorBody['error']> {
    const sent = await post(api.url, apiKey, body, init);
    expect(sent.status).toBe(400);
    const error = errorOf(sent);
    expect(error.code).toBe('invalid_request');
    expect((error.details?.fields ?? []).map((issue) => issue.field).sort()).toEqual([...fields].sort());
    return error;
  }

  it('names a missing address and category', async () => {
    await expectInvalid({}, ['address', 'category']);
  });

  it('names a too-short and a too-long address', async () => {
    await expectInvalid({ address: ' a ', category: 'coffee' }, ['address']);
    await expectInvalid({ address: 'x'.repeat(301), category: 'coffee' }, ['address']);
    await expectInvalid({ address: 42, category: 'coffee' }, ['address']);
  });

  it('lists the valid categories for an unknown one', async () => {
    const error = await expectInvalid({ address: valid.address, category: 'bakery' }, ['category']);
    const message = error.details?.fields?.[0]?.message ?? '';
    for (const category of CATEGORIES) expect(message).toContain(category);
  });

  it('names an unknown field and a bad webhookUrl', async () => {
    await expectInvalid({ ...valid, webhookURL: 'https://example.com/hook' }, ['webhookURL']);
    await expectInvalid({ ...valid, webhookUrl: 'ftp://example.com/hook' }, ['webhookUrl']);
  });

  it('names body for malformed JSON, a non-object and an empty body', async () => {
    await expectInvalid(undefined, ['body'], { raw: '{"address": "Städtle 38",' });
    await expectInvalid(['coffee'], ['body']);
    await expectInvalid('just a string', ['body']);
    const empty = await post(api.url, apiKey, undefined, { contentType: null });
    expect(empty.status).toBe(400);
    expect(errorOf(empty).details?.fields?.[0]?.field).toBe('body');
  });

  it('answers 413 above MAX_BODY_BYTES', async () => {
    const sent = await post(api.url, apiKey, { ...valid, padding: 'x'.repeat(MAX_BODY_BYTES) });
    expect(sent.status).toBe(413);
    expect(errorOf(sent).code).toBe('payload_too_large');
  });

  it('answers 415 for a non-JSON content type', async () => {
    const sent = await post(api.url, apiKey, undefined, {
      contentType: 'text/plain',
      raw: JSON.stringify(valid),
    });
    expect(sent.status).toBe(415);
    expect(errorOf(sent).code).toBe('unsupported_media_type');
    const form = await post(api.url, apiKey, undefined, {
      contentType: 'application/x-www-form-urlencoded',
      raw: 'address=x&category=coffee',
    });
    expect(form.status).toBe(415);
  });

  it('answers 400 address_not_found for an address the engine cannot locate', async () => {
    const sent = await post(api.url, apiKey, { address: UNKNOWN_ADDRESS, category: 'coffee' });
    expect(sent.status).toBe(400);
    const error = errorOf(sent);
    expect(error.code).toBe('address_not_found');
    expect(error.message).toMatch(/Nowhere Lane/);
  });

  it('answers 400 address_ambiguous with the candidates for an address in several towns', async () => {
    const sent = await post(api.url, apiKey, { address: AMBIGUOUS_ADDRESS, category: 'coffee' });
    expect(sent.status).toBe(400);
    const error = errorOf(sent);
    expect(error.code).toBe('address_ambiguous');
    expect(error.details).toMatchObject({ field: 'address', candidates: AMBIGUOUS_CANDIDATES });
    expect(ErrorBody.parse(sent.body).error.details?.candidates).toHaveLength(2);
  });

  it('answers 501 not_implemented for webhook mode on an app without a job queue', async () => {
    const sent = await post(api.url, apiKey, { ...valid, webhookUrl: 'https://example.com/hook' });
    expect(sent.status).toBe(501);
    expect(errorOf(sent).code).toBe('not_implemented');
  });

  it('counted none of the above against the quota', async () => {
    const [key] = (await store.keys.list()).filter((summary) => summary.prefix === prefix);
    expect(key).toBeDefined();
    const sent = await post(api.url, apiKey, valid);
    expect(sent.status).toBe(200);
    expect(sent.headers.get(HEADERS.quotaRemaining)).toBe('19');
  });
});

describe('server faults', () => {
  it('answers 500 scoring_failed and gives the quota unit back', async () => {
    const { apiKey } = await store.keys.create({ plan: 'starter' });
    const sent = await post(failing.url, apiKey, valid);
    expect(sent.status).toBe(500);
    expect(errorOf(sent).code).toBe('scoring_failed');
    expect(sent.headers.get(HEADERS.quotaRemaining)).toBe('20');
    const after = await post(api.url, apiKey, valid);
    expect(after.headers.get(HEADERS.quotaRemaining)).toBe('19');
  });

  it('answers 503 not_configured when no region is loaded, without counting', async () => {
    const { apiKey } = await store.keys.create({ plan: 'starter' });
    const sent = await post(unconfigured.url, apiKey, valid);
    expect(sent.status).toBe(503);
    expect(errorOf(sent).code).toBe('not_configured');
    const after = await post(api.url, apiKey, valid);
    expect(after.headers.get(HEADERS.quotaRemaining)).toBe('19');
  });
});

describe('every response', () => {
  it('carries a fresh X-Request-Id, also on 404s of unknown routes', async () => {
    const ids = new Set<string>();
    for (const path of ['/', '/nope', SCORE_PATH]) {
      const response = await fetch(api.url + path);
      expect(response.status).toBe(404);
      const body = ErrorBody.parse(await response.json());
      expect(body.error.code).toBe('not_found');
      const id = response.headers.get(HEADERS.requestId) ?? '';
      expect(id).toMatch(UUID_V4);
      expect(body.error.requestId).toBe(id);
      ids.add(id);
    }
    expect(ids.size).toBe(3);
  });
});

describe('store.keys', () => {
  it('creates lsk_ keys with a 12-character prefix and a whsec_ secret, lists and rotates', async () => {
    const created = await store.keys.create({ plan: 'growth', name: 'acme' });
    expect(created.apiKey).toMatch(/^lsk_[A-Za-z0-9_-]{32}$/);
    expect(created.prefix).toBe(created.apiKey.slice(0, 12));
    expect(Buffer.from(created.webhookSecret.replace(/^whsec_/, ''), 'base64').length).toBeGreaterThanOrEqual(24);
    const listed = (await store.keys.list()).find((key) => key.prefix === created.prefix);
    expect(listed).toEqual({
      prefix: created.prefix,
      plan: 'growth',
      name: 'acme',
      accountId: created.accountId,
      accountName: `acme (${created.prefix})`,
      createdAt: created.createdAt,
      revokedAt: null,
    });
    expect(JSON.stringify(await store.keys.list())).not.toContain(created.apiKey);
    const rotated = await store.keys.rotateSecret(created.prefix);
    expect(rotated?.webhookSecret).toMatch(/^whsec_/);
    expect(rotated?.webhookSecret).not.toBe(created.webhookSecret);
    expect((await store.keys.authenticate(created.apiKey))?.webhookSecret).toBe(rotated?.webhookSecret);
    expect(await store.keys.rotateSecret('lsk_missing0')).toBeNull();
  });

  it('registers a demo key idempotently', async () => {
    const demo = 'lsk_demo_key_for_the_quick_start';
    const first = await store.keys.register({ apiKey: demo, plan: 'growth' });
    const second = await store.keys.register({ apiKey: demo, plan: 'starter' });
    expect(second.prefix).toBe(first.prefix);
    expect(second.plan).toBe('starter');
    expect((await store.keys.list()).filter((key) => key.prefix === first.prefix)).toHaveLength(1);
    expect((await post(api.url, demo, valid)).status).toBe(200);
    await expect(store.keys.create({ plan: 'platinum' as 'growth' })).rejects.toThrow(/plan must be one of/);
  });

  it('uses UTC calendar months as quota periods', () => {
    expect(quotaPeriod(new Date('2026-12-31T23:59:59.999Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00.000Z'),
      end: new Date('2027-01-01T00:00:00.000Z'),
    });
  });
});
