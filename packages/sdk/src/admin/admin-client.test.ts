import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ID, account, createdKey, keyRecord, requestDetail, requestSummary, usageReport } from '../../test/admin-fixtures.js';
import { errorBody, fail, REQUEST_ID, type Responder, respondInTurn } from '../../test/fixtures.js';
import { useMockApi } from '../../test/mock-api.js';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  InvalidResponseError,
  NotFoundError,
  ServiceUnavailableError,
} from '../errors.js';
import { AdminClient } from './admin-client.js';

const BASE = 'http://api.locscore.test';
const TOKEN = 'a'.repeat(40);
const server = useMockApi();

beforeEach(() => {
  // Full jitter with random 0 is a 0 ms retry delay.
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

const json =
  (body: object, status = 200): Responder =>
  () =>
    HttpResponse.json(body, { status, headers: { 'x-request-id': REQUEST_ID } });
const admin = (options: ConstructorParameters<typeof AdminClient>[0] = {}) => new AdminClient({ baseUrl: BASE, adminToken: TOKEN, ...options });

describe('AdminClient accounts and keys', () => {
  it('creates an account with the bearer token and returns it validated', async () => {
    const seen = respondInTurn(server, 'post', `${BASE}/api/admin/accounts`, [json(account(), 201)]);
    const created = await admin().accounts.create('Risch Kaffee AG');
    expect(created.id).toBe(ACCOUNT_ID);
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(seen[0]?.headers.get('x-api-key')).toBeNull();
    expect(seen[0]?.body).toEqual({ name: 'Risch Kaffee AG' });
  });

  it('creates a key and hands back the key and secret shown once', async () => {
    const seen = respondInTurn(server, 'post', `${BASE}/api/admin/keys`, [json(createdKey(), 201)]);
    const key = await admin().keys.create({ account: ACCOUNT_ID, plan: 'starter', name: 'POS' });
    expect(key.apiKey).toMatch(/^lsk_/);
    expect(key.webhookSecret).toMatch(/^whsec_/);
    expect(seen[0]?.body).toEqual({ account: ACCOUNT_ID, plan: 'starter', name: 'POS' });
  });

  it('lists keys of one account, changes a plan, revokes and rotates by URL-encoded prefix', async () => {
    const listed = respondInTurn(server, 'get', `${BASE}/api/admin/keys`, [json({ items: [keyRecord()] })]);
    const patched = respondInTurn(server, 'patch', `${BASE}/api/admin/keys/:prefix`, [
      json(keyRecord({ plan: 'growth', usage: { used: 20, limit: 100, resetAt: '2026-12-01T00:00:00.000Z' } })),
    ]);
    const deleted = respondInTurn(server, 'delete', `${BASE}/api/admin/keys/:prefix`, [json(keyRecord({ revokedAt: '2026-11-03T00:00:00.000Z' }))]);
    const rotated = respondInTurn(server, 'post', `${BASE}/api/admin/keys/:prefix/rotate-secret`, [
      json({ prefix: 'lsk_Q2hVx9aB', webhookSecret: 'whsec_bmV3c2VjcmV0', previousSecretExpiresAt: '2026-11-04T00:00:00.000Z' }),
    ]);
    const client = admin();
    expect(await client.keys.list({ account: ACCOUNT_ID })).toHaveLength(1);
    expect(listed[0]?.url.searchParams.get('account')).toBe(ACCOUNT_ID);
    expect((await client.keys.setPlan('lsk_Q2hVx9aB', 'growth')).usage.limit).toBe(100);
    expect(patched[0]?.body).toEqual({ plan: 'growth' });
    expect((await client.keys.revoke('lsk_a/b?')).revokedAt).not.toBeNull();
    expect(deleted[0]?.url.pathname).toBe('/api/admin/keys/lsk_a%2Fb%3F');
    expect((await client.keys.rotateSecret('lsk_Q2hVx9aB')).webhookSecret).toBe('whsec_bmV3c2VjcmV0');
    expect(rotated).toHaveLength(1);
  });

  it('never retries a create: a 503 answer leaves one attempt, not a second key', async () => {
    const seen = respondInTurn(server, 'post', `${BASE}/api/admin/keys`, [fail(503, errorBody('not_configured', 'busy'))]);
    await expect(admin({ maxRetries: 3 }).keys.create({ account: ACCOUNT_ID, plan: 'starter' })).rejects.toBeInstanceOf(ServiceUnavailableError);
    expect(seen).toHaveLength(1);
  });

  it('retries a read after a 503', async () => {
    const seen = respondInTurn(server, 'get', `${BASE}/api/admin/accounts`, [fail(503, errorBody('not_configured', 'busy')), json({ items: [account()] })]);
    expect(await admin({ maxRetries: 1 }).accounts.list()).toHaveLength(1);
    expect(seen).toHaveLength(2);
  });
});

describe('AdminClient usage and requests', () => {
  it('asks for a month’s usage report', async () => {
    const seen = respondInTurn(server, 'get', `${BASE}/api/admin/usage`, [json(usageReport())]);
    expect((await admin().usage('2026-11')).keys[0]?.used).toBe(3);
    expect(seen[0]?.url.search).toBe('?month=2026-11');
    await admin().usage();
    expect(seen[1]?.url.search).toBe('');
  });

  it('sends every filter of a request listing and leaves out the unset ones', async () => {
    const seen = respondInTurn(server, 'get', `${BASE}/api/admin/requests`, [json({ items: [requestSummary()], nextCursor: null })]);
    await admin().requests.list({ key: 'lsk_Q2hVx9aB', status: 'failed', mode: 'async', since: new Date('2026-11-01T00:00:00Z'), limit: 10 });
    expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toEqual({
      key: 'lsk_Q2hVx9aB',
      status: 'failed',
      mode: 'async',
      since: '2026-11-01T00:00:00.000Z',
      limit: '10',
    });
  });

  it('walks every page with all(), following nextCursor', async () => {
    const seen = respondInTurn(server, 'get', `${BASE}/api/admin/requests`, [
      json({ items: [requestSummary()], nextCursor: 'page-2' }),
      json({ items: [requestSummary({ status: 'failed', score: null, passed: null, errorCode: 'scoring_failed' })], nextCursor: null }),
    ]);
    const statuses: string[] = [];
    for await (const request of admin().requests.all({ status: undefined })) statuses.push(request.status);
    expect(statuses).toEqual(['succeeded', 'failed']);
    expect(seen.map((request) => request.url.searchParams.get('cursor'))).toEqual([null, 'page-2']);
  });

  it('reads a request with its deliveries and attempts, and redelivers it', async () => {
    respondInTurn(server, 'get', `${BASE}/api/admin/requests/:id`, [json(requestDetail())]);
    const redelivered = respondInTurn(server, 'post', `${BASE}/api/admin/requests/:id/redeliver`, [
      json({ queued: true, requestId: REQUEST_ID, deliveryId: '5e9a1c1e-7d52-4e0f-9c1b-8a3f5d2e4b6c' }, 202),
    ]);
    const detail = await admin().requests.get(REQUEST_ID);
    expect(detail.deliveries[0]?.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 200]);
    expect((await admin().requests.redeliver(REQUEST_ID)).queued).toBe(true);
    expect(redelivered[0]?.url.pathname).toBe(`/api/admin/requests/${REQUEST_ID}/redeliver`);
    await expect(admin().requests.get(' ')).rejects.toBeInstanceOf(TypeError);
  });
});

describe('AdminClient errors and credentials', () => {
  it('maps 401, 404, 403, 409 and 400 to the typed errors with the server’s code', async () => {
    respondInTurn(server, 'get', `${BASE}/api/admin/keys`, [fail(401, errorBody('unauthorized', 'wrong admin token'))]);
    respondInTurn(server, 'get', `${BASE}/api/admin/accounts`, [fail(404, errorBody('not_found', 'Not found'))]);
    respondInTurn(server, 'patch', `${BASE}/api/admin/keys/:prefix`, [fail(403, errorBody('forbidden', 'missing X-CSRF-Token'))]);
    respondInTurn(server, 'post', `${BASE}/api/admin/accounts`, [fail(409, errorBody('conflict', 'an account has that name'))]);
    respondInTurn(server, 'post', `${BASE}/api/admin/keys`, [
      fail(400, errorBody('invalid_request', 'bad', { fields: [{ field: 'plan', message: 'plan must be one of: starter, growth, enterprise' }] })),
    ]);
    await expect(admin().keys.list()).rejects.toMatchObject({ constructor: AuthenticationError, code: 'unauthorized', status: 401 });
    await expect(admin().accounts.list()).rejects.toBeInstanceOf(NotFoundError);
    await expect(admin().keys.setPlan('lsk_x', 'growth')).rejects.toMatchObject({ constructor: ForbiddenError, code: 'forbidden' });
    await expect(admin().accounts.create('Risch')).rejects.toMatchObject({ constructor: ConflictError, code: 'conflict' });
    const error = await admin()
      .keys.create({ account: ACCOUNT_ID, plan: 'starter' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).fields).toEqual([{ field: 'plan', message: 'plan must be one of: starter, growth, enterprise' }]);
  });

  it('refuses a body that does not match the schema', async () => {
    respondInTurn(server, 'get', `${BASE}/api/admin/keys`, [json({ items: [{ ...keyRecord(), usage: undefined }] })]);
    await expect(admin().keys.list()).rejects.toThrow(/does not match KeyList: items\.0\.usage/);
    await expect(admin().keys.list()).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('sends nothing without a token, and reads LOCSCORE_ADMIN_TOKEN when given none', async () => {
    vi.stubEnv('LOCSCORE_ADMIN_TOKEN', '');
    await expect(new AdminClient({ baseUrl: BASE }).accounts.list()).rejects.toMatchObject({ constructor: AuthenticationError, code: 'missing_admin_token' });
    vi.stubEnv('LOCSCORE_ADMIN_TOKEN', TOKEN);
    const seen = respondInTurn(server, 'get', `${BASE}/api/admin/accounts`, [json({ items: [] })]);
    await new AdminClient({ baseUrl: BASE }).accounts.list();
    expect(seen[0]?.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
  });

  it('with a session sends the CSRF token on writes only, and no Authorization', async () => {
    const read = respondInTurn(server, 'get', `${BASE}/api/admin/keys`, [json({ items: [] })]);
    const write = respondInTurn(server, 'delete', `${BASE}/api/admin/keys/:prefix`, [json(keyRecord({ revokedAt: '2026-11-03T00:00:00.000Z' }))]);
    const client = new AdminClient({ baseUrl: BASE, session: { csrfToken: 'csrf-token-0123456789' } });
    await client.keys.list();
    await client.keys.revoke('lsk_Q2hVx9aB');
    expect(read[0]?.headers.get('x-csrf-token')).toBeNull();
    expect(write[0]?.headers.get('x-csrf-token')).toBe('csrf-token-0123456789');
    expect(write[0]?.headers.get('authorization')).toBeNull();
  });
});
