import { PLANS, type Plan } from '@locscore/schema';
import { z } from 'zod';
import { parseRetrySchedule } from '../webhooks/retry-schedule.js';

/** Log levels of pino, quietest last. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A burst limit: at most `points` requests per `durationSeconds` for one API key. */
export interface RateLimit {
  /** Requests admitted per window (a positive integer). */
  points: number;
  /** Window length in seconds (1, 60 or 3600). */
  durationSeconds: number;
}

/** Burst limit per plan; a plan without an entry is not limited (the default). */
export type RateLimits = Partial<Record<Plan, RateLimit>>;

/** Every setting of the server, validated (see {@link loadServerConfig}). */
export interface ServerSettings {
  /** TCP port, 0–65535 (0 = any free port). */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** PGlite data directory; undefined = a new temporary one. */
  dataDir?: string;
  /** PostgreSQL URL; undefined = PGlite. */
  databaseUrl?: string;
  /** Region pack directories. */
  regions: string[];
  /** Key string registered at start on {@link ServerSettings.demoPlan}. */
  demoKey?: string;
  /** Plan of the demo key. */
  demoPlan: Plan;
  /** Accept webhook URLs on private, loopback and link-local addresses. */
  allowPrivateWebhooks: boolean;
  /** Seconds before each webhook delivery attempt; undefined = the default schedule. */
  webhookRetrySchedule?: number[];
  /** Minimum level of the JSON logs on stderr. */
  logLevel: LogLevel;
  /** Per-key burst limits by plan; empty = off. */
  rateLimits: RateLimits;
  /** Milliseconds a SIGTERM waits for in-flight requests before closing their connections. */
  shutdownTimeoutMs: number;
}

/** One row of the settings table (docs/configuration.md, `locscore serve --help`). */
export interface SettingSpec {
  /** Field of {@link ServerSettings} (and of `startServer`'s options). */
  name: keyof ServerSettings;
  /** `locscore serve` flag. */
  flag: string;
  /** Environment variable read by {@link loadServerConfig}. */
  variable: string;
  /** Default, as text. */
  default: string;
  /** What it does. */
  meaning: string;
}

/** Every setting: its flag, variable, default and meaning. The order is the documentation's. */
export const SETTINGS: readonly SettingSpec[] = [
  { name: 'port', flag: '--port', variable: 'LOCSCORE_PORT', default: '8787', meaning: 'TCP port, an integer 0-65535; 0 picks a free one.' },
  { name: 'host', flag: '--host', variable: 'LOCSCORE_HOST', default: '127.0.0.1', meaning: 'Interface to listen on; 0.0.0.0 behind a load balancer.' },
  { name: 'dataDir', flag: '--data-dir', variable: 'LOCSCORE_DATA_DIR', default: 'a new temporary directory', meaning: 'PGlite data directory (one process at a time).' },
  { name: 'databaseUrl', flag: '--database-url', variable: 'LOCSCORE_DATABASE_URL (or DATABASE_URL)', default: 'unset', meaning: 'PostgreSQL URL; when set PGlite is not used.' },
  { name: 'regions', flag: '--region (repeatable)', variable: 'LOCSCORE_REGIONS', default: 'none', meaning: 'Region pack directories; the variable is comma-separated.' },
  { name: 'demoKey', flag: '--demo-key', variable: 'LOCSCORE_DEMO_KEY', default: 'unset', meaning: 'Registers this exact key (at least 16 characters) at start.' },
  { name: 'demoPlan', flag: '--demo-plan', variable: 'LOCSCORE_DEMO_PLAN', default: 'growth', meaning: `Plan of the demo key: ${PLANS.join(', ')}.` },
  { name: 'allowPrivateWebhooks', flag: '--allow-private-webhooks', variable: 'LOCSCORE_ALLOW_PRIVATE_WEBHOOKS', default: 'false', meaning: 'Accept webhook URLs on loopback/private/link-local addresses (tests, local development).' },
  { name: 'webhookRetrySchedule', flag: '--webhook-retry-schedule', variable: 'LOCSCORE_WEBHOOK_RETRY_SCHEDULE', default: '0,5,300,1800,7200,18000,36000,36000', meaning: 'Seconds before each webhook delivery attempt, comma-separated.' },
  { name: 'logLevel', flag: '--log-level', variable: 'LOCSCORE_LOG_LEVEL', default: 'info', meaning: `JSON log level on stderr: ${LOG_LEVELS.join(', ')}.` },
  { name: 'rateLimits', flag: '--rate-limit-starter / --rate-limit-growth / --rate-limit-enterprise', variable: 'LOCSCORE_RATE_LIMIT_STARTER / _GROWTH / _ENTERPRISE', default: 'off', meaning: 'Per-key burst limit of the plan: N/s, N/m or N/h, or off. Over it: 429 rate_limited with Retry-After; costs no quota.' },
  { name: 'shutdownTimeoutMs', flag: '--shutdown-timeout', variable: 'LOCSCORE_SHUTDOWN_TIMEOUT', default: '6', meaning: 'Seconds (0.1-60) a SIGTERM waits for in-flight requests before closing their connections.' },
];

