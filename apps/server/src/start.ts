import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ScoringEngine } from '@locscore/engine';
import type { Logger } from 'pino';
import { createServer } from './app.js';
import { type LoadedEngine, loadEngine } from './engine-loader.js';
import { reloadableEngine } from './engine-reload.js';
import type { Lifecycle } from './http/health.js';
import { createLogger } from './infra/logger.js';
import { createMetrics, timedEngine } from './infra/metrics.js';
import { DEFAULT_SETTINGS, type ServerSettings } from './infra/settings.js';
import { closeHttpServer, withinTime } from './infra/shutdown.js';
import { startJobQueue } from './services/jobs/job-queue.js';
import { createScoringService } from './services/scoring/scoring-service.js';
import { createUnitNetworks } from './services/units/unit-networks.js';
import { openStore, type Store } from './store/open-store.js';

/**
 * Options of {@link startServer}: any of the {@link ServerSettings} (each
 * defaults as in `SETTINGS`, except that without `dataDir` and
 * `databaseUrl` the data directory is a new temporary one), plus what only
 * code can pass.
 */
export interface StartServerOptions extends Partial<ServerSettings> {
  /** A ready engine (tests); otherwise one is built from `regions` and `sample`. */
  engine?: ScoringEngine;
  /** The current time; tests inject one to move across quota periods. @default () => new Date() */
  clock?: () => Date;
  /** A ready pino logger (tests capture logs with one); `logLevel` is then ignored. @default createLogger({ level: logLevel }) */
  logger?: Logger;
  /** The built dashboard's folder (tests); null serves none. @default `@locscore/dashboard`'s `dist/` */
  dashboardDir?: string | null;
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
   * queue stops (queued jobs stay in the database for the next start), the
   * store closes and the sample pack's folder is removed. Idempotent.
   */
  close(): Promise<void>;
}

/** Milliseconds `close()` gives the job queue to stop, so that a SIGTERM ends within 10 s. */
const QUEUE_STOP_TIMEOUT_MS = 2500;

/** Listens on `port` and `host`; resolves once listening. */
function listen(app: ReturnType<typeof createServer>, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (error?: Error) => {
      if (error) reject(error);
      else resolve(server);
    });
  });
}

