import { DEFAULT_HOST, DEFAULT_PORT, PLANS, type Plan } from '@locscore/schema';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { DEFAULT_RETRY_SCHEDULE } from './retry-schedule.js';

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

/**
 * Which proxies' `X-Forwarded-For` and `X-Forwarded-Proto` the server
 * believes, as Express's `trust proxy` takes it: false (none), a number of
 * hops, or addresses, subnets and the names `loopback`, `linklocal`, `uniquelocal`.
 */
export type TrustProxy = false | number | string[];

/** Shortest admin token accepted: 32 characters (about 190 bits as 32 base64 characters). */
export const MIN_ADMIN_TOKEN_LENGTH = 32;

/** Seconds of each burst-limit window unit. */
const WINDOW_SECONDS: Record<string, number> = { s: 1, sec: 1, second: 1, m: 60, min: 60, minute: 60, h: 3600, hour: 3600 };

const RATE_LIMIT_MESSAGE = 'must be N/s, N/m or N/h with N >= 1, or off';
const RETRY_SCHEDULE_MESSAGE = 'must be comma-separated non-negative seconds';

/** `N/s`, `N/m` or `N/h` (also `sec`, `min`, `hour`, `second`, `minute`), or `off` for none. */
const RateLimitText = z
  .string()
  .toLowerCase()
  .regex(/^(off|0*[1-9]\d{0,8}\s*\/\s*(s|sec|second|m|min|minute|h|hour))$/, RATE_LIMIT_MESSAGE)
  .transform((text): RateLimit | null => {
    if (text === 'off') return null;
    const [points = '', unit = ''] = text.split('/').map((part) => part.trim());
    return { points: Number(points), durationSeconds: WINDOW_SECONDS[unit] ?? 1 };
  });

/** Names Express's `trust proxy` accepts besides addresses and subnets. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_MESSAGE = 'must be off, a number of hops, or comma-separated IP addresses, subnets, loopback, linklocal or uniquelocal';

/** Whether one entry of a trusted-proxy list is an address, a subnet (CIDR) or one of {@link PROXY_NAMES}. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(entry);
}

/** `off`, a hop count, or a comma-separated list of trusted proxies, as Express's `trust proxy` setting takes them. */
const TrustProxyText = z.string().transform((text, context): TrustProxy => {
  const lower = text.toLowerCase();
  if (lower === 'off' || lower === 'false') return false;
  if (/^\d{1,2}$/.test(lower)) return Number(lower);
  const entries = commaList(lower);
  if (entries.length === 0 || !entries.every(isProxyEntry)) {
    context.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  }
  return entries;
});

/** A comma-separated list, items trimmed, empty items dropped. */
const commaList = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * One row of the settings table: a `LOCSCORE_*` variable, the `locscore
 * serve` flag generated from it, its default, its meaning and its validation.
 * docs/configuration.md shows the table (a test holds them equal).
 */
export interface SettingSpec {
  /** The `startServer` option it sets, e.g. `port` or `rateLimits.starter`. */
  option: string;
  /** The `locscore serve` flag with its value placeholder (`--port <port>`); a switch has none (`--sample`). */
  flag: string;
  /** The environment variable. */
  variable: string;
  /** Variables read, in order, when {@link SettingSpec.variable} is unset (`DATABASE_URL`). */
  fallbacks?: readonly string[];
  /** The flag may be given several times; the variable is then comma-separated. */
  repeatable?: boolean;
  /** The default, as documented. */
  default: string;
  /** What it does (docs/configuration.md and `locscore serve --help`). */
  meaning: string;
  /** Validates the text (trimmed, never empty; a list for a repeatable setting) and gives the value, or the default when absent. */
  schema: z.ZodType;
}

/**
 * Every setting of the server, in the documentation's order. Each value
 * comes from its flag (`locscore serve`), else its variable, else its
 * default; empty text counts as unset.
 */