/** A setting with a bad value: the message names the variable and the value. */
export class SettingsError extends Error {
  /**
   * @param variable - the environment variable (e.g. `LOCSCORE_PORT`)
   * @param message - full message, e.g. `LOCSCORE_PORT must be an integer 0-65535, got "abc"`
   */
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'SettingsError';
  }
}

const WINDOW_SECONDS: Record<string, number> = { s: 1, sec: 1, second: 1, m: 60, min: 60, minute: 60, h: 3600, hour: 3600 };

/**
 * Parses a burst limit: `N/s`, `N/m`, `N/h` (also `sec`, `min`, `hour`,
 * `second`, `minute`), or `off` / empty for none.
 *
 * @param text - e.g. `10/s`
 * @returns the limit, or null for `off`
 * @throws Error (without the variable name) when the text is none of these
 */
export function parseRateLimit(text: string): RateLimit | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === '' || trimmed === 'off') return null;
  const match = /^(\d{1,9})\s*\/\s*([a-z]+)$/.exec(trimmed);
  const points = match ? Number(match[1]) : 0;
  const durationSeconds = match?.[2] === undefined ? undefined : WINDOW_SECONDS[match[2]];
  if (points < 1 || durationSeconds === undefined) throw new Error('must be N/s, N/m or N/h with N >= 1, or off');
  return { points, durationSeconds };
}

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

function fromText<T>(parse: (text: string) => T, fallback: T, message: string) {
  return optionalText.transform((value, ctx) => {
    if (value === undefined) return fallback;
    try {
      return parse(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error && message === '' ? error.message : message });
      return z.NEVER;
    }
  });
}

function integer(text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new Error('out of range');
  return value;
}

function boolean(text: string): boolean {
  const lower = text.toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(lower)) return true;
  if (['0', 'false', 'no', 'off'].includes(lower)) return false;
  throw new Error('not a boolean');
}

function oneOf<T extends string>(values: readonly T[]): (text: string) => T {
  return (text) => {
    const found = values.find((value) => value === text);
    if (found === undefined) throw new Error('not allowed');
    return found;
  };
}

function list(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function seconds(text: string): number {
  const value = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || value < 0.1 || value > 60) throw new Error('out of range');
  return Math.round(value * 1000);
}

