import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Metrics } from '../infra/metrics.js';
import type { RateLimits } from '../infra/settings.js';
import { ApiError } from './api-error.js';
import { principalOf } from './auth/principal.js';

/** What {@link rateLimit} needs. */
export interface RateLimitOptions {
  /** Limit per plan; a plan without one is not limited. */
  limits: RateLimits;
  /** Counts refusals in `locscore_rate_limited_total`. */
  metrics: Metrics;
}

function windowName(seconds: number): string {
  if (seconds === 1) return 'second';
  if (seconds === 60) return 'minute';
  if (seconds === 3600) return 'hour';
  return `${seconds} s`;
}

/**
 * Per-key burst limit (rate-limiter-flexible's in-memory token windows, one
 * limiter per plan, keyed by API key id). Runs before the API routers, so a
 * refused request never reaches the quota: 429 `rate_limited` with
 * `Retry-After` (whole seconds, at least 1) and `details: { limit,
 * windowSeconds, retryAfterSeconds }`. It counts the key the request's
 * credentials resolved to (`X-API-Key` or a franchisor's session; see
 * `credentials`); a request without one passes through (the router answers
 * its 401). With no limit configured it is a no-op.
 *
 * Limits are per instance: N instances behind a load balancer admit up to N
 * times the limit.
 *
 * @param options - see {@link RateLimitOptions}
 */
export function rateLimit(options: RateLimitOptions): RequestHandler {
  const limiters = new Map(
    Object.entries(options.limits).map(([plan, limit]) => [
      plan,
      { limit, limiter: new RateLimiterMemory({ points: limit.points, duration: limit.durationSeconds, keyPrefix: `locscore-${plan}` }) },
    ]),
  );
  return async (_req: Request, res: Response, next: NextFunction) => {
    if (limiters.size === 0) return next();
    const principal = principalOf(res);
    const key = principal.kind === 'key' ? principal.key : null;
    const entry = key ? limiters.get(key.plan) : undefined;
    if (!key || !entry) return next();
    try {
      await entry.limiter.consume(key.id);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      options.metrics.rateLimited.inc({ plan: key.plan });
      throw new ApiError(
        'rate_limited',
        `more than ${entry.limit.points} requests per ${windowName(entry.limit.durationSeconds)} for this API key; retry after ${retryAfterSeconds} s (no quota was used)`,
        { limit: entry.limit.points, windowSeconds: entry.limit.durationSeconds, retryAfterSeconds },
        { 'Retry-After': String(retryAfterSeconds) },
      );
    }
    next();
  };
}
