import type { AddressInfo } from 'node:net';
import type { ScoringEngine } from '@locscore/engine';
import type { Plan } from '@locscore/schema';
import { createServer } from './app.js';
import { loadEngine } from './engine-loader.js';
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
}

/** A listening server. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:8787`. */
  url: string;
  /** The open store (to create keys, inspect usage). */
  store: Store;
  /** Stops listening, ends open connections, closes the store. */
  close(): Promise<void>;
}

/** Default port of the reference server. */
export const DEFAULT_PORT = 8787;
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
  const store = await openStore({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  let stopQueue = async (): Promise<void> => undefined;
  try {
    const engine = options.engine ?? (await loadEngine(options.regions ?? []));
    if (options.demoKey) {
      await store.keys.register({ apiKey: options.demoKey, plan: options.demoPlan ?? 'growth', name: 'demo' });
    }
    const queue = await startJobQueue({
      store,
      engine,
      allowPrivateWebhooks: options.allowPrivateWebhooks,
      retrySchedule: options.webhookRetrySchedule,
    });
    stopQueue = () => queue.stop();
    const app = createServer({
      store,
      engine,
      allowPrivateWebhooks: options.allowPrivateWebhooks,
      clock: options.clock,
      queue,
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
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          });
          await stopQueue();
          await store.close();
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