const EnvSchema = z.object({
  LOCSCORE_PORT: fromText((text) => integer(text, 0, 65535), 8787, 'must be an integer 0-65535'),
  LOCSCORE_HOST: optionalText.transform((value) => value ?? '127.0.0.1'),
  LOCSCORE_DATA_DIR: optionalText,
  LOCSCORE_DATABASE_URL: fromText(
    (text) => {
      if (!/^postgres(ql)?:\/\//.test(text) || !URL.canParse(text)) throw new Error('bad URL');
      return text;
    },
    undefined,
    'must be a postgres:// or postgresql:// URL',
  ),
  LOCSCORE_REGIONS: fromText(list, [], ''),
  LOCSCORE_DEMO_KEY: fromText(
    (text) => {
      if (text.length < 16) throw new Error('too short');
      return text;
    },
    undefined,
    'must be at least 16 characters',
  ),
  LOCSCORE_DEMO_PLAN: fromText(oneOf(PLANS), 'growth', `must be one of ${PLANS.join(', ')}`),
  LOCSCORE_ALLOW_PRIVATE_WEBHOOKS: fromText(boolean, false, 'must be true/false, 1/0, yes/no or on/off'),
  LOCSCORE_WEBHOOK_RETRY_SCHEDULE: fromText(parseRetrySchedule, undefined, 'must be comma-separated non-negative seconds'),
  LOCSCORE_LOG_LEVEL: fromText(oneOf(LOG_LEVELS), 'info', `must be one of ${LOG_LEVELS.join(', ')}`),
  LOCSCORE_RATE_LIMIT_STARTER: fromText(parseRateLimit, null, 'must be N/s, N/m or N/h with N >= 1, or off'),
  LOCSCORE_RATE_LIMIT_GROWTH: fromText(parseRateLimit, null, 'must be N/s, N/m or N/h with N >= 1, or off'),
  LOCSCORE_RATE_LIMIT_ENTERPRISE: fromText(parseRateLimit, null, 'must be N/s, N/m or N/h with N >= 1, or off'),
  LOCSCORE_SHUTDOWN_TIMEOUT: fromText(seconds, 6000, 'must be seconds from 0.1 to 60'),
});

/**
 * Reads and validates every `LOCSCORE_*` setting (and `DATABASE_URL`, used
 * when `LOCSCORE_DATABASE_URL` is unset) with zod. Empty values count as
 * unset. `locscore serve` maps its flags onto the same variables
 * ({@link SETTINGS}) and calls this too.
 *
 * @param env - the environment, e.g. `process.env`
 * @returns the settings, defaults filled in
 * @throws SettingsError naming the first bad variable and its value, e.g.
 *   `LOCSCORE_PORT must be an integer 0-65535, got "abc"`
 */
export function loadServerConfig(env: Readonly<Record<string, string | undefined>>): ServerSettings {
  const input = { ...env, LOCSCORE_DATABASE_URL: env.LOCSCORE_DATABASE_URL?.trim() || env.DATABASE_URL };
  const parsed = EnvSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'setting');
    const shown = variable === 'LOCSCORE_DATABASE_URL' ? redactUrl(input.LOCSCORE_DATABASE_URL) : input[variable as keyof typeof input];
    throw new SettingsError(variable, `${variable} ${issue?.message ?? 'is invalid'}, got ${JSON.stringify(shown ?? '')}`);
  }
  const data = parsed.data;
  const rateLimits: RateLimits = {};
  const byPlan: Record<Plan, RateLimit | null> = {
    starter: data.LOCSCORE_RATE_LIMIT_STARTER,
    growth: data.LOCSCORE_RATE_LIMIT_GROWTH,
    enterprise: data.LOCSCORE_RATE_LIMIT_ENTERPRISE,
  };
  for (const plan of PLANS) {
    const limit = byPlan[plan];
    if (limit) rateLimits[plan] = limit;
  }
  return {
    port: data.LOCSCORE_PORT,
    host: data.LOCSCORE_HOST,
    ...(data.LOCSCORE_DATA_DIR ? { dataDir: data.LOCSCORE_DATA_DIR } : {}),
    ...(data.LOCSCORE_DATABASE_URL ? { databaseUrl: data.LOCSCORE_DATABASE_URL } : {}),
    regions: data.LOCSCORE_REGIONS,
    ...(data.LOCSCORE_DEMO_KEY ? { demoKey: data.LOCSCORE_DEMO_KEY } : {}),
    demoPlan: data.LOCSCORE_DEMO_PLAN,
    allowPrivateWebhooks: data.LOCSCORE_ALLOW_PRIVATE_WEBHOOKS,
    ...(data.LOCSCORE_WEBHOOK_RETRY_SCHEDULE ? { webhookRetrySchedule: data.LOCSCORE_WEBHOOK_RETRY_SCHEDULE } : {}),
    logLevel: data.LOCSCORE_LOG_LEVEL,
    rateLimits,
    shutdownTimeoutMs: data.LOCSCORE_SHUTDOWN_TIMEOUT,
  };
}

/** A database URL with its password replaced, for error messages. */
function redactUrl(value: string | undefined): string | undefined {
  if (value === undefined || !URL.canParse(value)) return value === undefined ? undefined : '(unparseable URL)';
  const url = new URL(value);
  if (url.password) url.password = '***';
  return url.toString();
}
