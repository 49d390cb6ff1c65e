import { SCORE_PATH, USAGE_PATH } from '@locscore/schema';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { ServerConfig } from './config.js';
import { errorHandler, notFound } from './http/error-handler.js';
import { requestId } from './http/request-id.js';
import { apiReferenceRouter } from './ops/api-reference.js';
import { healthRouter } from './ops/health.js';
import { createLogger, httpLogger } from './ops/logger.js';
import { createMetrics, metricsMiddleware, timedEngine } from './ops/metrics.js';
import { rateLimit } from './ops/rate-limit.js';
import { scoreRouter } from './routes/score.js';
import { usageRouter } from './routes/usage.js';

/**
 * Builds the Express 5 app of the locscore API.
 *
 * Routes: `POST /api/franchisor/score` (200 result, or 202 with `webhookUrl`),
 * `GET /api/franchisor/score/:requestId`, `GET /api/franchisor/usage`; and,
 * without key or quota, `GET /healthz`, `/readyz`, `/metrics`,
 * `/openapi.json` and `/docs`. Every response carries `X-Request-Id` and
 * helmet's security headers, and is logged as one JSON line (`httpLogger`);
 * every error is the JSON error body; unknown routes answer 404 `not_found`.
 * With `rateLimits`, a key over its plan's burst limit gets 429 `rate_limited`
 * before any quota is touched.
 *
 * @param config - store, engine and options
 * @returns the app (not listening; see `startServer`)
 */
export function createServer(config: ServerConfig): Express {
  const logger = config.logger ?? createLogger({ level: 'warn' });
  const metrics = config.metrics ?? createMetrics(config.store.stats, (error) => logger.warn({ err: error }, 'metrics scrape query failed'));
  const engine = timedEngine(config.engine, metrics);
  const routed: ServerConfig = { ...config, engine };
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  app.use(requestId);
  app.use(httpLogger(logger));
  app.use(metricsMiddleware(metrics));
  // Plain-HTTP deployments (TLS at the load balancer, local use) must not have
  // their sub-resources upgraded to https, so that CSP directive is dropped.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  if (config.rateLimits && Object.keys(config.rateLimits).length > 0) {
    const limiter = rateLimit({ keys: config.store.keys, limits: config.rateLimits, metrics });
    app.use(SCORE_PATH, limiter);
    app.use(USAGE_PATH, limiter);
  }
  app.use(SCORE_PATH, scoreRouter(routed));
  app.use(USAGE_PATH, usageRouter(routed));
  // After the API, so that scoring requests do not walk these routes first.
  app.use(healthRouter({ ping: () => config.store.ping(), engine, metrics, lifecycle: config.lifecycle ?? { draining: false } }));
  app.use(apiReferenceRouter());
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
