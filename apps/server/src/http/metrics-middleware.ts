import {
  ADMIN_ACCOUNTS_PATH,
  ADMIN_KEYS_PATH,
  ADMIN_REQUESTS_PATH,
  ADMIN_USAGE_PATH,
  DASHBOARD_PATH,
  DASHBOARD_SESSION_PATH,
  FRANCHISOR_REQUESTS_PATH,
  MAP_PATH,
  SCORE_PATH,
  TERRITORY_CHECK_PATH,
  UNITS_IMPORT_PATH,
  UNITS_PATH,
  USAGE_PATH,
  USAGE_REPORT_PATH,
} from '@locscore/schema';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Metrics } from '../infra/metrics.js';
import { apiKeyOf } from './auth/authenticate.js';
import { errorCodeOf } from './error-handler.js';

/** Each route of the app: a path of `@locscore/schema` and the parameters after it. */
const ROUTES: ReadonlyArray<readonly [string, string]> = [
  [SCORE_PATH, ''],
  [SCORE_PATH, '/:requestId'],
  [USAGE_PATH, ''],
  [USAGE_REPORT_PATH, ''],
  [FRANCHISOR_REQUESTS_PATH, ''],
  [FRANCHISOR_REQUESTS_PATH, '/:requestId'],
  [FRANCHISOR_REQUESTS_PATH, '/:requestId/redeliver'],
  [MAP_PATH, ''],
  [UNITS_IMPORT_PATH, ''],
  [UNITS_PATH, ''],
  [UNITS_PATH, '/:id'],
  [TERRITORY_CHECK_PATH, ''],
  [ADMIN_ACCOUNTS_PATH, ''],
  [ADMIN_KEYS_PATH, ''],
  [ADMIN_KEYS_PATH, '/:prefix'],
  [ADMIN_KEYS_PATH, '/:prefix/rotate-secret'],
  [ADMIN_USAGE_PATH, ''],
  [ADMIN_REQUESTS_PATH, ''],
  [ADMIN_REQUESTS_PATH, '/:requestId'],
  [ADMIN_REQUESTS_PATH, '/:requestId/redeliver'],
  [DASHBOARD_SESSION_PATH, ''],
  ['/healthz', ''],
  ['/readyz', ''],
  ['/metrics', ''],
  ['/openapi.json', ''],
];

/** Each route's template and the pattern of its paths (a trailing slash allowed). */
const ROUTE_TEMPLATES: ReadonlyArray<readonly [RegExp, string]> = ROUTES.map(([base, tail]): readonly [RegExp, string] => {
  const pattern = `${escapeRegExp(base)}${tail.replace(/\/:[a-zA-Z]+/g, '/[^/]+')}`;
  return [new RegExp(`^${pattern}/?$`), `${base}${tail}`];
});

/** `text` with the characters special in a regular expression escaped. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Route label of a request: one of the app's route templates, never the raw
 * path (random paths would otherwise create unbounded label values); every
 * page and asset of the dashboard is `/dashboard`, the API reference `/docs`.
 *
 * @param path - the request path without query
 * @returns e.g. `/api/franchisor/units/:id`, or `unmatched`
 */
export function routeLabel(path: string): string {
  for (const [pattern, template] of ROUTE_TEMPLATES) if (pattern.test(path)) return template;
  if (path === '/docs' || path.startsWith('/docs/')) return '/docs';
  if (path === DASHBOARD_PATH || path.startsWith(`${DASHBOARD_PATH}/`)) return DASHBOARD_PATH;
  return 'unmatched';
}

/** The plan of an authenticated response, or `unknown`. */
function planOf(res: Response): string {
  try {
    return apiKeyOf(res).plan;
  } catch {
    return 'unknown';
  }
}

/**
 * Middleware counting every response (`finish`, or `close` for an aborted
 * one, status `0`) in {@link Metrics.httpRequests} and its latency in
 * {@link Metrics.httpDuration}, and 429 `quota_exceeded` answers in
 * {@link Metrics.quotaRejections}.
 *
 * @param metrics - from `createMetrics`
 */
export function metricsMiddleware(metrics: Metrics): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const path = req.path;
    let counted = false;
    const count = (): void => {
      if (counted) return;
      counted = true;
      const labels = { method: req.method, route: routeLabel(path), status: res.writableFinished ? String(res.statusCode) : '0' };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      if (errorCodeOf(res) === 'quota_exceeded') metrics.quotaRejections.inc({ plan: planOf(res) });
    };
    res.once('finish', count);
    res.once('close', count);
    next();
  };
}