export const SETTINGS = {
  port: {
    option: 'port',
    flag: '--port <port>',
    variable: 'LOCSCORE_PORT',
    default: String(DEFAULT_PORT),
    meaning: 'TCP port, an integer 0-65535; 0 picks a free one.',
    schema: z
      .string()
      .regex(/^\d{1,5}$/, 'must be an integer 0-65535')
      .pipe(z.coerce.number<string>().max(65535, 'must be an integer 0-65535'))
      .default(DEFAULT_PORT),
  },
  host: {
    option: 'host',
    flag: '--host <host>',
    variable: 'LOCSCORE_HOST',
    default: DEFAULT_HOST,
    meaning: 'Interface to listen on; 0.0.0.0 behind a load balancer.',
    schema: z.string().default(DEFAULT_HOST),
  },
  dataDir: {
    option: 'dataDir',
    flag: '--data-dir <dir>',
    variable: 'LOCSCORE_DATA_DIR',
    default: 'a new temporary directory (`locscore serve` and `locscore keys`: `~/.locscore/data`)',
    meaning: 'PGlite data directory, one process at a time; the database is in its `pgdata/` folder.',
    schema: z.string().optional(),
  },
  databaseUrl: {
    option: 'databaseUrl',
    flag: '--database-url <url>',
    variable: 'LOCSCORE_DATABASE_URL',
    fallbacks: ['DATABASE_URL'],
    default: 'unset',
    meaning:
      'PostgreSQL URL; when set PGlite is not used and any number of instances may share the database. It wins over a data directory set at the same level (flag or variable); the two flags together are refused.',
    schema: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  },
  regions: {
    option: 'regions',
    flag: '--region <dir>',
    variable: 'LOCSCORE_REGIONS',
    repeatable: true,
    default: 'none',
    meaning:
      'Region pack directories (`locscore region import`), or folders of them (every pack inside is loaded); the flag is repeatable, the variable comma-separated. SIGHUP reloads them (a pack replaced, added or removed) while the loaded ones keep answering.',
    schema: z.array(z.string()).default([]),
  },
  sample: {
    option: 'sample',
    flag: '--sample',
    variable: 'LOCSCORE_SAMPLE',
    default: 'false',
    meaning: 'Also load the fictional sample town (SAMPLE DATA), built at start into a temporary folder that is removed at stop.',
    schema: z.stringbool({ error: 'must be true/false, 1/0, yes/no or on/off' }).default(false),
  },
  demoKey: {
    option: 'demoKey',
    flag: '--demo-key <key>',
    variable: 'LOCSCORE_DEMO_KEY',
    default: 'unset',
    meaning: 'Registers this exact API key (at least 16 characters) at start, idempotently.',
    schema: z.string().min(16, 'must be at least 16 characters').optional(),
  },
  demoPlan: {
    option: 'demoPlan',
    flag: '--demo-plan <plan>',
    variable: 'LOCSCORE_DEMO_PLAN',
    default: 'growth',
    meaning: `Plan of the demo key: ${PLANS.join(', ')}; needs the demo key.`,
    schema: z.enum(PLANS, { error: `must be one of ${PLANS.join(', ')}` }).default('growth'),
  },
  allowPrivateWebhooks: {
    option: 'allowPrivateWebhooks',
    flag: '--allow-private-webhooks',
    variable: 'LOCSCORE_ALLOW_PRIVATE_WEBHOOKS',
    default: 'false',
    meaning: 'Accept webhook URLs on loopback, private, link-local, CGNAT, multicast and unspecified addresses (tests, local development).',
    schema: z.stringbool({ error: 'must be true/false, 1/0, yes/no or on/off' }).default(false),
  },
  webhookRetrySchedule: {
    option: 'webhookRetrySchedule',
    flag: '--webhook-retry-schedule <seconds>',
    variable: 'LOCSCORE_WEBHOOK_RETRY_SCHEDULE',
    default: DEFAULT_RETRY_SCHEDULE.join(','),
    meaning: 'Seconds before each webhook delivery attempt, comma-separated.',
    schema: z
      .string()
      .transform(commaList)
      .pipe(z.array(z.coerce.number<string>({ error: RETRY_SCHEDULE_MESSAGE }).nonnegative(RETRY_SCHEDULE_MESSAGE)).min(1, RETRY_SCHEDULE_MESSAGE))
      .default([...DEFAULT_RETRY_SCHEDULE]),
  },
  adminToken: {
    option: 'adminToken',
    flag: '--admin-token <token>',
    variable: 'LOCSCORE_ADMIN_TOKEN',
    default: 'unset',
    meaning: `Turns on the admin API (\`/api/admin/*\`, \`Authorization: Bearer <token>\`) and the operator's sign-in to the dashboard; at least ${MIN_ADMIN_TOKEN_LENGTH} characters, e.g. \`openssl rand -base64 32\`. Unset: every admin route answers 404. Prefer the variable: a flag shows in the process list.`,
    schema: z.string().min(MIN_ADMIN_TOKEN_LENGTH, `must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters`).optional(),
  },
  trustProxy: {
    option: 'trustProxy',
    flag: '--trust-proxy <proxies>',
    variable: 'LOCSCORE_TRUST_PROXY',
    default: 'off',
    meaning:
      'Proxies whose X-Forwarded-For and X-Forwarded-Proto the server believes, for the client address of the failed sign-in limit and for Secure cookies behind https: off, a number of hops, or comma-separated addresses, subnets, loopback, linklocal or uniquelocal.',
    schema: TrustProxyText.default(false),
  },
  logLevel: {
    option: 'logLevel',
    flag: '--log-level <level>',
    variable: 'LOCSCORE_LOG_LEVEL',
    default: 'info',
    meaning: `Level of the JSON logs on stderr: ${LOG_LEVELS.join(', ')}.`,
    schema: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  },
  rateLimitStarter: {
    option: 'rateLimits.starter',
    flag: '--rate-limit-starter <limit>',
    variable: 'LOCSCORE_RATE_LIMIT_STARTER',
    default: 'off',
    meaning: 'Per-key burst limit of Starter keys: N/s, N/m or N/h (N >= 1), or off. Over it: 429 rate_limited with Retry-After; costs no quota.',
    schema: RateLimitText.default(null),
  },
  rateLimitGrowth: {
    option: 'rateLimits.growth',
    flag: '--rate-limit-growth <limit>',
    variable: 'LOCSCORE_RATE_LIMIT_GROWTH',
    default: 'off',
    meaning: 'The same for Growth keys.',
    schema: RateLimitText.default(null),
  },
  rateLimitEnterprise: {
    option: 'rateLimits.enterprise',
    flag: '--rate-limit-enterprise <limit>',
    variable: 'LOCSCORE_RATE_LIMIT_ENTERPRISE',
    default: 'off',
    meaning: 'The same for Enterprise keys.',
    schema: RateLimitText.default(null),
  },
  scoreJobExpirySeconds: {
    option: 'scoreJobExpirySeconds',
    flag: '--score-job-expiry <seconds>',
    variable: 'LOCSCORE_SCORE_JOB_EXPIRY',
    default: '60',
    meaning:
      'Seconds (1-3600) after which a webhook-mode scoring job still running counts as lost (its process died) and is retried; longer than any one score takes.',
    schema: z.coerce
      .number({ error: 'must be whole seconds from 1 to 3600' })
      .int('must be whole seconds from 1 to 3600')
      .min(1, 'must be whole seconds from 1 to 3600')
      .max(3600, 'must be whole seconds from 1 to 3600')
      .default(60),
  },
  shutdownTimeout: {
    option: 'shutdownTimeoutMs',
    flag: '--shutdown-timeout <seconds>',
    variable: 'LOCSCORE_SHUTDOWN_TIMEOUT',
    default: '6',
    meaning: 'Seconds (0.1-60) a SIGTERM waits for in-flight requests before closing their connections.',
    schema: z.coerce
      .number({ error: 'must be seconds from 0.1 to 60' })
      .min(0.1, 'must be seconds from 0.1 to 60')
      .max(60, 'must be seconds from 0.1 to 60')
      .transform((seconds) => Math.round(seconds * 1000))
      .default(6000),
  },
} as const satisfies Record<string, SettingSpec>;

