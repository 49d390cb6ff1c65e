import { describe, expect, it } from 'vitest';
import { CliError } from './exit-codes.js';
import { resolveServerSettings } from './server-settings.js';

describe('resolveServerSettings', () => {
  it('gives the server defaults when nothing is set', () => {
    const settings = resolveServerSettings({}, {});
    expect(settings).toEqual({ logLevel: 'info', rateLimits: {}, shutdownTimeoutMs: 6000 });
  });

  it('takes a flag over its LOCSCORE_* variable, and the variable when the flag is absent', () => {
    const env = { LOCSCORE_LOG_LEVEL: 'debug', LOCSCORE_RATE_LIMIT_STARTER: '2/s', LOCSCORE_SHUTDOWN_TIMEOUT: '3' };
    const settings = resolveServerSettings({ logLevel: 'warn', rateLimitGrowth: '30/m', webhookRetrySchedule: '0,1,5' }, env);
    expect(settings.logLevel).toBe('warn');
    expect(settings.rateLimits).toEqual({ starter: { points: 2, durationSeconds: 1 }, growth: { points: 30, durationSeconds: 60 } });
    expect(settings.webhookRetrySchedule).toEqual([0, 1, 5]);
    expect(settings.shutdownTimeoutMs).toBe(3000);
  });

  it('ignores the server variables serve has its own flags for', () => {
    expect(() => resolveServerSettings({}, { LOCSCORE_PORT: 'not a port', DATABASE_URL: 'mysql://x' })).not.toThrow();
  });

  it('names the flag, or the variable, that holds a bad value (exit 2)', () => {
    expect(() => resolveServerSettings({ logLevel: 'loud' }, {})).toThrow(/^--log-level must be one of fatal, error/);
    expect(() => resolveServerSettings({ rateLimitEnterprise: '5/fortnight' }, {})).toThrow(/^--rate-limit-enterprise must be N\/s/);
    expect(() => resolveServerSettings({}, { LOCSCORE_SHUTDOWN_TIMEOUT: '600' })).toThrow(/^LOCSCORE_SHUTDOWN_TIMEOUT must be seconds/);
    expect(() => resolveServerSettings({ webhookRetrySchedule: 'soon' }, {})).toThrow(CliError);
  });
});
