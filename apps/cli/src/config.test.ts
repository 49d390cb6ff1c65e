import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL, resolveConnection, resolveDataDir } from './config.js';

describe('resolveConnection', () => {
  it('takes the flag over the environment over the default', () => {
    const env = { LOCSCORE_API_KEY: 'env-key', LOCSCORE_BASE_URL: 'http://env:1' };
    expect(resolveConnection({}, env)).toEqual({ apiKey: 'env-key', baseUrl: 'http://env:1' });
    expect(resolveConnection({ apiKey: 'flag-key', baseUrl: 'http://flag:2' }, env)).toEqual({ apiKey: 'flag-key', baseUrl: 'http://flag:2' });
    expect(resolveConnection({}, { LOCSCORE_API_KEY: '' })).toEqual({ apiKey: undefined, baseUrl: DEFAULT_BASE_URL });
  });
});

describe('resolveDataDir', () => {
  it('takes --data-dir, then LOCSCORE_DATA_DIR, then ~/.locscore/data, absolute', () => {
    expect(resolveDataDir('rel/dir', { LOCSCORE_DATA_DIR: '/env' })).toBe(resolve('rel/dir'));
    expect(resolveDataDir(undefined, { LOCSCORE_DATA_DIR: '/env' })).toBe('/env');
    expect(resolveDataDir(undefined, {})).toBe(join(homedir(), '.locscore', 'data'));
  });
});
