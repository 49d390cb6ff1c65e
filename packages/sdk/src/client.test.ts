import { readFileSync } from 'node:fs';
import { delay, HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorBody, fail, ok, REQUEST_ID, type Responder, respondInTurn, scoreResult } from '../test/fixtures.js';
import { useMockApi } from '../test/mock-api.js';
import { LocScoreClient } from './client.js';
import {
  AbortedError,
  AddressAmbiguousError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InvalidResponseError,
  LocScoreError,
  NotFoundError,
  QuotaExceededError,
  RateLimitError,
  ScoringError,
  ServiceUnavailableError,
  TimeoutError,
} from './errors.js';

const BASE = 'http://api.locscore.test';
const SCORE_URL = `${BASE}/api/franchisor/score`;
const server = useMockApi();
const packageVersion = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

beforeEach(() => {
  // No jitter wait unless a test asks for it: full jitter with random 0 is a 0 ms delay.
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

/** msw answers through `globalThis.fetch`; the client's own pool goes around it (test/connection-pool.test.ts covers the pool). */
const viaGlobalFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

function client(options: ConstructorParameters<typeof LocScoreClient>[0] = {}): LocScoreClient {
  return new LocScoreClient({ apiKey: 'lsk_test_key', baseUrl: BASE, fetch: viaGlobalFetch, ...options });
}

/**
 * Runs `call` with fake timers and fires every timer it sets (the retry
 * delays and timeouts, polling waits) as soon as nothing else is pending,
 * so delays are checked on the fake clock, not measured on the wall clock.
 */
async function onFakeClock<T>(call: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  try {
    const settled = call().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await vi.runAllTimersAsync();
    const outcome = await settled;
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  } finally {
    vi.useRealTimers();
  }
}

/** Serves `responses` in turn on `method url` (the last one repeats) and records every request. */
const sequence = (method: 'post' | 'get', url: string, responses: Responder[]) => respondInTurn(server, method, url, responses);

describe('score', () => {
  it('sends the JSON body with the key, an idempotency key and the SDK user agent, and returns the validated result', async () => {
    const requests = sequence('post', SCORE_URL, [ok]);
    const result = await client().score({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' }, { idempotencyKey: 'row-1' });
    expect(result.score).toBe(7.4);
    expect(result.story).toBe('Strong Location');
    expect(requests).toHaveLength(1);
    const [sent] = requests;
    expect(sent?.body).toEqual({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' });
    expect(sent?.headers.get('content-type')).toBe('application/json');
    expect(sent?.headers.get('x-api-key')).toBe('lsk_test_key');
    expect(sent?.headers.get('idempotency-key')).toBe('row-1');
    expect(sent?.headers.get('user-agent')).toMatch(new RegExp(`^locscore-sdk/${packageVersion.replaceAll('.', '\\.')} `));
  });

  it('generates a UUID idempotency key when none is given and keeps it across retries', async () => {
    const requests = sequence('post', SCORE_URL, [fail(500, errorBody('scoring_failed', 'boom')), ok]);
    await client().score({ address: '1 Main St', category: 'coffee' });
    expect(requests).toHaveLength(2);
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('reads the key and base URL from LOCSCORE_API_KEY and LOCSCORE_BASE_URL', async () => {
    vi.stubEnv('LOCSCORE_API_KEY', 'lsk_from_env');
    vi.stubEnv('LOCSCORE_BASE_URL', `${BASE}/`);
    const requests = sequence('post', SCORE_URL, [ok]);
    const envClient = new LocScoreClient({ fetch: viaGlobalFetch });
    expect(envClient.baseUrl).toBe(BASE);
    await envClient.score({ address: '1 Main St', category: 'coffee' });
    expect(requests[0]?.headers.get('x-api-key')).toBe('lsk_from_env');
  });

  it('throws a clear AuthenticationError at call time when no key is configured, without sending', async () => {
    vi.stubEnv('LOCSCORE_API_KEY', '');
    const requests = sequence('post', SCORE_URL, [ok]);
    const noKey = new LocScoreClient({ baseUrl: BASE });
    const error = await noKey.score({ address: '1 Main St', category: 'coffee' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ code: 'missing_api_key', status: null });
    expect((error as Error).message).toContain('LOCSCORE_API_KEY');
    expect(requests).toHaveLength(0);
  });

  it('refuses bad constructor options naming the field', () => {
    expect(() => new LocScoreClient({ apiKey: 'k', baseUrl: 'ftp://x' })).toThrow(/baseUrl/);
    expect(() => new LocScoreClient({ apiKey: 'k', baseUrl: 'not a url' })).toThrow(/baseUrl/);
    expect(() => new LocScoreClient({ apiKey: 'k', timeoutMs: -1 })).toThrow(/timeoutMs/);
    expect(() => new LocScoreClient({ apiKey: 'k', maxRetries: 1.5 })).toThrow(/maxRetries/);
  });
});

describe('error mapping', () => {
  it('maps 400 invalid_request to BadRequestError with fields, without retrying', async () => {
    const fields = [{ field: 'category', message: 'category must be one of: coffee, …' }];
    const requests = sequence('post', SCORE_URL, [fail(400, errorBody('invalid_request', 'invalid request', { fields }))]);
    const error = await client()
      .score({ address: '1 Main St', category: 'coffee' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', message: 'invalid request', fields });
    expect((error as BadRequestError).requestId).toBe('9f1c7a3e-2b4d-4c6e-8f0a-1b2c3d4e5f60');
    expect(requests).toHaveLength(1);
  });

  it('maps 400 address_not_found to BadRequestError with no fields', async () => {
    sequence('post', SCORE_URL, [fail(400, errorBody('address_not_found', 'no such address'))]);
    const error = await client()
      .score({ address: '999 Nowhere', category: 'coffee' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ code: 'address_not_found', fields: [] });
  });

  it('maps 400 address_ambiguous to AddressAmbiguousError with the candidates, and keeps near misses of address_not_found', async () => {
    const candidates = [
      { matchedAddress: 'Landstrasse 92, 9490 Vaduz', lat: 47.1497, lng: 9.5122, region: 'Liechtenstein', precision: 'address_point' as const },
      { matchedAddress: 'Landstrasse 92, 9491 Ruggell', lat: 47.2368, lng: 9.5203, region: 'Liechtenstein', precision: 'address_point' as const },
    ];
    sequence('post', SCORE_URL, [fail(400, errorBody('address_ambiguous', 'address ambiguous', { field: 'address', reason: 'in 2 places', candidates }))]);
    const error = await client()
      .score({ address: 'Landstrasse 92', category: 'coffee' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AddressAmbiguousError);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, code: 'address_ambiguous', candidates });
    sequence('post', SCORE_URL, [
      fail(400, errorBody('address_not_found', 'not found', { reason: 'no Städtle 38 in 9494 Schaan', candidates: candidates.slice(0, 1) })),
    ]);
    const notFound = await client()
      .score({ address: 'Städtle 38, 9494 Schaan', category: 'coffee' })
      .catch((caught: unknown) => caught);
    expect(notFound).not.toBeInstanceOf(AddressAmbiguousError);
    expect(notFound).toMatchObject({ code: 'address_not_found', candidates: candidates.slice(0, 1) });
  });

  it.each([
    [401, 'unauthorized', AuthenticationError],
    [409, 'idempotency_conflict', ConflictError],
  ] as const)('maps %i %s to its class without retrying', async (status, code, ErrorClass) => {
    const requests = sequence('post', SCORE_URL, [fail(status, errorBody(code, `${code} happened`))]);
    const error = await client()
      .score({ address: '1 Main St', category: 'coffee' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(LocScoreError);
    expect(error).toMatchObject({ status, code, message: `${code} happened` });
    expect(requests).toHaveLength(1);
  });

  it('maps 404 of getRequest to NotFoundError', async () => {
    sequence('get', `${SCORE_URL}/:id`, [fail(404, errorBody('not_found', 'no such request'))]);
    const error = await client()
      .getRequest(REQUEST_ID)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('maps a quota 429 to QuotaExceededError with limit, remaining, resetAt and Retry-After, and never retries it', async () => {
    const requests = sequence('post', SCORE_URL, [
      fail(429, errorBody('quota_exceeded', 'monthly quota of 20 evaluations spent', { limit: 20, used: 20, resetAt: '2026-12-01T00:00:00.000Z' }), {
        'retry-after': '0',
        'x-quota-limit': '20',
        'x-quota-remaining': '0',
        'x-quota-reset': '2026-12-01T00:00:00.000Z',
      }),
    ]);
    const error = await client({ maxRetries: 5 })
      .score({ address: '1 Main St', category: 'coffee' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QuotaExceededError);
    const quota = error as QuotaExceededError;
    expect(quota).toMatchObject({ status: 429, code: 'quota_exceeded', limit: 20, remaining: 0, retryAfterSeconds: 0 });
    expect(quota.resetAt?.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(requests).toHaveLength(1);
  });

  it('falls back to details for quota fields when the headers are absent', async () => {
    sequence('post', SCORE_URL, [fail(429, errorBody('quota_exceeded', 'spent', { limit: 100, used: 100, resetAt: '2027-01-01T00:00:00.000Z' }))]);
    const error = (await client()
      .score({ address: '1 Main St', category: 'coffee' })
      .catch((caught: unknown) => caught)) as QuotaExceededError;
    expect(error).toMatchObject({ limit: 100, remaining: 0, retryAfterSeconds: null });
    expect(error.resetAt?.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('retries a rate_limited 429 after exactly its Retry-After (no jitter), then throws RateLimitError', async () => {
    const requests = sequence('post', SCORE_URL, [fail(429, errorBody('rate_limited', 'slow down'), { 'retry-after': '3' })]);
    const error = await onFakeClock(() => client({ maxRetries: 1 }).score({ address: '1 Main St', category: 'coffee' })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3 });
    expect(requests).toHaveLength(2);
    expect((requests[1]?.at ?? 0) - (requests[0]?.at ?? 0)).toBe(3_000);
  });

  it('retries a 503 after its Retry-After, and keeps it on ServiceUnavailableError', async () => {
    const requests = sequence('post', SCORE_URL, [fail(503, errorBody('not_configured', 'warming up'), { 'retry-after': '2' })]);
    const error = await onFakeClock(() => client({ maxRetries: 1 }).score({ address: '1 Main St', category: 'coffee' })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({ code: 'not_configured', retryAfterSeconds: 2 });
    expect((requests[1]?.at ?? 0) - (requests[0]?.at ?? 0)).toBe(2_000);
  });

  it('clamps a Retry-After over 60 s to 60 s', async () => {
    const requests = sequence('post', SCORE_URL, [fail(429, errorBody('rate_limited', 'slow down'), { 'retry-after': '3600' }), ok]);
    await onFakeClock(() => client({ maxRetries: 1 }).score({ address: '1 Main St', category: 'coffee' }));
    expect((requests[1]?.at ?? 0) - (requests[0]?.at ?? 0)).toBe(60_000);
  });

  it.each([
    [500, 'scoring_failed', ScoringError],
    [503, 'not_configured', ServiceUnavailableError],
  ] as const)('retries %i (%s) maxRetries times, then throws its class', async (status, code, ErrorClass) => {
    const requests = sequence('post', SCORE_URL, [fail(status, errorBody(code, 'try again'))]);
    const error = await client({ maxRetries: 2 })
      .score({ address: '1 Main St', category: 'coffee' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toMatchObject({ status, code });
    expect(requests).toHaveLength(3);
  });

  it('uses the status and X-Request-Id when the error body is not an API error body, and does not retry a 502', async () => {
    const requests = sequence('post', SCORE_URL, [
      () => new HttpResponse('<html>bad gateway</html>', { status: 502, headers: { 'x-request-id': REQUEST_ID } }),
    ]);
    const error = await client()
      .score({ address: '1 Main St', category: 'coffee' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocScoreError);
    expect(error).toMatchObject({ status: 502, code: 'http_502', requestId: REQUEST_ID });
    expect(requests).toHaveLength(1);
  });
});

describe('retries', () => {
  it('retries network errors and throws ConnectionError after maxRetries', async () => {
    const requests = sequence('post', SCORE_URL, [() => HttpResponse.error()]);
    const error = await client({ maxRetries: 2 })
      .score({ address: '1 Main St', category: 'coffee' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: null, code: 'connection_error' });
    expect(requests).toHaveLength(3);
  });

  it('recovers when a retry succeeds', async () => {
    const requests = sequence('post', SCORE_URL, [() => HttpResponse.error(), fail(503, errorBody('not_configured', 'warming up')), ok]);
    const result = await client({ maxRetries: 2 }).score({ address: '1 Main St', category: 'coffee' });
    expect(result.score).toBe(7.4);
    expect(requests).toHaveLength(3);
  });

  it('retries a 409 whose idempotency key is still in progress (an earlier attempt of ours), but not one with another body', async () => {
    const inProgress = fail(409, errorBody('idempotency_conflict', 'still being processed', { reason: 'in_progress' }));
    const requests = sequence('post', SCORE_URL, [inProgress, ok]);
    await expect(client().score({ address: '1 Main St', category: 'coffee' })).resolves.toMatchObject({ score: 7.4 });
    expect(requests).toHaveLength(2);
    server.resetHandlers();
    const otherBody = sequence('post', SCORE_URL, [fail(409, errorBody('idempotency_conflict', 'used with another body', { reason: 'different_body' })), ok]);
    await expect(client().score({ address: '1 Main St', category: 'coffee' })).rejects.toBeInstanceOf(ConflictError);
    expect(otherBody).toHaveLength(1);
  });

  it('does not retry with maxRetries 0', async () => {
    const requests = sequence('post', SCORE_URL, [fail(500, errorBody('scoring_failed', 'boom'))]);
    await expect(client({ maxRetries: 0 }).score({ address: '1 Main St', category: 'coffee' })).rejects.toBeInstanceOf(ScoringError);
    expect(requests).toHaveLength(1);
  });

  it('waits a full-jitter delay under 500 ms, then under 1000 ms (random 0.9 gives 450 ms, then 900 ms)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.9);
    const requests = sequence('post', SCORE_URL, [fail(500, errorBody('scoring_failed', 'boom'))]);
    await onFakeClock(() => client({ maxRetries: 2 }).score({ address: '1 Main St', category: 'coffee' })).catch(() => undefined);
    expect(requests).toHaveLength(3);
    const gaps = requests.slice(1).map((request, index) => request.at - (requests[index]?.at ?? 0));
    expect(gaps).toEqual([450, 900]);
  });

  it('caps the backoff at 8 s from the fifth retry', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const requests = sequence('post', SCORE_URL, [fail(503, errorBody('not_configured', 'warming up'))]);
    await onFakeClock(() => client({ maxRetries: 6 }).score({ address: '1 Main St', category: 'coffee' })).catch(() => undefined);
    const gaps = requests.slice(1).map((request, index) => request.at - (requests[index]?.at ?? 0));
    expect(gaps).toEqual([250, 500, 1_000, 2_000, 4_000, 4_000]);
  });

  it('times out an attempt that gets no answer with TimeoutError and retries it', async () => {
    const requests = sequence('post', SCORE_URL, [
      async () => {
        await delay('infinite');
        return ok();
      },
    ]);
    const error = await client({ timeoutMs: 100, maxRetries: 1 })
      .score({ address: '1 Main St', category: 'coffee' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout', status: null });
    expect(requests).toHaveLength(2);
  });

  it('stops with AbortedError, without retrying, when the caller aborts while the request is in flight', async () => {
    const controller = new AbortController();
    const requests = sequence('post', SCORE_URL, [
      async () => {
        controller.abort();
        await delay('infinite');
        return ok();
      },
    ]);
    const error = await client({ maxRetries: 3 })
      .score({ address: '1 Main St', category: 'coffee' }, { signal: controller.signal })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortedError);
    expect(requests).toHaveLength(1);
  });
});

describe('response validation', () => {
  it('throws InvalidResponseError naming the field when a 200 body does not match ScoreResult', async () => {
    sequence('post', SCORE_URL, [() => HttpResponse.json({ ...scoreResult(), score: 11 }, { headers: { 'x-request-id': REQUEST_ID } })]);
    const error = await client()
      .score({ address: '1 Main St', category: 'coffee' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ status: 200, code: 'invalid_response', requestId: REQUEST_ID });
    expect((error as Error).message).toMatch(/ScoreResult: score:/);
  });

  it('throws InvalidResponseError when a 200 body is not JSON', async () => {
    sequence('post', SCORE_URL, [() => new HttpResponse('not json', { status: 200 })]);
    await expect(client().score({ address: '1 Main St', category: 'coffee' })).rejects.toBeInstanceOf(InvalidResponseError);
  });
});

describe('async mode and usage', () => {
  it('scoreAsync sends webhookUrl and returns the QueuedAck', async () => {
    const requests = sequence('post', SCORE_URL, [() => HttpResponse.json({ queued: true, requestId: REQUEST_ID }, { status: 202 })]);
    const ack = await client().scoreAsync({ address: '1 Main St', category: 'gym-fitness', webhookUrl: 'https://hooks.example.com/locscore' });
    expect(ack).toEqual({ queued: true, requestId: REQUEST_ID });
    expect(requests[0]?.body).toEqual({ address: '1 Main St', category: 'gym-fitness', webhookUrl: 'https://hooks.example.com/locscore' });
  });

  it('getRequest returns the validated RequestStatus', async () => {
    const status = {
      requestId: REQUEST_ID,
      status: 'succeeded',
      result: scoreResult(),
      delivery: { attempts: 1, lastStatusCode: 204, nextAttemptAt: null, deliveredAt: '2026-11-23T10:00:00.000Z' },
    };
    server.use(http.get(`${SCORE_URL}/${REQUEST_ID}`, () => HttpResponse.json(status)));
    await expect(client().getRequest(REQUEST_ID)).resolves.toEqual(status);
    await expect(client().getRequest('')).rejects.toThrow(/requestId/);
  });

  it('waitForResult polls getRequest until the result arrives', async () => {
    const delivery = { attempts: 0, lastStatusCode: null, nextAttemptAt: null, deliveredAt: null };
    const requests = sequence('get', `${SCORE_URL}/${REQUEST_ID}`, [
      () => HttpResponse.json({ requestId: REQUEST_ID, status: 'queued', delivery }),
      () => HttpResponse.json({ requestId: REQUEST_ID, status: 'running', delivery }),
      () => HttpResponse.json({ requestId: REQUEST_ID, status: 'succeeded', result: scoreResult({ score: 8.6, story: 'Prime Location' }), delivery }),
    ]);
    const result = await client().waitForResult(REQUEST_ID, { intervalMs: 10 });
    expect(result.score).toBe(8.6);
    expect(requests).toHaveLength(3);
  });

  it('getUsage returns the validated Usage', async () => {
    const usage = { plan: 'starter', used: 3, limit: 20, remaining: 17, periodStart: '2026-11-01T00:00:00.000Z', resetAt: '2026-12-01T00:00:00.000Z' };
    server.use(http.get(`${BASE}/api/franchisor/usage`, () => HttpResponse.json(usage)));
    await expect(client().getUsage()).resolves.toEqual(usage);
  });
});
