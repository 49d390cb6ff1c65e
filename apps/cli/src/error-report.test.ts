import { RegionPackError } from '@locscore/engine';
import {
  AddressAmbiguousError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  QuotaExceededError,
  ScoringError,
  ServiceUnavailableError,
  TimeoutError,
} from '@locscore/sdk';
import { StoreLockedError } from '@locscore/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorJson, reportError } from './error-report.js';
import { CliError, EXIT } from './exit-codes.js';

const base = { requestId: 'req-1' };

// Hints name the command as typed; run under `pnpm vitest` or a package script
// (`pnpm test`) the environment says pnpm, or names the script.
beforeEach(() => {
  vi.stubEnv('npm_config_user_agent', undefined);
  vi.stubEnv('npm_lifecycle_event', undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
});

describe('reportError', () => {
  it('maps a 400 to exit 2: one sentence for one invalid field, a line per field for several', () => {
    const address = { field: 'address', message: 'address must be at least 3 characters' };
    const one = reportError(new BadRequestError({ ...base, status: 400, code: 'invalid_request', message: 'invalid request: address', fields: [address] }));
    expect(one.exitCode).toBe(EXIT.usage);
    expect(one.message).toBe('Invalid request: address must be at least 3 characters (request req-1)');
    const category = { field: 'category', message: 'category must be one of: coffee' };
    const two = reportError(
      new BadRequestError({ ...base, status: 400, code: 'invalid_request', message: 'invalid request: address, category', fields: [address, category] }),
    );
    expect(two.message.split('\n')).toEqual([
      'Invalid request (request req-1):',
      '  address: address must be at least 3 characters',
      '  category: category must be one of: coffee',
    ]);
    const bare = reportError(new BadRequestError({ ...base, status: 400, code: 'invalid_request', message: 'invalid request: body is not JSON' }));
    expect(bare.message).toBe('Invalid request: body is not JSON (request req-1)');
  });

  it('prints the candidates of an ambiguous address and the near misses of one not found, exit 2', () => {
    const candidates = [
      { matchedAddress: 'Landstrasse 92, 9490 Vaduz', lat: 47.149742, lng: 9.512241, region: 'Liechtenstein', precision: 'address_point' as const },
      { matchedAddress: 'Landstrasse 92, 9491 Ruggell', lat: 47.236817, lng: 9.520273, region: 'Liechtenstein', precision: 'address_point' as const },
    ];
    const ambiguous = reportError(
      new AddressAmbiguousError({ ...base, status: 400, code: 'address_ambiguous', message: 'address ambiguous: in 2 places', candidates }),
    );
    expect(ambiguous.exitCode).toBe(EXIT.usage);
    expect(ambiguous.message.split('\n')).toEqual([
      'Address ambiguous: in 2 places (request req-1)',
      'It fits these places:',
      '  Landstrasse 92, 9490 Vaduz (Liechtenstein, address_point, 47.14974, 9.51224)',
      '  Landstrasse 92, 9491 Ruggell (Liechtenstein, address_point, 47.23682, 9.52027)',
    ]);
    const notFound = reportError(
      new BadRequestError({
        ...base,
        status: 400,
        code: 'address_not_found',
        message: 'address not found: no Städtle 38 in 9494 Schaan',
        candidates: candidates.slice(0, 1),
      }),
    );
    expect(notFound.exitCode).toBe(EXIT.usage);
    expect(notFound.message).toContain(
      'Address not found: no Städtle 38 in 9494 Schaan (request req-1)\nDid you mean:\n  Landstrasse 92, 9490 Vaduz (Liechtenstein',
    );
  });

  it('maps a refused key to exit 3, and explains a missing key in CLI words', () => {
    expect(reportError(new AuthenticationError({ ...base, status: 401, code: 'unauthorized', message: 'unknown key' })).exitCode).toBe(EXIT.auth);
    const missing = reportError(
      new AuthenticationError({ requestId: null, status: null, code: 'missing_api_key', message: 'No API key: pass { apiKey } to new LocScoreClient()' }),
    );
    expect(missing.exitCode).toBe(EXIT.auth);
    expect(missing.message).toContain('pass --api-key <key> or set LOCSCORE_API_KEY');
    expect(missing.message).toContain('`locscore keys create --plan starter --data-dir ./.locscore/data`');
    expect(missing.message).toContain('`locscore keys create --plan starter --base-url <its URL>`');
    expect(missing.message).not.toContain('LocScoreClient');
    vi.stubEnv('npm_config_user_agent', 'pnpm/10.34.7 npm/? node/v20.20.2 linux x64');
    expect(reportError(new AuthenticationError({ requestId: null, status: null, code: 'missing_api_key', message: 'x' })).message).toContain(
      '`pnpm locscore keys create --plan starter --data-dir ./.locscore/data`',
    );
  });

  it('says who holds a locked data directory and what to do, never another flag of the server', () => {
    const report = reportError(new StoreLockedError('/home/ana/.locscore/data', 4242));
    expect(report.exitCode).toBe(EXIT.usage);
    expect(report.message).toContain('/home/ana/.locscore/data is in use by another locscore process (pid 4242)');
    expect(report.message).toContain('Stop that server');
    expect(report.message).toContain('--base-url <its URL>');
    expect(report.message).not.toContain('--demo-key');
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
    expect(reportError(errors[2]).message).toMatch(/Could not reach the server: ECONNREFUSED\nIs the server running\? Start one .*`locscore serve --sample`/);
  });

  it('gives a machine code and request id for --json: the API code, else the exit code name', () => {
    const notFound = reportError(new BadRequestError({ ...base, status: 400, code: 'address_not_found', message: 'address not found: no such street' }));
    expect(JSON.parse(errorJson(notFound))).toEqual({
      error: { code: 'address_not_found', message: 'Address not found: no such street (request req-1)', exitCode: 2, requestId: 'req-1' },
    });
    expect(reportError(new CliError('bad flag'))).toMatchObject({ code: 'usage', requestId: null });
    expect(reportError(new TypeError('oops')).code).toBe('unexpected');
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
