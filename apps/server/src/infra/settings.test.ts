import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, flagName, loadServerConfig, SETTINGS, type SettingFlags, type SettingSpec, SettingsError } from './settings.js';

function failure(env: Record<string, string>, flags: SettingFlags = {}): SettingsError {
  try {
    loadServerConfig(env, flags);
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error('expected a SettingsError');
}

describe('loadServerConfig', () => {
  it('fills every default from an empty environment', () => {
    expect(loadServerConfig({})).toEqual({
      port: 8787,
      host: '127.0.0.1',
      regions: [],
      sample: false,
      demoPlan: 'growth',
      allowPrivateWebhooks: false,
      webhookRetrySchedule: [0, 5, 300, 1800, 7200, 18000, 36000, 36000],
      trustProxy: false,
      logLevel: 'info',
      rateLimits: {},
      scoreJobExpirySeconds: 60,
      shutdownTimeoutMs: 6000,
    });
  });

  it('reads every variable, empty values counting as unset', () => {
    const settings = loadServerConfig({
      LOCSCORE_PORT: '0',
      LOCSCORE_HOST: '0.0.0.0',
      LOCSCORE_DATA_DIR: '/var/lib/locscore',
      LOCSCORE_REGIONS: ' /packs/li , /packs/mtl ,',
      LOCSCORE_SAMPLE: 'on',
      LOCSCORE_DEMO_KEY: 'lsk_demo_key_for_tests_01',
      LOCSCORE_DEMO_PLAN: 'starter',
      LOCSCORE_ALLOW_PRIVATE_WEBHOOKS: 'yes',
      LOCSCORE_WEBHOOK_RETRY_SCHEDULE: '0,1.5,3',
      LOCSCORE_ADMIN_TOKEN: 'an-admin-token-of-32-characters!',
      LOCSCORE_TRUST_PROXY: 'loopback, 10.0.0.0/8',
      LOCSCORE_LOG_LEVEL: 'debug',
      LOCSCORE_RATE_LIMIT_STARTER: '10/s',
      LOCSCORE_RATE_LIMIT_GROWTH: '600/min',
      LOCSCORE_RATE_LIMIT_ENTERPRISE: '',
      LOCSCORE_SCORE_JOB_EXPIRY: '5',
      LOCSCORE_SHUTDOWN_TIMEOUT: '2.5',
    });
    expect(settings).toEqual({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/var/lib/locscore',
      regions: ['/packs/li', '/packs/mtl'],
      sample: true,
      demoKey: 'lsk_demo_key_for_tests_01',
      demoPlan: 'starter',
      allowPrivateWebhooks: true,
      webhookRetrySchedule: [0, 1.5, 3],
      adminToken: 'an-admin-token-of-32-characters!',
      trustProxy: ['loopback', '10.0.0.0/8'],
      logLevel: 'debug',
      rateLimits: { starter: { points: 10, durationSeconds: 1 }, growth: { points: 600, durationSeconds: 60 } },
      scoreJobExpirySeconds: 5,
      shutdownTimeoutMs: 2500,
    });
  });

  it('takes a flag over its variable: text, a switch and a repeatable flag', () => {
    const env = { LOCSCORE_PORT: '9000', LOCSCORE_REGIONS: '/packs/env', LOCSCORE_LOG_LEVEL: 'debug', LOCSCORE_ALLOW_PRIVATE_WEBHOOKS: 'false' };
    const settings = loadServerConfig(env, { port: '0', regions: ['/packs/a', '/packs/b,c'], allowPrivateWebhooks: true });
    expect(settings.port).toBe(0);
    expect(settings.regions).toEqual(['/packs/a', '/packs/b,c']);
    expect(settings.allowPrivateWebhooks).toBe(true);
    expect(settings.logLevel).toBe('debug');
  });

  it('uses the database URL over a data directory at the same level, and a data-dir flag over a URL variable', () => {
    const env = { DATABASE_URL: 'postgres://b/two', LOCSCORE_DATA_DIR: '/data' };
    expect(loadServerConfig(env)).toMatchObject({ databaseUrl: 'postgres://b/two' });
    expect(loadServerConfig(env).dataDir).toBeUndefined();
    expect(loadServerConfig({ ...env, LOCSCORE_DATABASE_URL: 'postgresql://a/one' }).databaseUrl).toBe('postgresql://a/one');
    const flagged = loadServerConfig(env, { dataDir: '/flag' });
    expect(flagged.dataDir).toBe('/flag');
    expect(flagged.databaseUrl).toBeUndefined();
    expect(loadServerConfig(env, { databaseUrl: 'postgres://c/three' }).databaseUrl).toBe('postgres://c/three');
    expect(failure({}, { dataDir: '/d', databaseUrl: 'postgres://h/d' }).message).toMatch(/^--database-url and --data-dir cannot be used together/);
  });

  it.each([
    [{ LOCSCORE_PORT: 'abc' }, 'LOCSCORE_PORT must be an integer 0-65535, got "abc"'],
    [{ LOCSCORE_PORT: '65536' }, 'LOCSCORE_PORT must be an integer 0-65535, got "65536"'],
    [{ LOCSCORE_PORT: '-1' }, 'LOCSCORE_PORT must be an integer 0-65535, got "-1"'],
    [{ LOCSCORE_PORT: '0x50' }, 'LOCSCORE_PORT must be an integer 0-65535, got "0x50"'],
    [{ LOCSCORE_DEMO_PLAN: 'gold' }, 'LOCSCORE_DEMO_PLAN must be one of starter, growth, enterprise, got "gold"'],
    [{ LOCSCORE_DEMO_PLAN: 'starter' }, 'LOCSCORE_DEMO_PLAN needs LOCSCORE_DEMO_KEY'],
    [{ LOCSCORE_DEMO_KEY: 'short' }, 'LOCSCORE_DEMO_KEY must be at least 16 characters, got "short"'],
    [{ LOCSCORE_ALLOW_PRIVATE_WEBHOOKS: 'maybe' }, 'LOCSCORE_ALLOW_PRIVATE_WEBHOOKS must be true/false, 1/0, yes/no or on/off, got "maybe"'],
    [{ LOCSCORE_SAMPLE: '2' }, 'LOCSCORE_SAMPLE must be true/false, 1/0, yes/no or on/off, got "2"'],
    [{ LOCSCORE_WEBHOOK_RETRY_SCHEDULE: '0,-5' }, 'LOCSCORE_WEBHOOK_RETRY_SCHEDULE must be comma-separated non-negative seconds, got "0,-5"'],
    [{ LOCSCORE_WEBHOOK_RETRY_SCHEDULE: '1,x' }, 'LOCSCORE_WEBHOOK_RETRY_SCHEDULE must be comma-separated non-negative seconds, got "1,x"'],
    [{ LOCSCORE_WEBHOOK_RETRY_SCHEDULE: ',' }, 'LOCSCORE_WEBHOOK_RETRY_SCHEDULE must be comma-separated non-negative seconds, got ","'],
    [{ LOCSCORE_WEBHOOK_RETRY_SCHEDULE: 'Infinity' }, 'LOCSCORE_WEBHOOK_RETRY_SCHEDULE must be comma-separated non-negative seconds, got "Infinity"'],
    [{ LOCSCORE_LOG_LEVEL: 'loud' }, 'LOCSCORE_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"'],
    [{ LOCSCORE_RATE_LIMIT_STARTER: 'fast' }, 'LOCSCORE_RATE_LIMIT_STARTER must be N/s, N/m or N/h with N >= 1, or off, got "fast"'],
    [{ LOCSCORE_RATE_LIMIT_GROWTH: '0/s' }, 'LOCSCORE_RATE_LIMIT_GROWTH must be N/s, N/m or N/h with N >= 1, or off, got "0/s"'],
    [{ LOCSCORE_RATE_LIMIT_GROWTH: '5/day' }, 'LOCSCORE_RATE_LIMIT_GROWTH must be N/s, N/m or N/h with N >= 1, or off, got "5/day"'],
    [{ LOCSCORE_SHUTDOWN_TIMEOUT: '90' }, 'LOCSCORE_SHUTDOWN_TIMEOUT must be seconds from 0.1 to 60, got "90"'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL, got "mysql://x/y"'],
    [{ LOCSCORE_ADMIN_TOKEN: 'too-short-to-guard-anything' }, 'LOCSCORE_ADMIN_TOKEN must be at least 32 characters, got "27 characters"'],
    [
      { LOCSCORE_TRUST_PROXY: 'the-load-balancer' },
      'LOCSCORE_TRUST_PROXY must be off, a number of hops, or comma-separated IP addresses, subnets, loopback, linklocal or uniquelocal, got "the-load-balancer"',
    ],
  ])('names the bad variable: %o', (env, message) => {
    const error = failure(env);
    expect(error.message).toBe(message);
    expect(error.source).toBe(message.split(' ')[0]);
  });

  it('names the flag when the bad value came from it', () => {
    expect(failure({ LOCSCORE_PORT: '80' }, { port: 'eighty' }).message).toBe('--port must be an integer 0-65535, got "eighty"');
    expect(failure({}, { rateLimitEnterprise: '5/fortnight' }).source).toBe('--rate-limit-enterprise');
    expect(failure({}, { demoPlan: 'growth' }).message).toBe('--demo-plan needs --demo-key');
  });

  it('reads burst limits per second, minute or hour, and off', () => {
    const limits = (text: string) => loadServerConfig({ LOCSCORE_RATE_LIMIT_STARTER: text }).rateLimits.starter;
    expect(limits('5/s')).toEqual({ points: 5, durationSeconds: 1 });
    expect(limits(' 30 / M ')).toEqual({ points: 30, durationSeconds: 60 });
    expect(limits('1000/hour')).toEqual({ points: 1000, durationSeconds: 3600 });
    expect(limits('off')).toBeUndefined();
  });

  it('reads trusted proxies as a hop count or a list, and off', () => {
    expect(loadServerConfig({ LOCSCORE_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadServerConfig({ LOCSCORE_TRUST_PROXY: '127.0.0.1,::1' }).trustProxy).toEqual(['127.0.0.1', '::1']);
    expect(loadServerConfig({ LOCSCORE_TRUST_PROXY: 'off' }).trustProxy).toBe(false);
  });

  it('never echoes an admin token, even a refused one', () => {
    const token = 'hunter2-but-not-long-enough';
    expect(failure({}, { adminToken: token }).message).toBe('--admin-token must be at least 32 characters, got "27 characters"');
    expect(failure({}, { adminToken: token }).message).not.toContain('hunter2');
  });

  it('never echoes a database password', () => {
    const error = failure({ LOCSCORE_DATABASE_URL: 'http://user:hunter2@db/x' });
    expect(error.message).not.toContain('hunter2');
  });
});

describe('SETTINGS', () => {
  it('has a flag and a LOCSCORE_ variable per setting, each used once', () => {
    const specs: SettingSpec[] = Object.values(SETTINGS);
    for (const spec of specs) {
      expect(spec.flag).toMatch(/^--[a-z-]+( <[a-z]+>)?$/);
      expect(spec.variable).toMatch(/^LOCSCORE_[A-Z_]+$/);
    }
    expect(new Set(specs.map(flagName)).size).toBe(specs.length);
    expect(new Set(specs.map((spec) => spec.variable)).size).toBe(specs.length);
  });

  it('documents the real defaults: each default written as a value parses to the default', () => {
    const withKey = { LOCSCORE_DEMO_KEY: 'lsk_default_check_key_01' };
    expect(loadServerConfig({})).toEqual(DEFAULT_SETTINGS);
    for (const [name, spec] of Object.entries(SETTINGS)) {
      if (['unset', 'none'].includes(spec.default) || spec.default.includes(' ')) continue;
      expect(loadServerConfig({ ...withKey, [spec.variable]: spec.default }), name).toEqual(loadServerConfig(withKey));
    }
  });

  it('is the table of docs/configuration.md', async () => {
    const doc = await readFile(new URL('../../../../docs/configuration.md', import.meta.url), 'utf8');
    const rows = Object.values(SETTINGS).map((spec: SettingSpec) => {
      const variables = [spec.variable, ...(spec.fallbacks ?? [])].map((variable) => `\`${variable}\``).join(', else ');
      const flag = `\`${spec.flag}\`${spec.repeatable ? ' (repeatable)' : ''}`;
      return `| \`${spec.option}\` | ${flag} | ${variables} | ${spec.default} | ${spec.meaning} |`;
    });
    const table = ['| setting (`startServer` option) | flag (`locscore serve`) | variable | default | meaning |', '|---|---|---|---|---|', ...rows].join('\n');
    expect(doc.includes(table), `docs/configuration.md must hold this table:\n${table}`).toBe(true);
  });
});
