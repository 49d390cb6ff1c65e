import { describe, expect, it } from 'vitest';
import { DashboardSession, SessionSignIn } from './dashboard-session.js';

const issuesOf = (input: unknown) =>
  (SessionSignIn.safeParse(input).error?.issues ?? []).map((issue) => ({ field: issue.path.join('.'), message: issue.message }));

describe('SessionSignIn', () => {
  it('takes the admin token or an API key, by kind', () => {
    expect(SessionSignIn.parse({ kind: 'admin', token: 't'.repeat(32) })).toEqual({ kind: 'admin', token: 't'.repeat(32) });
    expect(SessionSignIn.parse({ kind: 'key', apiKey: 'lsk_abc' })).toEqual({ kind: 'key', apiKey: 'lsk_abc' });
  });

  it('names the missing secret of each kind', () => {
    expect(issuesOf({ kind: 'admin' })).toEqual([{ field: 'token', message: 'token is required' }]);
    expect(issuesOf({ kind: 'key', apiKey: '' })).toEqual([{ field: 'apiKey', message: 'apiKey must not be empty' }]);
  });

  it('refuses an unknown kind, and a token sent as a key', () => {
    expect(issuesOf({ kind: 'root', token: 'x' })).toEqual([{ field: 'kind', message: 'kind must be "admin" or "key"' }]);
    expect(issuesOf({ kind: 'key', token: 'x' }).map((issue) => issue.message)).toContain('unknown field: token');
  });
});

describe('DashboardSession', () => {
  it('names the key and account of a franchisor session and neither for an operator', () => {
    const base = { csrfToken: 'c'.repeat(43), expiresAt: '2026-11-02T18:00:00.000Z' };
    expect(DashboardSession.parse({ ...base, kind: 'admin' })).toEqual({ ...base, kind: 'admin' });
    const franchisor = { ...base, kind: 'key', keyPrefix: 'lsk_Q2hVx9aB', account: { id: '0c6f2d0e-3f5a-4d8b-9a7e-2f1b3c4d5e6f', name: 'Risch' } };
    expect(DashboardSession.parse(franchisor).keyPrefix).toBe('lsk_Q2hVx9aB');
    expect(DashboardSession.safeParse({ ...base, kind: 'admin', csrfToken: 'short' }).success).toBe(false);
  });
});
