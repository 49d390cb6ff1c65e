import { loadServerConfig, SettingsError, type ServerSettings } from '@locscore/server';
import { CliError } from './exit-codes.js';

/** The `serve` flags that map onto the server's own settings, with the variable each one overrides. */
export const SERVER_SETTING_FLAGS = [
  { option: 'logLevel', flag: '--log-level', variable: 'LOCSCORE_LOG_LEVEL' },
  { option: 'rateLimitStarter', flag: '--rate-limit-starter', variable: 'LOCSCORE_RATE_LIMIT_STARTER' },
  { option: 'rateLimitGrowth', flag: '--rate-limit-growth', variable: 'LOCSCORE_RATE_LIMIT_GROWTH' },
  { option: 'rateLimitEnterprise', flag: '--rate-limit-enterprise', variable: 'LOCSCORE_RATE_LIMIT_ENTERPRISE' },
  { option: 'webhookRetrySchedule', flag: '--webhook-retry-schedule', variable: 'LOCSCORE_WEBHOOK_RETRY_SCHEDULE' },
  { option: 'shutdownTimeout', flag: '--shutdown-timeout', variable: 'LOCSCORE_SHUTDOWN_TIMEOUT' },
] as const;

/** The flags of {@link SERVER_SETTING_FLAGS}, as commander parses them (text, undefined when absent). */
export type ServerSettingFlags = { [K in (typeof SERVER_SETTING_FLAGS)[number]['option']]?: string | undefined };

/** What `serve` takes from the server's settings. */
export type TunedSettings = Pick<ServerSettings, 'logLevel' | 'rateLimits' | 'webhookRetrySchedule' | 'shutdownTimeoutMs'>;

/**
 * Resolves the server settings `serve` exposes as flags — log level, burst
 * limit per plan, webhook retry schedule, shutdown timeout — through the
 * server's own validation (`loadServerConfig`), so the CLI and `node
 * dist/main.js` accept exactly the same values. A flag overrides its
 * `LOCSCORE_*` variable; only these variables are read here (the store,
 * port, host and regions have their own flags and order, see
 * `resolveStoreLocation`).
 *
 * @param flags - the parsed flags
 * @param env - the environment; default `process.env`
 * @returns log level (default `info`), rate limits by plan (default none), retry
 *   schedule in seconds (default the server's), shutdown timeout in milliseconds (default 6000)
 * @throws CliError (exit 2) naming the flag (or the variable when the value came from it) and the bad value
 */
export function resolveServerSettings(flags: ServerSettingFlags, env: NodeJS.ProcessEnv = process.env): TunedSettings {
  const input: Record<string, string | undefined> = {};
  const fromFlag = new Map<string, string>();
  for (const { option, flag, variable } of SERVER_SETTING_FLAGS) {
    const value = flags[option];
    if (value !== undefined) {
      input[variable] = value;
      fromFlag.set(variable, flag);
    } else if (env[variable] !== undefined) input[variable] = env[variable];
  }
  try {
    const settings = loadServerConfig(input);
    return {
      logLevel: settings.logLevel,
      rateLimits: settings.rateLimits,
      shutdownTimeoutMs: settings.shutdownTimeoutMs,
      ...(settings.webhookRetrySchedule ? { webhookRetrySchedule: settings.webhookRetrySchedule } : {}),
    };
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    const flag = fromFlag.get(error.variable);
    throw new CliError(flag ? error.message.replace(error.variable, flag) : error.message);
  }
}
