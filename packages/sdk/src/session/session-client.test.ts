import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody, fail, type Responder, respondInTurn } from '../../test/fixtures.js';
import { useMockApi } from '../../test/mock-api.js';
import { AuthenticationError, RateLimitError } from '../errors.js';
import { SessionClient } from './session-client.js';

const BASE = 'http://dashboard.locscore.test';
const server = useMockApi();

const session = { kind: 'key', csrfToken: 'csrf-0123456789abcdef', expiresAt: '2026-11-02T18:00:00.000Z', keyPrefix: 'lsk_Q2hVx9aB' };
const noContent: Responder = () => new HttpResponse(null, { status: 204 });
const json =
  (body: object | null): Responder =>
  () =>
    HttpResponse.json(body);

describe('SessionClient', () => {
  it('signs in with the key in the body only, then reads the session back', async () => {
    const posted = respondInTurn(server, 'post', `${BASE}/dashboard/session`, [noContent]);
    respondInTurn(server, 'get', `${BASE}/dashboard/session`, [json(session)]);
    const signedIn = await new SessionClient({ baseUrl: BASE }).signIn({ kind: 'key', apiKey: 'lsk_Q2hVx9aBcdefghijkl' });
    expect(signedIn.keyPrefix).toBe('lsk_Q2hVx9aB');
    expect(posted[0]?.body).toEqual({ kind: 'key', apiKey: 'lsk_Q2hVx9aBcdefghijkl' });
    expect(posted[0]?.headers.get('x-api-key')).toBeNull();
    expect(posted[0]?.headers.get('authorization')).toBeNull();
  });

  it('reports a wrong secret as an AuthenticationError and too many as a RateLimitError, without retrying', async () => {
    const posted = respondInTurn(server, 'post', `${BASE}/dashboard/session`, [
      fail(401, errorBody('unauthorized', 'wrong API key')),
      fail(429, errorBody('rate_limited', 'too many failed sign-ins'), { 'retry-after': '60' }),
    ]);
    const client = new SessionClient({ baseUrl: BASE });
    await expect(client.signIn({ kind: 'admin', token: 'x'.repeat(32) })).rejects.toBeInstanceOf(AuthenticationError);
    await expect(client.signIn({ kind: 'admin', token: 'x'.repeat(32) })).rejects.toMatchObject({ constructor: RateLimitError, retryAfterSeconds: 60 });
    expect(posted).toHaveLength(2);
  });

  it('answers null when there is no session: the server’s null, or an older server’s 401', async () => {
    respondInTurn(server, 'get', `${BASE}/dashboard/session`, [json(null), fail(401, errorBody('unauthorized', 'no session'))]);
    const client = new SessionClient({ baseUrl: BASE });
    expect(await client.current()).toBeNull();
    expect(await client.current()).toBeNull();
  });

  it('signs out with the CSRF token it read, and does nothing without a session', async () => {
    const reads = respondInTurn(server, 'get', `${BASE}/dashboard/session`, [json(session), json(null)]);
    const deleted = respondInTurn(server, 'delete', `${BASE}/dashboard/session`, [noContent]);
    const client = new SessionClient({ baseUrl: BASE });
    await client.current();
    await client.signOut();
    expect(deleted[0]?.headers.get('x-csrf-token')).toBe('csrf-0123456789abcdef');
    await client.signOut();
    expect(reads).toHaveLength(2);
    expect(deleted).toHaveLength(1);
  });
});
