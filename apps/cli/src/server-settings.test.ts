import { SETTINGS } from '@locscore/server/settings';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { CliError } from './exit-codes.js';
import { parsePort, resolveServerSettings, serveOptions } from './server-settings.js';

/** Parses `serve` arguments with the generated options, as the program does. */
function parse(args: string[]): Record<string, string | boolean | string[] | undefined> {
  const command = new Command('serve').exitOverride();
  for (const option of serveOptions()) command.addOption(option);
  command.parse(args, { from: 'user' });
  return command.opts();
}

describe('serveOptions', () => {
  it('has one flag per server setting, with its variable and default in the help', () => {
    const options = serveOptions();
    expect(options.map((option) => option.flags)).toEqual(Object.values(SETTINGS).map((spec) => spec.flag));
    for (const [option, spec] of options.map((option, i) => [option, Object.values(SETTINGS)[i]] as const)) {
      expect(option.description).toContain(`env ${spec?.variable}`);
      expect(option.defaultValue).toBeUndefined();
    }
  });
});

describe('resolveServerSettings', () => {
  it('gives the server defaults when nothing is set', () => {
    const settings = resolveServerSettings(parse([]), {});
    expect(settings).toMatchObject({ port: 8787, host: '127.0.0.1', logLevel: 'info', rateLimits: {}, shutdownTimeoutMs: 6000, sample: false });
  });

  it('takes a flag over its LOCSCORE_* variable, and the variable when the flag is absent', () => {
    const env = {
      LOCSCORE_PORT: '9001',
      LOCSCORE_LOG_LEVEL: 'debug',
      LOCSCORE_RATE_LIMIT_STARTER: '2/s',
      LOCSCORE_ALLOW_PRIVATE_WEBHOOKS: '1',
      LOCSCORE_REGIONS: '/env/pack',
    };
    const settings = resolveServerSettings(
      parse(['--port', '0', '--log-level', 'warn', '--rate-limit-growth', '30/m', '--region', '/a', '--region', '/b']),
      env,
    );
    expect(settings.port).toBe(0);
    expect(settings.logLevel).toBe('warn');
    expect(settings.rateLimits).toEqual({ starter: { points: 2, durationSeconds: 1 }, growth: { points: 30, durationSeconds: 60 } });
    expect(settings.allowPrivateWebhooks).toBe(true);
    expect(settings.regions).toEqual(['/a', '/b']);
    expect(resolveServerSettings(parse([]), env).port).toBe(9001);
  });

  it('names the flag, or the variable, that holds a bad value (exit 2)', () => {
    expect(() => resolveServerSettings(parse(['--log-level', 'loud']), {})).toThrow(/^--log-level must be one of fatal, error/);
    expect(() => resolveServerSettings(parse(['--rate-limit-enterprise', '5/fortnight']), {})).toThrow(/^--rate-limit-enterprise must be N\/s/);
    expect(() => resolveServerSettings(parse([]), { LOCSCORE_SHUTDOWN_TIMEOUT: '600' })).toThrow(/^LOCSCORE_SHUTDOWN_TIMEOUT must be seconds/);
    expect(() => resolveServerSettings(parse([]), { LOCSCORE_PORT: 'eighty' })).toThrow(/^LOCSCORE_PORT must be an integer 0-65535, got "eighty"/);
    expect(() => resolveServerSettings(parse(['--demo-plan', 'starter']), {})).toThrow(/^--demo-plan needs --demo-key/);
    expect(() => resolveServerSettings(parse(['--webhook-retry-schedule', 'soon']), {})).toThrow(CliError);
  });
});

describe('parsePort', () => {
  it("reads a port by the server's rule and names --port otherwise", () => {
    expect(parsePort('0')).toBe(0);
    expect(parsePort('8788')).toBe(8788);
    expect(() => parsePort('70000')).toThrow('--port must be an integer 0-65535, got "70000"');
  });
});