/** A key of {@link SETTINGS}. */
export type SettingName = keyof typeof SETTINGS;

/**
 * Flag values as commander gives them: text, `true` for a switch, a list for
 * a repeatable flag; undefined when the flag is absent.
 */
export type SettingFlags = Partial<Record<SettingName, string | boolean | readonly string[] | undefined>>;

/** Every setting of the server, validated (see {@link loadServerConfig}); these are `startServer` options. */
export interface ServerSettings {
  /** TCP port, 0–65535 (0 = any free port). */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** PGlite data directory; undefined = a new temporary one (or PostgreSQL when `databaseUrl` is set). */
  dataDir?: string;
  /** PostgreSQL URL; undefined = PGlite. Never set together with `dataDir`. */
  databaseUrl?: string;
  /** Region pack directories. */
  regions: string[];
  /** Load the fictional sample region too. */
  sample: boolean;
  /** Key string registered at start on {@link ServerSettings.demoPlan}. */
  demoKey?: string;
  /** Plan of the demo key. */
  demoPlan: Plan;
  /** Accept webhook URLs on private, loopback and link-local addresses. */
  allowPrivateWebhooks: boolean;
  /** Seconds before each webhook delivery attempt. */
  webhookRetrySchedule: number[];
  /** The admin token (at least 32 characters); undefined = no admin API (404) and no operator sign-in. */
  adminToken?: string;
  /** Proxies whose forwarded headers are believed; false = none. */
  trustProxy: TrustProxy;
  /** Minimum level of the JSON logs on stderr. */
  logLevel: LogLevel;
  /** Per-key burst limits by plan; empty = off. */
  rateLimits: RateLimits;
  /** Seconds after which a scoring job still running counts as lost and is retried. */
  scoreJobExpirySeconds: number;
  /** Milliseconds a SIGTERM waits for in-flight requests before closing their connections. */
  shutdownTimeoutMs: number;
}

