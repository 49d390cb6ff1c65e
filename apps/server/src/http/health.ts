import type { ScoringEngine } from '@locscore/engine';
import { type Request, type Response, Router } from 'express';
import type { Metrics } from '../infra/metrics.js';

/** Shared state of a server's life: set `draining` when shutdown begins. */
export interface Lifecycle {
  /** True once a shutdown began: `/readyz` answers 503 so load balancers stop sending traffic. */
  draining: boolean;
}

/** What {@link healthRouter} checks. */
export interface HealthOptions {
  /** Answers once the store's database runs `SELECT 1` (`store.ping`); `/readyz` calls it. */
  ping: () => Promise<void>;
  /** `/readyz` needs at least one loaded region. */
  engine: ScoringEngine;
  /** Exposed by `/metrics`. */
  metrics: Metrics;
  /** Shutdown state; `/readyz` fails while draining. */
  lifecycle: Lifecycle;
  /** Milliseconds the database ping may take before it counts as failed; default 2000. */
  databaseTimeoutMs?: number;
}

/** Body of `/readyz`: each check is `ok` or the reason it failed. */
export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: { database: string; regions: string; shutdown: string };
}

async function pingDatabase(ping: () => Promise<void>, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`failed: no answer within ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([
      ping().then(
        () => 'ok',
        (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Operations endpoints; none needs an API key and none costs quota:
 *
 * - `GET /healthz`: the process is alive: 200 `{ "status": "ok" }`.
 * - `GET /readyz`: ready for traffic: 200 when the database answers `SELECT 1`
 *   (within `databaseTimeoutMs`), at least one region is loaded and no shutdown
 *   is under way; else 503. Both carry {@link Readiness}.
 * - `GET /metrics`: Prometheus text format (`text/plain; version=0.0.4`).
 *
 * @param options - see {@link HealthOptions}
 */
export function healthRouter(options: HealthOptions): Router {
  const router = Router();
  router.get('/healthz', (_req: Request, res: Response) => {
    res.status(200).json({ status: 'ok' });
  });
  router.get('/readyz', async (_req: Request, res: Response) => {
    const regions = options.engine.regions.length;
    const checks: Readiness['checks'] = {
      database: await pingDatabase(options.ping, options.databaseTimeoutMs ?? 2000),
      regions: regions > 0 ? 'ok' : 'failed: no region pack is loaded',
      shutdown: options.lifecycle.draining ? 'failed: shutting down' : 'ok',
    };
    const ready = Object.values(checks).every((check) => check === 'ok');
    const body: Readiness = { status: ready ? 'ok' : 'unavailable', checks };
    res.setHeader('Cache-Control', 'no-store');
    res.status(ready ? 200 : 503).json(body);
  });
  router.get('/metrics', async (_req: Request, res: Response) => {
    const text = await options.metrics.registry.metrics();
    res.setHeader('Content-Type', options.metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).send(text);
  });
  return router;
}
