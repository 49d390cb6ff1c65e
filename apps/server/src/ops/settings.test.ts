import { describe, expect, it } from 'vitest';
import { loadServerConfig, parseRateLimit, SETTINGS, SettingsError } from './settings.js';

function failure(env: Record<string, string>): SettingsError {
  try {
    loadServerConfig(env);
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
      demoPlan: 'growth',
      allowPrivateWebhooks: false,
      logLevel: 'info',
      rateLimits: {},
      shutdownTimeoutMs: 6000,
    });
  });

  it('reads every variable, empty values counting as unset', () => {
    const settings = loadServerConfig({
      LOCSCORE_PORT: '0',
      LOCSCORE_HOST: '0.0.0.0',
      LOCSCORE_DATA_DIR: '/var/lib/locscore',
      DATABASE_URL: 'postgres://u:p@db:5432/locscore',
      LOCSCORE_REGIONS: ' /packs/li , /packs/mtl ,',
      LOCSCORE_DEMO_KEY: 'lsk_demo_key_for_tests_01',
      LOCSCORE_DEMO_PLAN: 'starter',
      LOCSCORE_ALLOW_PRIVATE_WEBHOOKS: 'yes',
      LOCSCORE_WEBHOOK_RETRY_SCHEDULE: '0,1.5,3',
      LOCSCORE_LOG_LEVEL: 'debug',
      LOCSCORE_RATE_LIMIT_STARTER: '10/s',
      LOCSCORE_RATE_LIMIT_GROWTH: '600/min',
      LOCSCORE_RATE_LIMIT_ENTERPRISE: '',
      LOCSCORE_SHUTDOWN_TIMEOUT: '2.5',
    });
    expect(settings).toEqual({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/var/lib/locscore',
      databaseUrl: 'postgres://u:p@db:5432/locscore',
      regions: ['/packs/li', '/packs/mtl'],
      demoKey: 'lsk_demo_key_for_tests_01',
      demoPlan: 'starter',
      allowPrivateWebhooks: true,
      webhookRetrySchedule: [0, 1.5, 3],
      logLevel: 'debug',
      rateLimits: { starter: { points: 10, durationSeconds: 1 }, growth: { points: 600, durationSeconds: 60 } },
      shutdownTimeoutMs: 2500,
    });
  });

  it('prefers LOCSCORE_DATABASE_URL over DATABASE_URL', () => {
    const settings = loadServerConfig({ LOCSCORE_DATABASE_URL: 'postgresql://a/one', DATABASE_URL: 'postgres://b/two' });
    expect(settings.databaseUrl).toBe('postgresql://a/one');
  });

  it.each([
    [{ LOCSCORE_PORT: 'abc' }, 'LOCSCORE_PORT must be an integer 0-65535, got "abc"'],
    [{ LOCSCORE_PORT: '65536' }, 'LOCSCORE_PORT must be an integer 0-65535, got "65536"'],
    [{ LOCSCORE_PORT: '-1' }, 'LOCSCORE_PORT must be an integer 0-65535, got "-1"'],
    [{ LOCSCORE_DEMO_PLAN: 'gold' }, 'LOCSCORE_DEMO_PLAN must be one of starter, growth, enterprise, got "gold"'],
    [{ LOCSCORE_DEMO_KEY: 'short' }, 'LOCSCORE_DEMO_KEY must be at least 16 characters, got "short"'],
    [{ LOCSCORE_ALLOW_PRIVATE_WEBHOOKS: 'maybe' }, 'LOCSCORE_ALLOW_PRIVATE_WEBHOOKS must be true/false, 1/0, yes/no or on/off, got "maybe"'],
    [{ LOCSCORE_WEBHOOK_RETRY_SCHEDULE: '0,-5' }, 'LOCSCORE_WEBHOOK_RETRY_SCHEDULE must be comma-separated non-negative seconds, got "0,-5"'],
    [{ LOCSCORE_LOG_LEVEL: 'loud' }, 'LOCSCORE_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"'],
    [{ LOCSCORE_RATE_LIMIT_STARTER: 'fast' }, 'LOCSCORE_RATE_LIMIT_STARTER must be N/s, N/m or N/h with N >= 1, or off, got "fast"'],
    [{ LOCSCORE_RATE_LIMIT_GROWTH: '0/s' }, 'LOCSCORE_RATE_LIMIT_GROWTH must be N/s, N/m or N/h with N >= 1, or off, got "0/s"'],
    [{ LOCSCORE_SHUTDOWN_TIMEOUT: '90' }, 'LOCSCORE_SHUTDOWN_TIMEOUT must be seconds from 0.1 to 60, got "90"'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'LOCSCORE_DATABASE_URL must be a postgres:// or postgresql:// URL, got "mysql://x/y"'],
  ])('names the bad setting: %o', (env, message) => {
    const error = failure(env);
    expect(error.message).toBe(message);
    expect(error.variable).toBe(message.split(' ')[0]);
  });

  it('never echoes a database password', () => {
    const error = failure({ LOCSCORE_DATABASE_URL: 'http://user:hunter2@db/x' });
    expect(error.message).not.toContain('hunter2');
  });

  it('documents every setting with a flag and a variable', () => {
    const names = SETTINGS.map((setting) => setting.name).sort();
    expect(names).toEqual(Object.keys({ ...loadServerConfig({ LOCSCORE_DATA_DIR: 'd', DATABASE_URL: 'postgres://h/d', LOCSCORE_DEMO_KEY: 'x'.repeat(16), LOCSCORE_WEBHOOK_RETRY_SCHEDULE: '1' }) }).sort());
    for (const setting of SETTINGS) {
      expect(setting.flag).toMatch(/^--/);
      expect(setting.variable).toMatch(/^LOCSCORE_/);
    }
  });
});

describe('parseRateLimit', () => {
  it('reads N per second, minute or hour, and off', () => {
    expect(parseRateLimit('5/s')).toEqual({ points: 5, durationSeconds: 1 });
    expect(parseRateLimit(' 30 / m ')).toEqual({ points: 30, durationSeconds: 60 });
    expect(parseRateLimit('1000/hour')).toEqual({ points: 1000, durationSeconds: 3600 });
    expect(parseRateLimit('off')).toBeNull();
    expect(() => parseRateLimit('5/day')).toThrow(/N\/s, N\/m or N\/h/);
    expect(() => parseRateLimit('5')).toThrow();
  });
});
