import { createLogger } from './infra/logger.js';
import { loadServerConfig, type ServerSettings, SettingsError } from './infra/settings.js';
import { type RunningServer, type StartServerOptions, startServer } from './start.js';

/** Exit codes of the server process. */
export const EXIT_CODES = {
  /** Stopped cleanly after SIGTERM or SIGINT. */
  ok: 0,
  /** Could not start (port taken, store locked, bad region pack), or shutdown failed or overran. */
  failed: 1,
  /** A setting is invalid (the message names it). */
  badSetting: 2,
} as const;

/** Hard limit on a shutdown: the process exits (code 1) if closing takes longer. */
export const SHUTDOWN_DEADLINE_MS = 9_500;

/**
 * Runs the server as a process: validates every setting from `env`
 * ({@link loadServerConfig}; exit 2 with `locscore server: <message>` on
 * stderr for a bad one, never a stack trace), starts it (exit 1 with the
 * message if that fails), logs `locscore server listening on <url> (pid N)`,
 * and on the first SIGTERM or SIGINT closes gracefully (`RunningServer.close`)
 * and exits 0, or 1 when closing fails or takes more than
 * {@link SHUTDOWN_DEADLINE_MS}. A second signal exits 1 at once.
 *
 * @param env - the environment (`process.env`)
 * @param overrides - options taking precedence over the settings (tests inject an engine)
 * @returns once the server listens; the process later exits on a signal
 */
export async function runServer(env: Readonly<Record<string, string | undefined>>, overrides: Partial<StartServerOptions> = {}): Promise<void> {
  let settings: ServerSettings;
  try {
    settings = loadServerConfig(env);
  } catch (error) {
    const message = error instanceof SettingsError ? error.message : String(error);
    process.stderr.write(`locscore server: ${message}\n`);
    process.exit(EXIT_CODES.badSetting);
  }
  const logger = overrides.logger ?? createLogger({ level: settings.logLevel });
  let server: RunningServer;
  try {
    server = await startServer({ ...settings, logger, ...overrides });
  } catch (error) {
    process.stderr.write(`locscore server: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(EXIT_CODES.failed);
  }
  logger.info({ url: server.url, pid: process.pid }, `locscore server listening on ${server.url} (pid ${process.pid})`);
  const running = server;
  const stop = (signal: NodeJS.Signals): void => {
    logger.info({ signal }, 'locscore server stopping');
    process.once('SIGTERM', () => process.exit(EXIT_CODES.failed));
    process.once('SIGINT', () => process.exit(EXIT_CODES.failed));
    const deadline = setTimeout(() => {
      logger.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown took too long; exiting');
      process.exit(EXIT_CODES.failed);
    }, SHUTDOWN_DEADLINE_MS);
    running.close().then(
      () => {
        clearTimeout(deadline);
        logger.info('locscore server stopped');
        process.exit(EXIT_CODES.ok);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(EXIT_CODES.failed);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
