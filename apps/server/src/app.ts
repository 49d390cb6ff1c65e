import {
  ADMIN_PATH,
  DASHBOARD_PATH,
  FRANCHISOR_REQUESTS_PATH,
  MAP_PATH,
  OPPORTUNITIES_PATH,
  SCORE_PATH,
  TERRITORY_CHECK_PATH,
  UNITS_PATH,
  USAGE_PATH,
  USAGE_REPORT_PATH,
} from '@locscore/schema';
import express, { type Express, type Request, type Response } from 'express';
import helmet from 'helmet';
import { apiReferenceRouter } from './http/api-reference.js';
import { apiKeyOf, requireKey } from './http/auth/authenticate.js';
import { credentials } from './http/auth/credentials.js';
import { createFailedAttemptLimit } from './http/auth/failed-attempts.js';
import { createLastUseStamp } from './http/auth/last-use.js';
import { defaultDashboardDir } from './http/dashboard/dashboard-files.js';
import { dashboardRouter } from './http/dashboard/dashboard-router.js';
import { errorHandler, notFound } from './http/error-handler.js';
import { healthRouter } from './http/health.js';
import { metricsMiddleware } from './http/metrics-middleware.js';
import { rateLimit } from './http/rate-limit.js';
import { countRefusals } from './http/refusal-count.js';
import { requestId } from './http/request-id.js';
import { httpLogger } from './http/request-logger.js';
import { adminRouter } from './http/routes/admin/admin-router.js';
import { mapRouter } from './http/routes/map.js';
import { opportunitiesRouter } from './http/routes/opportunities.js';
import { requestLogRouter } from './http/routes/request-log.js';
import { scoreRouter } from './http/routes/score.js';
import { territoryCheckRouter } from './http/routes/territory-check.js';
import { unitsRouter } from './http/routes/units.js';
import { usageRouter } from './http/routes/usage.js';
import { usageReportFor } from './http/routes/usage-report.js';
import type { ServerConfig, WiredConfig } from './http/server-config.js';
import { createLogger } from './infra/logger.js';
import { createMetrics, timedEngine } from './infra/metrics.js';
import { MIN_ADMIN_TOKEN_LENGTH } from './infra/settings.js';
import { createScoringService } from './services/scoring/scoring-service.js';
import { createUnitNetworks } from './services/units/unit-networks.js';

/**
 * Builds the Express 5 app of the locscore API.
 *
 * Routes: `POST /api/franchisor/score` (200 result, or 202 with `webhookUrl`),
 * `GET /api/franchisor/score/:requestId`, `GET /api/franchisor/usage`,
 * `GET /api/franchisor/usage-report`, `GET /api/franchisor/requests[/:id]`,
 * `POST /api/franchisor/requests/:id/redeliver`, `GET /api/franchisor/map`,
 * the account's units at `/api/franchisor/units[/:id]` (and `/import`) and
 * `POST /api/franchisor/territories/check`, `GET /api/franchisor/opportunities`;
 * the admin API under `/api/admin/` when `adminToken` is set (404 for every
 * admin route otherwise); the dashboard and its session at `/dashboard`;
 * and, without key or quota, `GET /healthz`, `/readyz`, `/metrics`,
 * `/openapi.json` and `/docs`. Every `/api` request is authenticated by
 * `X-API-Key`, `Authorization: Bearer <admin token>` or the dashboard's
 * session cookie (`credentials`). Every response carries `X-Request-Id` and
 * helmet's security headers, and is logged as one JSON line (`httpLogger`);
 * every error is the JSON error body; unknown routes answer 404 `not_found`.
 * With `rateLimits`, a key over its plan's burst limit gets 429
 * `rate_limited` before any quota is touched.
 *
 * @param config - store, engine and options
 * @returns the app (not listening; see `startServer`)
 * @throws RangeError when `adminToken` is shorter than 32 characters
 */
export function createServer(config: ServerConfig): Express {
  if (config.adminToken !== undefined && config.adminToken.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new RangeError(`adminToken must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters`);
  }
  const logger = config.logger ?? createLogger({ level: 'warn' });
  const metrics = config.metrics ?? createMetrics(config.store.stats, (error) => logger.warn({ err: error }, 'metrics scrape query failed'));
  const engine = timedEngine(config.engine, metrics);
  const unitNetworks = config.unitNetworks ?? createUnitNetworks(config.store.units);
  const scoring = config.scoring ?? createScoringService({ store: config.store, engine, networks: unitNetworks });
  const routed: WiredConfig = { ...config, engine, scoring, unitNetworks };
  const clock = config.clock ?? (() => new Date());
  const failedAttempts = config.failedAttempts ?? createFailedAttemptLimit();
  const stampLastUse = createLastUseStamp(config.store.lastUse, { onError: (error) => logger.warn({ err: error }, 'could not record a key’s last use') });
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  app.set('trust proxy', config.trustProxy ?? false);
  app.use(requestId);
  app.use(httpLogger(logger, config.adminToken === undefined ? [] : [config.adminToken]));
  app.use(metricsMiddleware(metrics));
  // Plain-HTTP deployments (TLS at the load balancer, local use) must not have
  // their sub-resources upgraded to https, so that CSP directive is dropped.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  // Before credentials: without an admin token, the admin API does not exist, whatever is presented.
  if (config.adminToken === undefined) app.use(ADMIN_PATH, notFound);
  app.use('/api', countRefusals(config.store.refusals, clock));
  app.use(
    '/api',
    credentials({ keys: config.store.keys, sessions: config.store.sessions, adminToken: config.adminToken, failedAttempts, stampLastUse, clock }),
  );
  if (config.rateLimits && Object.keys(config.rateLimits).length > 0) {
    const limiter = rateLimit({ limits: config.rateLimits, metrics });
    for (const path of [SCORE_PATH, USAGE_PATH, USAGE_REPORT_PATH, FRANCHISOR_REQUESTS_PATH, MAP_PATH, UNITS_PATH, TERRITORY_CHECK_PATH, OPPORTUNITIES_PATH])
      app.use(path, limiter);
  }
  app.use(SCORE_PATH, scoreRouter(routed));
  app.use(USAGE_PATH, usageRouter(routed));
  app.get(USAGE_REPORT_PATH, requireKey, async (req: Request, res: Response) => {
    res.status(200).json(await usageReportFor(routed, req, apiKeyOf(res).id));
  });
  app.use(FRANCHISOR_REQUESTS_PATH, requestLogRouter(routed, 'key'));
  app.use(MAP_PATH, mapRouter(routed));
  app.use(UNITS_PATH, unitsRouter(routed));
  app.use(TERRITORY_CHECK_PATH, territoryCheckRouter(routed));
  app.use(OPPORTUNITIES_PATH, opportunitiesRouter(routed));
  if (config.adminToken !== undefined) app.use(ADMIN_PATH, adminRouter(routed));
  app.use(
    DASHBOARD_PATH,
    dashboardRouter({
      store: config.store,
      adminToken: config.adminToken,
      failedAttempts,
      stampLastUse,
      clock,
      dir: config.dashboardDir === undefined ? defaultDashboardDir() : config.dashboardDir,
    }),
  );
  // After the API, so that scoring requests do not walk these routes first.
  app.use(healthRouter({ ping: () => config.store.ping(), engine, metrics, lifecycle: config.lifecycle ?? { draining: false } }));
  app.use(apiReferenceRouter());
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
