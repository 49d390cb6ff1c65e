import type { AddressInfo } from 'node:net';
import type { ScoringEngine } from '@locscore/engine';
import type { Plan } from '@locscore/schema';
import type { Logger } from 'pino';
import { createServer } from './app.js';
import { loadEngine } from './engine-loader.js';
import type { Lifecycle } from './ops/health.js';
import { createLogger } from './ops/logger.js';
import { createMetrics, timedEngine } from './ops/metrics.js';
import type { LogLevel, RateLimits } from './ops/settings.js';
import { closeHttpServer, withinTime } from './ops/shutdown.js';
import { openStore, type Store } from './store/open-store.js';
import { startJobQueue } from './webhooks/job-queue.js';

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** TCP port; default 8787; 0 picks a free one. */
  port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** PGlite data directory; a temporary one when omitted (and no `databaseUrl`). */
  dataDir?: string;
  /** PostgreSQL URL; takes precedence over `dataDir`. */
  databaseUrl?: string;
  /** Region pack directories to load (ignored when `engine` is given). */
  regions?: string[];
  /** A ready engine (tests); otherwise one is built from `regions`. */
  engine?: ScoringEngine;
  /** Registers this exact key string (idempotently) on `demoPlan`. */
  demoKey?: string;
  /** Plan of the demo key; default `growth`. */
  demoPlan?: Plan;
  /** See `ServerConfig.allowPrivateWebhooks`. */
  allowPrivateWebhooks?: boolean;
  /** See `ServerConfig.clock`. */
  clock?: () => Date;
  /** Seconds before each webhook delivery attempt; default 0, 5, 300, 1800, 7200, 18000, 36000, 36000. */
  webhookRetrySchedule?: number[];
  /** Level of the JSON logs on stderr; default `info`. Ignored when `logger` is given. */
  logLevel?: LogLevel;
  /** A ready pino logger (tests capture logs with one); default {@link createLogger} at `logLevel`. */
  logger?: Logger;
  /** Per-key burst limits by plan; default none (off). */
  rateLimits?: RateLimits;
  /** Milliseconds `close()` waits for in-flight requests before closing their connections; default 6000. */
  shutdownTimeoutMs?: number;
}

/** A listening server. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:8787`. */
  url: string;
  /** The open store (to create keys, inspect usage). */
  store: Store;
  /**
   * Graceful stop: `/readyz` turns 503, the listener stops accepting, idle
   * keep-alive connections close, in-flight requests get up to
   * `shutdownTimeoutMs` to finish (then their connections are closed), the job
   * queue stops (queued jobs stay in the database for the next start), and the
   * store closes. Idempotent.
   */
  close(): Promise<void>;
}

/** Default port of the reference server. */
export const DEFAULT_PORT = 8787;
/** Milliseconds `close()` gives the job queue to stop, so that a SIGTERM ends within 10 s. */
const QUEUE_STOP_TIMEOUT_MS = 2500;

/** Default interface: loopback only. */
export const DEFAULT_HOST = '127.0.0.1';

/**
 * Opens the store, loads the regions, registers the demo key, starts the
 * job queue (scoring jobs and webhook deliveries) and listens.
 *
 * @param options - see {@link StartServerOptions}
 * @returns the running server
 * @throws StoreLockedError when another process holds the data dir
 * @throws RegionPackError for a bad region pack; Error when the port is taken
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger({ level: options.logLevel ?? 'info' });
  const store = await openStore({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  let stopQueue = async (): Promise<void> => undefined;
  try {
    const engine = options.engine ?? (await loadEngine(options.regions ?? []));
    if (options.demoKey) {
      await store.keys.register({ apiKey: options.demoKey, plan: options.demoPlan ?? 'growth', name: 'demo' });
    }
    const metrics = createMetrics(store.db, (error) => logger.warn({ err: error }, 'metrics scrape query failed'));
    const lifecycle: Lifecycle = { draining: false };
    const queue = await startJobQueue({
      store,
      engine: timedEngine(engine, metrics),
      allowPrivateWebhooks: options.allowPrivateWebhooks,
      retrySchedule: options.webhookRetrySchedule,
      logger,
    });
    stopQueue = () => queue.stop();
    const app = createServer({
      store,
      engine,
      allowPrivateWebhooks: options.allowPrivateWebhooks,
      clock: options.clock,
      queue,
      logger,
      metrics,
      lifecycle,
      ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    });
    const host = options.host ?? DEFAULT_HOST;
    const server = await new Promise<import('node:http').Server>((resolve, reject) => {
      const listening = app.listen(options.port ?? DEFAULT_PORT, host, (error?: Error) => {
        if (error) reject(error);
        else resolve(listening);
      });
    });
    const address = server.address() as AddressInfo;
    const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    let closing: Promise<void> | null = null;
    return {
      url: `http://${urlHost}:${address.port}`,
      store,
      close() {
        closing ??= (async () => {
          lifecycle.draining = true;
          const { forced } = await closeHttpServer(server, options.shutdownTimeoutMs ?? 6000);
          logger.info({ forcedConnections: forced }, 'http server closed');
          // pg-boss waits for running jobs; queued ones stay in the database.
          if ((await withinTime(stopQueue(), QUEUE_STOP_TIMEOUT_MS)) === 'timeout') {
            logger.warn({ timeoutMs: QUEUE_STOP_TIMEOUT_MS }, 'job queue did not stop in time; its running jobs will be retried after expiry');
          }
          await store.close();
          logger.info('store closed');
        })();
        return closing;
      },
    };
  } catch (error) {
    await stopQueue();
    await store.close();
    throw error;
  }
}