/** The base URL of a listening server, IPv6 hosts in brackets. */
function urlOf(server: Server): string {
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** What a running server stops, in order. */
interface StopSteps {
  server: Server;
  lifecycle: Lifecycle;
  stopQueue: () => Promise<void>;
  /** Closes the store and removes the sample pack's folder. */
  release: () => Promise<void>;
  logger: Logger;
  shutdownTimeoutMs: number;
}

/** {@link RunningServer.close}: runs the steps once, however often it is called. */
function gracefulStop(steps: StopSteps): () => Promise<void> {
  const { server, lifecycle, logger } = steps;
  let closing: Promise<void> | null = null;
  return () => {
    closing ??= (async () => {
      lifecycle.draining = true;
      const { forced } = await closeHttpServer(server, steps.shutdownTimeoutMs);
      logger.info({ forcedConnections: forced }, 'http server closed');
      // pg-boss waits for running jobs; queued ones stay in the database.
      if ((await withinTime(steps.stopQueue(), QUEUE_STOP_TIMEOUT_MS)) === 'timeout') {
        logger.warn({ timeoutMs: QUEUE_STOP_TIMEOUT_MS }, 'job queue did not stop in time; its running jobs will be retried after expiry');
      }
      await steps.release();
      logger.info('store closed');
    })();
    return closing;
  };
}

/**
 * Reloads the region packs on `SIGHUP` (a pack replaced on disk, or added to
 * or removed from a folder given to `--region`) while the loaded ones keep
 * answering; logs `regions reloaded` with the regions then served, or the
 * failure (the loaded regions then keep answering).
 *
 * @returns removes the signal handler
 */
function reloadOnHangup(reload: () => Promise<ScoringEngine>, warm: (engine: ScoringEngine) => void, logger: Logger): () => void {
  const onHangup = (): void => {
    logger.info('SIGHUP: reloading the region packs');
    reload().then(
      (engine) => {
        logger.info({ regions: engine.regions.map((region) => region.name) }, 'regions reloaded');
        warm(engine);
      },
      (error: unknown) => logger.error({ err: error }, 'region reload failed; the regions loaded before keep answering'),
    );
  };
  process.on('SIGHUP', onHangup);
  return () => process.off('SIGHUP', onHangup);
}

/**
 * Builds the engine's per-category tables (`ScoringEngine.warm`) in the
 * background once the server listens, so the first score of a category does
 * not wait for them; requests are served in between. Logs when done, and a
 * warning on failure (scores then build what they need on first use).
 */
function warmEngine(engine: ScoringEngine, logger: Logger, signal: AbortSignal): void {
  if (engine.warm === undefined) return;
  const started = performance.now();
  engine.warm(signal).then(
    (tables) => {
      if (!signal.aborted) logger.info({ tables, ms: Math.round(performance.now() - started) }, 'engine warmed: percentile tables built');
    },
    (error: unknown) => logger.warn({ err: error }, 'engine warm-up failed; tables are built on first use'),
  );
}

/**
 * Opens the store, loads the regions (and the sample town), registers the
 * demo key, starts the job queue (scoring jobs and webhook deliveries),
 * listens, and warms the engine in the background.
 *
 * @param options - see {@link StartServerOptions}
 * @returns the running server
 * @throws StoreLockedError when another process holds the data dir
 * @throws RegionPackError for a bad region pack; Error when the port is taken
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger({ level: options.logLevel ?? DEFAULT_SETTINGS.logLevel });
  const store = await openStore({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  let loaded: LoadedEngine | null = null;
  let stopQueue = async (): Promise<void> => undefined;
  const warming = new AbortController();
  let stopReloads = (): void => undefined;
  const release = async (): Promise<void> => {
    stopReloads();
    warming.abort();
    await store.close();
    await loaded?.close();
  };
  try {
    if (options.engine) loaded = { engine: options.engine, close: async () => undefined };
    else {
      const sources = { regions: options.regions ?? DEFAULT_SETTINGS.regions, sample: options.sample ?? DEFAULT_SETTINGS.sample };
      const reloadable = reloadableEngine(await loadEngine(sources), () => loadEngine(sources));
      loaded = { engine: reloadable.engine, close: () => reloadable.close() };
      stopReloads = reloadOnHangup(reloadable.reload, (engine) => warmEngine(engine, logger, warming.signal), logger);
    }
    const { engine } = loaded;
    if (options.demoKey) {
      await store.keys.register({ apiKey: options.demoKey, plan: options.demoPlan ?? DEFAULT_SETTINGS.demoPlan, name: 'demo' });
    }
    const metrics = createMetrics(store.stats, (error) => logger.warn({ err: error }, 'metrics scrape query failed'));
    const lifecycle: Lifecycle = { draining: false };
    const allowPrivateWebhooks = options.allowPrivateWebhooks ?? DEFAULT_SETTINGS.allowPrivateWebhooks;
    // One scoring service (and unit-network cache) for the routes and the scoring workers.
    const unitNetworks = createUnitNetworks(store.units);
    const scoring = createScoringService({ store, engine: timedEngine(engine, metrics), networks: unitNetworks });
    const queue = await startJobQueue({
      store,
      engine,
      scoring,
      allowPrivateWebhooks,
      retrySchedule: options.webhookRetrySchedule ?? DEFAULT_SETTINGS.webhookRetrySchedule,
      scoreJobExpirySeconds: options.scoreJobExpirySeconds ?? DEFAULT_SETTINGS.scoreJobExpirySeconds,
      logger,
    });
    stopQueue = () => queue.stop();
    const app = createServer({
      store,
      engine,
      allowPrivateWebhooks,
      clock: options.clock,
      queue,
      scoring,
      unitNetworks,
      logger,
      metrics,
      lifecycle,
      rateLimits: options.rateLimits ?? DEFAULT_SETTINGS.rateLimits,
      redeliveries: queue,
      trustProxy: options.trustProxy ?? DEFAULT_SETTINGS.trustProxy,
      ...(options.adminToken === undefined ? {} : { adminToken: options.adminToken }),
      ...(options.dashboardDir === undefined ? {} : { dashboardDir: options.dashboardDir }),
    });
    const server = await listen(app, options.port ?? DEFAULT_SETTINGS.port, options.host ?? DEFAULT_SETTINGS.host);
    warmEngine(engine, logger, warming.signal);
    const shutdownTimeoutMs = options.shutdownTimeoutMs ?? DEFAULT_SETTINGS.shutdownTimeoutMs;
    return { url: urlOf(server), store, close: gracefulStop({ server, lifecycle, stopQueue, release, logger, shutdownTimeoutMs }) };
  } catch (error) {
    await stopQueue();
    await release();
    throw error;
  }
}
