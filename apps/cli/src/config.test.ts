import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_BASE_URL } from '@locscore/schema';
import { describe, expect, it } from 'vitest';
import { redactDatabaseUrl, resolveConnection, resolveDataDir, resolveStoreLocation } from './config.js';
import { CliError, EXIT } from './exit-codes.js';

describe('resolveConnection', () => {
  it('takes the flag over the environment over the default', () => {
    const env = { LOCSCORE_API_KEY: 'env-key', LOCSCORE_BASE_URL: 'http://env:1' };
    expect(resolveConnection({}, env)).toEqual({ apiKey: 'env-key', baseUrl: 'http://env:1' });
    expect(resolveConnection({ apiKey: 'flag-key', baseUrl: 'http://flag:2' }, env)).toEqual({ apiKey: 'flag-key', baseUrl: 'http://flag:2' });
    expect(resolveConnection({}, { LOCSCORE_API_KEY: '' })).toEqual({ apiKey: undefined, baseUrl: DEFAULT_BASE_URL });
  });

  it('refuses a base URL without http:// or https:// with exit 2, naming where it came from', () => {
    const flag = (() => {
      try {
        return resolveConnection({ baseUrl: 'localhost:8787' }, {});
      } catch (error) {
        return error;
      }
    })();
    expect(flag).toBeInstanceOf(CliError);
    expect(flag).toMatchObject({ exitCode: EXIT.usage });
    expect((flag as Error).message).toBe(
      '--base-url must be an http:// or https:// URL such as http://127.0.0.1:8787, got "localhost:8787" (did you mean http://localhost:8787?)',
    );
    expect(() => resolveConnection({}, { LOCSCORE_BASE_URL: 'ftp://files.example.com' })).toThrow(/^LOCSCORE_BASE_URL must be an http/);
    expect(() => resolveConnection({ baseUrl: 'not a url' }, {})).toThrow(/got "not a url"$/);
  });
});

describe('resolveDataDir', () => {
  it('takes --data-dir, then LOCSCORE_DATA_DIR, then ~/.locscore/data, absolute', () => {
    expect(resolveDataDir('rel/dir', { LOCSCORE_DATA_DIR: '/env' })).toBe(resolve('rel/dir'));
    expect(resolveDataDir(undefined, { LOCSCORE_DATA_DIR: '/env' })).toBe('/env');
    expect(resolveDataDir(undefined, {})).toBe(join(homedir(), '.locscore', 'data'));
  });
});

describe('resolveStoreLocation', () => {
  const pgUrl = 'postgres://app:secret@db.internal:5432/locscore';
  it('takes --database-url, then --data-dir, then LOCSCORE_DATABASE_URL, then DATABASE_URL, then the data dir', () => {
    const env = { LOCSCORE_DATABASE_URL: 'postgresql://specific/db', DATABASE_URL: pgUrl, LOCSCORE_DATA_DIR: '/env' };
    expect(resolveStoreLocation({ databaseUrl: pgUrl }, {})).toEqual({ driver: 'pg', databaseUrl: pgUrl, source: '--database-url' });
    expect(resolveStoreLocation({ dataDir: 'rel' }, env)).toEqual({ driver: 'pglite', dataDir: resolve('rel'), source: '--data-dir' });
    expect(resolveStoreLocation({}, env)).toEqual({ driver: 'pg', databaseUrl: 'postgresql://specific/db', source: 'LOCSCORE_DATABASE_URL' });
    expect(resolveStoreLocation({}, { ...env, LOCSCORE_DATABASE_URL: '' })).toEqual({ driver: 'pg', databaseUrl: pgUrl, source: 'DATABASE_URL' });
    expect(resolveStoreLocation({}, { LOCSCORE_DATA_DIR: '/env' })).toEqual({ driver: 'pglite', dataDir: '/env', source: 'LOCSCORE_DATA_DIR' });
    expect(resolveStoreLocation({}, {})).toMatchObject({ driver: 'pglite', source: 'default' });
  });

  it('refuses both flags and a URL that is not PostgreSQL, naming the flag or variable', () => {
    expect(() => resolveStoreLocation({ databaseUrl: pgUrl, dataDir: 'x' }, {})).toThrow(/--database-url and --data-dir/);
    expect(() => resolveStoreLocation({ databaseUrl: 'mysql://x/y' }, {})).toThrow(/--database-url must start with postgres:\/\//);
    expect(() => resolveStoreLocation({}, { DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL must be a PostgreSQL URL/);
    const refusal = (() => {
      try {
        resolveStoreLocation({ databaseUrl: 'nope' }, {});
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(CliError);
    expect((refusal as CliError).exitCode).toBe(EXIT.usage);
  });

  it('redacts the password of a URL it prints', () => {
    expect(redactDatabaseUrl(pgUrl)).toBe('postgres://app:***@db.internal:5432/locscore');
    expect(redactDatabaseUrl('postgres://postgres@127.0.0.1:5432/x')).toBe('postgres://postgres@127.0.0.1:5432/x');
  });
});
