import { AddressNotFoundError } from '@locscore/engine';
import { PLAN_QUOTAS, ScoreResult, type ScoreRequest } from '@locscore/schema';
import { Router, type Request, type Response } from 'express';
import { apiKeyOf, authenticate } from '../auth/authenticate.js';
import type { ServerConfig } from '../config.js';
import { ApiError } from '../http/api-error.js';
import { jsonBody } from '../http/json-body.js';
import { requestIdOf } from '../http/request-id.js';
import { quotaPeriod, secondsUntilReset, type QuotaPeriod } from '../quota/period.js';
import { setQuotaHeaders } from '../quota/quota-headers.js';
import type { AuthenticatedKey } from '../store/keys.js';
import { parseScoreRequest } from './score-request.js';

/**
 * The 429 for a spent quota: `Retry-After` (seconds to the reset), quota
 * headers, and `details: { limit, used, resetAt }`.
 */
function quotaExceeded(res: Response, limit: number, used: number, period: QuotaPeriod, now: Date): ApiError {
  setQuotaHeaders(res, { limit, used, period });
  const resetAt = period.end.toISOString();
  return new ApiError(
    'quota_exceeded',
    `monthly quota of ${limit} evaluations is spent; it resets at ${resetAt}`,
    { limit, used, resetAt },
    { 'Retry-After': String(secondsUntilReset(now)) },
  );
}

/**
 * Scores synchronously: reserve a quota unit, score, give the unit back on
 * any failure, record the request, answer 200 with `meta.requestId`.
 */
async function scoreNow(
  config: ServerConfig,
  key: AuthenticatedKey,
  request: ScoreRequest,
  res: Response,
): Promise<void> {
  const { store, engine } = config;
  const now = (config.clock ?? (() => new Date()))();
  const period = quotaPeriod(now);
  const limit = PLAN_QUOTAS[key.plan];
  const reservation = await store.usage.reserve(key.id, period.start, limit);
  if (!reservation.ok) throw quotaExceeded(res, limit ?? 0, reservation.used, period, now);
  const requestId = requestIdOf(res);

  let result: ScoreResult;
  try {
    const raw = await engine.score({ address: request.address, category: request.category });
    const checked = ScoreResult.safeParse(raw);
    if (!checked.success) throw new Error(`engine returned an invalid result: ${checked.error.message}`);
    result = { ...checked.data, meta: { ...checked.data.meta, requestId } };
  } catch (error) {
    await store.usage.release(key.id, period.start);
    setQuotaHeaders(res, { limit, used: reservation.used - 1, period });
    if (error instanceof AddressNotFoundError) {
      throw new ApiError('address_not_found', error.message, { field: 'address', reason: error.reason });
    }
    console.error(`[locscore] ${requestId}: scoring failed:`, error);
    await recordQuietly(config, { id: requestId, keyId: key.id, body: request, error: true });
    throw new ApiError('scoring_failed', 'scoring failed; the quota unit was not counted, retry later');
  }
  setQuotaHeaders(res, { limit, used: reservation.used, period });
  await recordQuietly(config, { id: requestId, keyId: key.id, body: request, result, periodStart: period.start });
  res.status(200).json(result);
}

/** Records a synchronous request; a storage fault is logged, not answered. */
async function recordQuietly(
  config: ServerConfig,
  entry: { id: string; keyId: string; body: ScoreRequest; result?: ScoreResult; error?: true; periodStart?: Date },
): Promise<void> {
  try {
    await config.store.requests.insert({
      id: entry.id,
      keyId: entry.keyId,
      mode: 'sync',
      status: entry.result ? 'succeeded' : 'failed',
      body: entry.body,
      periodStart: entry.periodStart ?? null,
      result: entry.result ?? null,
      error: entry.error ? { code: 'scoring_failed', message: 'scoring failed' } : null,
    });
  } catch (error) {
    console.error(`[locscore] ${entry.id}: could not record the request:`, error);
  }
}

/**
 * Router of `POST /api/franchisor/score` (mounted at that path): 401 before
 * anything else, then body checks (415, 413, 400), then 503 when no region is
 * loaded, then the quota (429), then scoring.
 *
 * @param config - the server configuration
 */
export function scoreRouter(config: ServerConfig): Router {
  const router = Router();
  router.post('/', authenticate(config.store.keys), jsonBody, async (req: Request, res: Response) => {
    const key = apiKeyOf(res);
    const request = parseScoreRequest(req.body);
    if (request.webhookUrl !== undefined) {
      throw new ApiError('not_implemented', 'webhook mode is not implemented yet; omit webhookUrl to score synchronously');
    }
    if (config.engine.regions.length === 0) {
      throw new ApiError('not_configured', 'no region is loaded: start the server with at least one region pack');
    }
    await scoreNow(config, key, request, res);
  });
  return router;
}