/** A setting with a bad value: the message names the flag or variable and the value. */
export class SettingsError extends Error {
  /**
   * @param source - the flag or variable that held the bad value, e.g. `LOCSCORE_PORT` or `--port`
   * @param message - full message, e.g. `LOCSCORE_PORT must be an integer 0-65535, got "abc"`
   */
  constructor(
    readonly source: string,
    message: string,
  ) {
    super(message);
    this.name = 'SettingsError';
  }
}

/** The schema of the whole table, one field per setting. */
const SettingsSchema = z.object(
  Object.fromEntries(Object.entries(SETTINGS).map(([name, spec]) => [name, spec.schema])) as {
    [K in SettingName]: (typeof SETTINGS)[K]['schema'];
  },
);

/** Where one setting's text came from. */
interface SettingInput {
  value: string | string[] | undefined;
  /** The flag (without placeholder) or the variable that gave it; the variable when neither did. */
  source: string;
  fromFlag: boolean;
}

/** The flag's name without its value placeholder: `--port`. */
export function flagName(spec: SettingSpec): string {
  return spec.flag.split(' ')[0] ?? spec.flag;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The text of one setting: its flag, else its variable, else its fallbacks. */
function inputOf(spec: SettingSpec, env: Readonly<Record<string, string | undefined>>, flag: SettingFlags[SettingName]): SettingInput {
  if (flag !== undefined && flag !== false) {
    const value = typeof flag === 'string' ? flag.trim() : flag === true ? 'true' : flag.map((item) => item.trim());
    return { value, source: flagName(spec), fromFlag: true };
  }
  for (const variable of [spec.variable, ...(spec.fallbacks ?? [])]) {
    const text = nonEmpty(env[variable]);
    if (text !== undefined) return { value: spec.repeatable ? commaList(text) : text, source: variable, fromFlag: false };
  }
  return { value: undefined, source: spec.variable, fromFlag: false };
}

/** A value safe to show in an error: a database URL without its password, an admin token as its length only. */
function shown(name: SettingName, value: string | string[] | undefined): string {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  if (name === 'adminToken') return `${text.length} characters`;
  if (name !== 'databaseUrl' || !URL.canParse(text)) return text;
  const url = new URL(text);
  if (url.password) url.password = '***';
  return url.toString();
}

/**
 * Reads and validates every setting of {@link SETTINGS}: each from its flag
 * when `flags` has it, else from its `LOCSCORE_*` variable (and
 * `DATABASE_URL` when `LOCSCORE_DATABASE_URL` is unset), else its default.
 * Empty values count as unset. The store is the database URL or the data
 * directory given at the highest level (flag, then variable), the URL when
 * both are at the same level. `node dist/main.js` passes the environment,
 * `locscore serve` the environment and its flags.
 *
 * @param env - the environment, e.g. `process.env`
 * @param flags - flag values by setting name (`locscore serve`); default none
 * @returns the settings, defaults filled in
 * @throws SettingsError naming the first bad flag or variable and its value, e.g.
 *   `LOCSCORE_PORT must be an integer 0-65535, got "abc"`; or the two store
 *   flags together; or a demo plan without a demo key
 */
export function loadServerConfig(env: Readonly<Record<string, string | undefined>>, flags: SettingFlags = {}): ServerSettings {
  const names = Object.keys(SETTINGS) as SettingName[];
  const inputs = Object.fromEntries(names.map((name) => [name, inputOf(SETTINGS[name], env, flags[name])])) as Record<SettingName, SettingInput>;
  const parsed = SettingsSchema.safeParse(Object.fromEntries(names.map((name) => [name, inputs[name].value])));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = (issue?.path[0] ?? 'port') as SettingName;
    const { source, value } = inputs[name];
    throw new SettingsError(source, `${source} ${issue?.message ?? 'is invalid'}, got ${JSON.stringify(shown(name, value))}`);
  }
  const { dataDir, databaseUrl, demoKey, demoPlan, adminToken, rateLimitStarter, rateLimitGrowth, rateLimitEnterprise, shutdownTimeout, ...rest } = parsed.data;
  if (inputs.dataDir.fromFlag && inputs.databaseUrl.fromFlag) {
    throw new SettingsError(
      inputs.databaseUrl.source,
      `${inputs.databaseUrl.source} and ${inputs.dataDir.source} cannot be used together: the store is either PostgreSQL or a PGlite data directory`,
    );
  }
  if (inputs.demoPlan.value !== undefined && demoKey === undefined) {
    const keySource = inputs.demoPlan.fromFlag ? flagName(SETTINGS.demoKey) : SETTINGS.demoKey.variable;
    throw new SettingsError(inputs.demoPlan.source, `${inputs.demoPlan.source} needs ${keySource}`);
  }
  const usePostgres = databaseUrl !== undefined && !(inputs.dataDir.fromFlag && !inputs.databaseUrl.fromFlag);
  const byPlan: Record<Plan, RateLimit | null> = { starter: rateLimitStarter, growth: rateLimitGrowth, enterprise: rateLimitEnterprise };
  const rateLimits: RateLimits = {};
  for (const plan of PLANS) {
    const limit = byPlan[plan];
    if (limit) rateLimits[plan] = limit;
  }
  return {
    ...rest,
    ...(usePostgres ? { databaseUrl } : dataDir !== undefined ? { dataDir } : {}),
    ...(demoKey !== undefined ? { demoKey } : {}),
    demoPlan,
    ...(adminToken !== undefined ? { adminToken } : {}),
    rateLimits,
    shutdownTimeoutMs: shutdownTimeout,
  };
}

/** Every setting's default: {@link loadServerConfig} of an empty environment. */
export const DEFAULT_SETTINGS: Readonly<ServerSettings> = loadServerConfig({});
