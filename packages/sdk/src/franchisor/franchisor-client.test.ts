import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { requestDetail, requestSummary, siteMap, usageReport } from '../../test/admin-fixtures.js';
import { errorBody, fail, ok, REQUEST_ID, type Responder, respondInTurn } from '../../test/fixtures.js';
import { useMockApi } from '../../test/mock-api.js';
import { LocScoreClient } from '../client.js';
import { AuthenticationError, BadRequestError, NotFoundError } from '../errors.js';
import { FranchisorClient } from './franchisor-client.js';

const BASE = 'http://api.locscore.test';
const KEY = 'lsk_test_key_0123456789';
const server = useMockApi();

beforeEach(() => {
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

const json =
  (body: object, status = 200): Responder =>
  () =>
    HttpResponse.json(body, { status });
const usage = { plan: 'starter', used: 3, limit: 20, remaining: 17, periodStart: '2026-11-01T00:00:00.000Z', resetAt: '2026-12-01T00:00:00.000Z' };

describe('FranchisorClient with an API key', () => {
  it('asks for the site map with the point, radius and category in the query', async () => {
    const seen = respondInTurn(server, 'get', `${BASE}/api/franchisor/map`, [json(siteMap())]);
    const map = await new FranchisorClient({ baseUrl: BASE, apiKey: KEY }).map({ lat: 47.14, lng: 9.52, radius: 800, category: 'coffee' });
    expect(map.features.map((feature) => feature.properties.kind)).toEqual(['road', 'station', 'competitor']);
    expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toEqual({ lat: '47.14', lng: '9.52', radius: '800', category: 'coffee' });
    expect(seen[0]?.headers.get('x-api-key')).toBe(KEY);
  });

  it('turns the server’s 400 on a radius over 2,000 m into a BadRequestError naming radius', async () => {
    respondInTurn(server, 'get', `${BASE}/api/franchisor/map`, [
      fail(400, errorBody('invalid_request', 'radius must be at most 2000', { fields: [{ field: 'radius', message: 'radius must be at most 2000' }] })),
    ]);
    const error = await new FranchisorClient({ baseUrl: BASE, apiKey: KEY }).map({ lat: 47.14, lng: 9.52, radius: 5000 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).fields[0]?.field).toBe('radius');
  });

  it('lists its own requests with filters, and reads one with deliveries', async () => {
    const listed = respondInTurn(server, 'get', `${BASE}/api/franchisor/requests`, [json({ items: [requestSummary()], nextCursor: 'next' })]);
    respondInTurn(server, 'get', `${BASE}/api/franchisor/requests/:id`, [json(requestDetail()), fail(404, errorBody('not_found', 'no such request'))]);
    const client = new FranchisorClient({ baseUrl: BASE, apiKey: KEY });
    const page = await client.requests.list({ status: 'succeeded', since: '2026-11-01T00:00:00Z', cursor: 'abc' });
    expect(page.nextCursor).toBe('next');
    expect(listed[0]?.url.search).toBe('?status=succeeded&since=2026-11-01T00%3A00%3A00Z&cursor=abc');
    expect((await client.requests.get(REQUEST_ID)).deliveries).toHaveLength(1);
    await expect(client.requests.get(REQUEST_ID)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('reads usage and the month’s report', async () => {
    respondInTurn(server, 'get', `${BASE}/api/franchisor/usage`, [json(usage)]);
    const report = respondInTurn(server, 'get', `${BASE}/api/franchisor/usage-report`, [json(usageReport())]);
    const client = new FranchisorClient({ baseUrl: BASE, apiKey: KEY });
    expect((await client.usage()).remaining).toBe(17);
    expect((await client.usageReport('2026-11')).days[0]?.requests).toBe(3);
    expect(report[0]?.url.search).toBe('?month=2026-11');
  });

  it('sends nothing without a key or a session', async () => {
    await expect(new FranchisorClient({ baseUrl: BASE }).usage()).rejects.toMatchObject({ constructor: AuthenticationError, code: 'missing_api_key' });
  });
});

describe('FranchisorClient with a dashboard session', () => {
  it('scores with an idempotency key, the CSRF token and, for an operator, the key to charge', async () => {
    const seen = respondInTurn(server, 'post', `${BASE}/api/franchisor/score`, [ok]);
    const client = new FranchisorClient({ baseUrl: BASE, session: { csrfToken: 'csrf-0123456789abcdef' } });
    const result = await client.score({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' }, { onBehalfOf: 'lsk_Q2hVx9aB' });
    expect(result.score).toBe(7.4);
    const headers = seen[0]?.headers;
    expect(headers?.get('x-csrf-token')).toBe('csrf-0123456789abcdef');
    expect(headers?.get('x-on-behalf-of')).toBe('lsk_Q2hVx9aB');
    expect(headers?.get('idempotency-key')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(headers?.get('x-api-key')).toBeNull();
  });

  it('retries a score after a 500 with the same idempotency key', async () => {
    const seen = respondInTurn(server, 'post', `${BASE}/api/franchisor/score`, [fail(500, errorBody('scoring_failed', 'boom')), ok]);
    await new FranchisorClient({ baseUrl: BASE, session: { csrfToken: 'csrf-0123456789abcdef' }, maxRetries: 1 }).score({
      address: 'Städtle 38, 9490 Vaduz',
      category: 'coffee',
    });
    expect(seen).toHaveLength(2);
    expect(seen[1]?.headers.get('idempotency-key')).toBe(seen[0]?.headers.get('idempotency-key'));
  });

  it('redelivers without retrying and with the CSRF token', async () => {
    const seen = respondInTurn(server, 'post', `${BASE}/api/franchisor/requests/:id/redeliver`, [fail(503, errorBody('not_configured', 'busy'))]);
    const client = new FranchisorClient({ baseUrl: BASE, session: { csrfToken: 'csrf-0123456789abcdef' }, maxRetries: 2 });
    await expect(client.requests.redeliver(REQUEST_ID)).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.get('x-csrf-token')).toBe('csrf-0123456789abcdef');
  });
});

describe('LocScoreClient', () => {
  it('exposes the request log, the usage report and the map with its own key, over its own transport', async () => {
    const listed = respondInTurn(server, 'get', `${BASE}/api/franchisor/requests`, [json({ items: [], nextCursor: null })]);
    const mapped = respondInTurn(server, 'get', `${BASE}/api/franchisor/map`, [json(siteMap())]);
    respondInTurn(server, 'get', `${BASE}/api/franchisor/usage-report`, [json(usageReport())]);
    // msw answers through globalThis.fetch; without `fetch` these calls would go over the client's pool like its scores.
    const client = new LocScoreClient({ apiKey: KEY, baseUrl: BASE, fetch: (input, init) => globalThis.fetch(input, init) });
    expect((await client.requests.list()).items).toEqual([]);
    expect((await client.map({ lat: 47.14, lng: 9.52 })).meta.region).toBe('liechtenstein');
    expect((await client.usageReport()).month).toBe('2026-11');
    expect(listed[0]?.headers.get('x-api-key')).toBe(KEY);
    expect(mapped[0]?.url.search).toBe('?lat=47.14&lng=9.52');
  });
});
