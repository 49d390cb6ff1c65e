import { RegionPackError } from '@locscore/engine';
import {
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  QuotaExceededError,
  ScoringError,
  ServiceUnavailableError,
  TimeoutError,
} from '@locscore/sdk';
import { describe, expect, it } from 'vitest';
import { reportError } from './error-report.js';
import { CliError, EXIT } from './exit-codes.js';

const base = { requestId: 'req-1' };

describe('reportError', () => {
  it('maps a 400 to exit 2 with every invalid field', () => {
    const report = reportError(
      new BadRequestError({ ...base, status: 400, code: 'invalid_request', message: 'invalid request', fields: [{ field: 'category', message: 'category must be one of: coffee' }] }),
    );
    expect(report.exitCode).toBe(EXIT.usage);
    expect(report.message).toContain('category: category must be one of: coffee');
    expect(report.message).toContain('req-1');
  });

  it('maps a refused key to exit 3', () => {
    expect(reportError(new AuthenticationError({ ...base, status: 401, code: 'unauthorized', message: 'unknown key' })).exitCode).toBe(EXIT.auth);
  });

  it('maps a spent quota to exit 4 with the reset time', () => {
    const resetAt = new Date('2030-02-01T00:00:00Z');
    const report = reportError(
      new QuotaExceededError({ ...base, status: 429, code: 'quota_exceeded', message: 'quota', limit: 20, remaining: 0, resetAt, retryAfterSeconds: 60 }),
    );
    expect(report.exitCode).toBe(EXIT.quota);
    expect(report.message).toContain('2030-02-01T00:00:00.000Z');
    expect(report.message).toContain('20');
  });

  it('maps server failures and unreachable servers to exit 5', () => {
    const errors = [
      new ScoringError({ ...base, status: 500, code: 'scoring_failed', message: 'boom' }),
      new ServiceUnavailableError({ ...base, status: 503, code: 'not_configured', message: 'no region' }),
      new ConnectionError({ requestId: null, status: null, code: 'connection_error', message: 'ECONNREFUSED' }),
      new TimeoutError({ requestId: null, status: null, code: 'timeout', message: 'timed out' }),
    ];
    for (const error of errors) expect(reportError(error).exitCode).toBe(EXIT.server);
  });

  it('maps CLI usage errors and bad region packs to exit 2, anything else to 1', () => {
    expect(reportError(new CliError('bad flag')).exitCode).toBe(EXIT.usage);
    expect(reportError(new CliError('quota', EXIT.quota)).exitCode).toBe(EXIT.quota);
    expect(reportError(new RegionPackError('/x', 'no manifest')).exitCode).toBe(EXIT.usage);
    const unexpected = reportError(new TypeError('oops'));
    expect(unexpected.exitCode).toBe(EXIT.unexpected);
    expect(unexpected.message).toContain('oops');
  });
});
