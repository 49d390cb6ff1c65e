import { AuthenticationError, BadRequestError, ConnectionError, ForbiddenError, QuotaExceededError } from '@locscore/sdk/browser';
import { describe, expect, it } from 'vitest';
import { describeError } from './error-message.js';

const base = { status: 400, code: 'invalid_request', requestId: '3b241101-e2bb-4255-8caf-4136c566a962' };

describe('describeError', () => {
  it('ends the session on a 401', () => {
    expect(describeError(new AuthenticationError({ ...base, status: 401, code: 'unauthorized', message: 'no session' })).sessionEnded).toBe(true);
  });

  it('names each invalid field and the request id', () => {
    const error = new BadRequestError({
      ...base,
      message: 'invalid request',
      fields: [{ field: 'address', message: 'address must be at least 3 characters' }],
    });
    expect(describeError(error)).toEqual({
      title: 'invalid request',
      details: ['address: address must be at least 3 characters', 'Request id: 3b241101-e2bb-4255-8caf-4136c566a962'],
      sessionEnded: false,
    });
  });

  it('says when a spent quota resets, in UTC', () => {
    const error = new QuotaExceededError({
      ...base,
      status: 429,
      code: 'quota_exceeded',
      message: 'quota',
      limit: 20,
      remaining: 0,
      resetAt: new Date('2026-12-01T00:00:00Z'),
      retryAfterSeconds: 100,
    });
    expect(describeError(error).title).toBe('This key’s monthly quota is spent (20 evaluations). It resets on 1 Dec 2026, 00:00 UTC.');
  });

  it('tells a stale CSRF token and a dead server apart from other errors', () => {
    expect(describeError(new ForbiddenError({ ...base, status: 403, code: 'forbidden', message: 'x' })).title).toMatch(/security token/);
    expect(describeError(new ConnectionError({ ...base, status: null, code: 'connection_error', requestId: null, message: 'x' })).details).toEqual([]);
    expect(describeError(new Error('plain')).title).toBe('plain');
  });
});
