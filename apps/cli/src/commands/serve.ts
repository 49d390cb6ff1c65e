import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Plan } from '@locscore/schema';
import { startServer } from '@locscore/server';
import { DEFAULT_PORT, resolveStoreLocation } from '../config.js';
import { CliError, EXIT } from '../exit-codes.js';
import { note, type Terminal } from '../output/terminal.js';
import { resolveServerSettings, type ServerSettingFlags } from '../server-settings.js';
import { nextTerminationSignal } from '../signals.js';
import { describeStoreLocation, isConnectionFailure, postgresUnreachable } from '../store-location.js';
import { requirePlan } from './keys.js';

/** Flags of `locscore serve` (with the server settings of {@link ServerSettingFlags}). */
export interface ServeOptions extends ServerSettingFlags {
  port?: string | undefined;
  host?: string | undefined;
  dataDir?: string | undefined;
  databaseUrl?: string | undefined;
  region?: string[] | undefined;
  sample?: boolean | undefined;
  demoKey?: string | undefined;
  demoPlan?: string | undefined;
  allowPrivateWebhooks?: boolean | undefined;
}

/**
 * Parses a TCP port flag.
 *
 * @param value - the flag text; undefined gives {@link DEFAULT_PORT}
 * @returns 0–65535 (0 = any free port)
 * @throws CliError (exit 2) when it is not a whole number in range
 */
export function parsePort(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new CliError(`--port must be a whole number from 0 to 65535, got "${value}"`);
  return port;
}

/**
 * `locscore serve`: runs the reference server until SIGINT or SIGTERM. Loads
 * the `--region` packs (or, with `--sample`, builds the fictional sample
 * region into a temporary folder); with neither it warns that every score
 * will answer 503 `not_configured`. Data lives in PostgreSQL with
 * `--database-url` / `LOCSCORE_DATABASE_URL` / `DATABASE_URL` (several
 * instances may share it), else in a PGlite `--data-dir`, else
 * `LOCSCORE_DATA_DIR`, else `~/.locscore/data` (see `resolveStoreLocation`).
 * Log level, burst limit per plan, webhook retry schedule and shutdown
 * timeout come from their flags, else their `LOCSCORE_*` variables (see
 * `resolveServerSettings`). Prints the URL on stdout; the server's JSON
 * logs go to stderr.
 *
 * @returns exit code 0 after a clean shutdown
 * @throws CliError (exit 2) for bad flags, (exit 5) when PostgreSQL cannot be reached;
 *   `StoreLockedError` (exit 2) when another process holds the data directory
 */
export async function runServe(options: ServeOptions, terminal: Terminal): Promise<number> {
  const port = parsePort(options.port);
  const regions = (options.region ?? []).map((dir) => resolve(dir));
  const location = resolveStoreLocation(options);
  const settings = resolveServerSettings(options);
  const demoPlan: Plan | undefined = options.demoPlan === undefined ? undefined : requirePlan(options.demoPlan);
  if (demoPlan && !options.demoKey) throw new CliError('--demo-plan needs --demo-key');
  let sampleDir: string | undefined;
  if (options.sample) {
    sampleDir = await mkdtemp(join(tmpdir(), 'locscore-sample-'));
    note(terminal, 'Building the sample region (fictional town, SAMPLE DATA)...');
    const { buildSampleRegion } = await import('@locscore/engine/sample');
    await buildSampleRegion(join(sampleDir, 'pack'));
    regions.push(join(sampleDir, 'pack'));
  }
  if (regions.length === 0) {
    note(
      terminal,
      terminal.err.yellow('No region pack loaded: every score request will answer 503 not_configured. Pass --region <dir> (see `locscore region import`) or --sample.'),
    );
  }
  try {
    const server = await startServer({
      port,
      host: options.host ?? '127.0.0.1',
      ...(location.driver === 'pg' ? { databaseUrl: location.databaseUrl } : { dataDir: location.dataDir }),
      regions,
      ...(options.demoKey ? { demoKey: options.demoKey } : {}),
      ...(demoPlan ? { demoPlan } : {}),
      allowPrivateWebhooks: options.allowPrivateWebhooks === true,
      logLevel: settings.logLevel,
      rateLimits: settings.rateLimits,
      shutdownTimeoutMs: settings.shutdownTimeoutMs,
      ...(settings.webhookRetrySchedule ? { webhookRetrySchedule: settings.webhookRetrySchedule } : {}),
    }).catch((error: unknown) => {
      throw location.driver === 'pg' && isConnectionFailure(error) ? postgresUnreachable(location, error) : error;
    });
    terminal.stdout.write(`${server.url}\n`);
    note(terminal, terminal.err.dim(`Store: ${describeStoreLocation(location)}; ${regions.length} region pack(s). Stop with Ctrl-C.`));
    const signal = await nextTerminationSignal((received) => note(terminal, `Received ${received}, shutting down...`));
    // A second signal while closing ends the process at once.
    const force = (): void => process.exit(EXIT.interrupted);
    process.once('SIGINT', force);
    process.once('SIGTERM', force);
    await server.close();
    process.off('SIGINT', force);
    process.off('SIGTERM', force);
    note(terminal, `Stopped (${signal}).`);
    return EXIT.ok;
  } finally {
    if (sampleDir) await rm(sampleDir, { recursive: true, force: true });
  }
}
