/**
 * Runs the reference server from `LOCSCORE_*` environment variables:
 * `LOCSCORE_PORT` (8787), `LOCSCORE_HOST` (127.0.0.1), `LOCSCORE_DATA_DIR`
 * (a temporary directory), `LOCSCORE_REGIONS` (comma-separated pack
 * directories), `LOCSCORE_DEMO_KEY`, `LOCSCORE_DEMO_PLAN` (growth),
 * `DATABASE_URL` / `LOCSCORE_DATABASE_URL`, `LOCSCORE_ALLOW_PRIVATE_WEBHOOKS` (`1`),
 * `LOCSCORE_WEBHOOK_RETRY_SCHEDULE` (comma-separated seconds).
 * See docs/configuration.md.
 */
import { PLANS, type Plan } from '@locscore/schema';
import { startServer } from './start.js';
import { parseRetrySchedule } from './webhooks/retry-schedule.js';

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function port(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`LOCSCORE_PORT must be an integer from 0 to 65535 (got ${value})`);
  }
  return parsed;
}

function plan(value: string | undefined): Plan | undefined {
  if (value === undefined || value === '') return undefined;
  const found = PLANS.find((candidate) => candidate === value);
  if (found === undefined) throw new Error(`LOCSCORE_DEMO_PLAN must be one of: ${PLANS.join(', ')} (got ${value})`);
  return found;
}

const env = process.env;
try {
  const server = await startServer({
    port: port(env.LOCSCORE_PORT),
    host: env.LOCSCORE_HOST || undefined,
    dataDir: env.LOCSCORE_DATA_DIR || undefined,
    databaseUrl: env.LOCSCORE_DATABASE_URL || env.DATABASE_URL || undefined,
    regions: list(env.LOCSCORE_REGIONS),
    demoKey: env.LOCSCORE_DEMO_KEY || undefined,
    demoPlan: plan(env.LOCSCORE_DEMO_PLAN),
    allowPrivateWebhooks: env.LOCSCORE_ALLOW_PRIVATE_WEBHOOKS === '1' || env.LOCSCORE_ALLOW_PRIVATE_WEBHOOKS === 'true',
    webhookRetrySchedule: env.LOCSCORE_WEBHOOK_RETRY_SCHEDULE ? parseRetrySchedule(env.LOCSCORE_WEBHOOK_RETRY_SCHEDULE) : undefined,
  });
  process.stderr.write(`locscore server listening on ${server.url}\n`);
  const stop = (): void => {
    process.stderr.write('locscore server stopping\n');
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  process.stderr.write(`locscore server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
