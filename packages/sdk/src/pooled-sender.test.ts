import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScoreResult } from '@locscore/schema';
import { errorBody, fail, ok, REQUEST_ID, respondInTurn, scoreResult, type Responder, type SeenRequest } from '../test/fixtures.js';
import { LocScoreClient, type LocScoreClientOptions } from './client.js';
import { LocScoreError } from './errors.js';

// scoreBatch sends over the pooled node:http transport, score() over ky and
// fetch: every case below runs through both and must end the same way.

const BASE = 'http://api.locscore.test';
const SCORE_URL = `${BASE}/api/franchisor/score`;
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());
beforeEach(() => {
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

/** Serves `responses` in turn on the score URL (the last one repeats) and records every request. */
const sequence = (responses: Responder[]): SeenRequest[] => respondInTurn(server, 'post', SCORE_URL, responses);

const ROW = { address: 'Städtle 38, 9490 Vaduz', category: 'coffee' } as const;

/** One row through scoreBatch: its result, or its error thrown. */
async function viaPool(client: LocScoreClient): Promise<ScoreResult> {
  for await (const outcome of client.scoreBatch([ROW])) {
    if ('error' in outcome) throw outcome.error;
    return outcome.result;
  }
  throw new Error('scoreBatch yielded nothing');
}

const TRANSPORTS = {
  fetch: (client: LocScoreClient) => client.score(ROW),
  pool: viaPool,
} as const;

/** What a call ended with, comparable across transports. */
async function outcomeOf(
  transport: keyof typeof TRANSPORTS,
  options: LocScoreClientOptions,
  responses: Responder[],
  extraHandlers: Parameters<typeof server.use> = [],
) {
  server.resetHandlers(...extraHandlers);
  const requests = sequence(responses);
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const client = new LocScoreClient({ apiKey: 'lsk_test_key', baseUrl: BASE, ...options });
  const settled = await TRANSPORTS[transport](client).then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );
  const { error } = settled as { error?: unknown };
  const fetchCalls = fetchSpy.mock.calls.length;
  fetchSpy.mockRestore();
  return {
    requests,
    fetchCalls,
    result: 'result' in settled ? settled.result : undefined,
    error:
      error instanceof LocScoreError
        ? { class: error.constructor.name, ...error, message: error.message }
        : error === undefined
          ? undefined
          : { class: 'not a LocScoreError', message: String(error) },
  };
}

const CASES: Array<[string, LocScoreClientOptions, Responder[]]> = [
  ['a 200 result', {}, [ok]],
  ['a 400 with fields, not retried', {}, [fail(400, errorBody('invalid_request', 'invalid request', { fields: [{ field: 'category', message: 'bad' }] }))]],
  ['a 401, not retried', {}, [fail(401, errorBody('unauthorized', 'no such key'))]],
  [
    'a quota 429 with its headers, never retried',
    { maxRetries: 5 },
    [
      fail(429, errorBody('quota_exceeded', 'spent', { limit: 20, used: 20 }), {
        'retry-after': '0',
        'x-quota-limit': '20',
        'x-quota-remaining': '0',
        'x-quota-reset': '2026-12-01T00:00:00.000Z',
      }),
    ],
  ],
  ['a 500 retried maxRetries times', { maxRetries: 2 }, [fail(500, errorBody('scoring_failed', 'boom'))]],
  ['a 503 then a result', { maxRetries: 2 }, [fail(503, errorBody('not_configured', 'warming up')), ok]],
  ['an in-progress 409 retried', {}, [fail(409, errorBody('idempotency_conflict', 'busy', { reason: 'in_progress' })), ok]],
  ['another 409, not retried', {}, [fail(409, errorBody('idempotency_conflict', 'other body', { reason: 'different_body' })), ok]],
  ['a 502 that is not an API error body, not retried', {}, [() => new HttpResponse('<html>bad gateway</html>', { status: 502, headers: { 'x-request-id': REQUEST_ID } })]],
  ['a 200 that does not match ScoreResult', {}, [() => HttpResponse.json({ ...scoreResult(), score: 11 }, { headers: { 'x-request-id': REQUEST_ID } })]],
  ['a 200 that is not JSON', {}, [() => new HttpResponse('not json', { status: 200 })]],
];

describe('the pooled transport of scoreBatch', () => {
  it.each(CASES)('ends like the fetch transport on %s', async (_name, options, responses) => {
    const viaFetch = await outcomeOf('fetch', options, responses);
    const pooled = await outcomeOf('pool', options, responses);
    expect(pooled.error).toEqual(viaFetch.error);
    expect(pooled.result).toEqual(viaFetch.result);
    expect(pooled.requests.map((request) => request.body)).toEqual(viaFetch.requests.map((request) => request.body));
    expect(pooled.requests.length).toBeGreaterThan(0);
    expect(viaFetch.fetchCalls).toBe(viaFetch.requests.length);
    expect(pooled.fetchCalls).toBe(0);
  });

  it('sends the same headers as the fetch transport, with one idempotency key across retries', async () => {
    const responses = [fail(500, errorBody('scoring_failed', 'boom')), ok];
    const pooled = await outcomeOf('pool', {}, responses);
    const viaFetch = await outcomeOf('fetch', {}, responses);
    for (const name of ['accept', 'content-type', 'x-api-key', 'user-agent']) {
      expect(pooled.requests[0]?.headers.get(name), name).toBe(viaFetch.requests[0]?.headers.get(name));
    }
    const keys = pooled.requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('uses the caller’s fetch option instead of the pool when one is given', async () => {
    const requests = sequence([ok]);
    const fetchSpy = vi.fn(globalThis.fetch);
    await viaPool(new LocScoreClient({ apiKey: 'lsk_test_key', baseUrl: BASE, fetch: fetchSpy }));
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(1);
  });

  it('fails every row with AuthenticationError without a key, sending nothing', async () => {
    vi.stubEnv('LOCSCORE_API_KEY', '');
    const requests = sequence([ok]);
    const error = await viaPool(new LocScoreClient({ baseUrl: BASE })).catch((caught: unknown) => caught);
    vi.unstubAllEnvs();
    expect(error).toMatchObject({ name: 'AuthenticationError', code: 'missing_api_key' });
    expect(requests).toHaveLength(0);
  });

  it('honours a rate_limited Retry-After (seconds, no jitter), then throws RateLimitError', async () => {
    const requests = sequence([fail(429, errorBody('rate_limited', 'slow down'), { 'retry-after': '0.3' })]);
    const error = await viaPool(new LocScoreClient({ apiKey: 'k', baseUrl: BASE, maxRetries: 1 })).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'RateLimitError', code: 'rate_limited' });
    expect(requests).toHaveLength(2);
    const gap = (requests[1]?.at ?? 0) - (requests[0]?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(280);
    expect(gap).toBeLessThan(1_000);
  });

  it('waits a full-jitter delay below 500 ms then 1000 ms (random 0.9 gives 450 ms then 900 ms)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.9);
    const requests = sequence([fail(500, errorBody('scoring_failed', 'boom'))]);
    await viaPool(new LocScoreClient({ apiKey: 'k', baseUrl: BASE, maxRetries: 2 })).catch(() => undefined);
    expect(requests).toHaveLength(3);
    const first = (requests[1]?.at ?? 0) - (requests[0]?.at ?? 0);
    const second = (requests[2]?.at ?? 0) - (requests[1]?.at ?? 0);
    expect(first).toBeGreaterThanOrEqual(430);
    expect(first).toBeLessThan(500 + 150);
    expect(second).toBeGreaterThanOrEqual(880);
    expect(second).toBeLessThan(1_000 + 150);
  });

  it('retries network errors, then yields ConnectionError', async () => {
    const requests = sequence([() => HttpResponse.error()]);
    const error = await viaPool(new LocScoreClient({ apiKey: 'k', baseUrl: BASE, maxRetries: 2 })).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ConnectionError', code: 'connection_error', status: null });
    expect((error as Error).message).toContain(`POST ${SCORE_URL} failed`);
    expect(requests).toHaveLength(3);
  });

  it('times out a slow attempt, retries it, then yields TimeoutError', async () => {
    const requests = sequence([
      async () => {
        await delay(1_000);
        return ok();
      },
    ]);
    const error = await viaPool(new LocScoreClient({ apiKey: 'k', baseUrl: BASE, timeoutMs: 100, maxRetries: 1 })).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'TimeoutError', code: 'timeout', status: null });
    expect(requests).toHaveLength(2);
  });

  it('hands a redirect to the fetch transport, which ends as it always did', async () => {
    const moved = `${BASE}/v2/api/franchisor/score`;
    let reached = 0;
    const target = http.post(moved, () => {
      reached += 1;
      return ok();
    });
    const redirect = () => new HttpResponse(null, { status: 307, headers: { location: moved } });
    const viaFetch = await outcomeOf('fetch', { maxRetries: 0 }, [redirect], [target]);
    const pooled = await outcomeOf('pool', { maxRetries: 0 }, [redirect], [target]);
    // ky's Request body is a stream, which fetch cannot replay on a 307: a network error either way.
    expect(pooled.error).toEqual(viaFetch.error);
    expect(pooled.error).toMatchObject({ class: 'ConnectionError' });
    expect(pooled.requests).toHaveLength(2);
    expect(pooled.fetchCalls).toBe(1);
    expect(pooled.requests[1]?.headers.get('idempotency-key')).toBe(pooled.requests[0]?.headers.get('idempotency-key'));
    expect(reached).toBe(0);
  });
});
