import { AddressAmbiguousError, AddressNotFoundError } from '@locscore/engine';
import { PLAN_QUOTAS, RequestId, type QueuedAck, type RequestStatus, type ScoreRequest, type ScoreResult } from '@locscore/schema';
import { Router, type Request, type Response } from 'express';
import { apiKeyOf, authenticate } from '../auth/authenticate.js';
import type { ServerConfig } from '../config.js';
import { ApiError } from '../http/api-error.js';
import { jsonBody } from '../http/json-body.js';
import { requestIdOf } from '../http/request-id.js';
import { requestLog } from '../ops/logger.js';
import { quotaPeriod, secondsUntilReset, type QuotaPeriod } from '../quota/period.js';
import { setQuotaHeaders } from '../quota/quota-headers.js';
import type { AuthenticatedKey } from '../store/keys.js';
import { createRequestRepository } from '../store/requests.js';
import { createUsageRepository } from '../store/usage.js';
import { checkWebhookUrl } from '../webhooks/url-policy.js';
import { idempotencyKeyOf, requestHash } from './idempotency.js';
import { parseScoreRequest } from './score-request.js';

/** A response to send (and, with an idempotency key, to replay from the request row). */
interface Answer {
  status: number;
  /** The JSON body, serialised once. */
  json: string;
}

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

function nowOf(config: ServerConfig): Date {
  return (config.clock ?? (() => new Date()))();
}

/**
 * Scores synchronously: score first (the engine is synchronous CPU work of
 * well under a millisecond), then charge the quota unit and record the
 * request with its result in one group-committed statement
 * (`store.charged.record`), and answer 200 with `meta.requestId`; a spent
 * quota answers 429 and the result is dropped. A failure costs no unit and
 * no write but its own: an unknown address answers 400 `address_not_found`,
 * an engine fault is recorded as a failed request and answers 500
 * `scoring_failed`; both carry the quota headers of the unchanged count.
 * The engine's result is typed by the schema's `ScoreResult` and is not
 * parsed again here (a zod parse cost ~30 µs, half a score); the engine's and
 * the server's tests parse every result they produce on real data.
 */
async function scoreNow(config: ServerConfig, key: AuthenticatedKey, request: ScoreRequest, req: Request, res: Response): Promise<Answer> {
  const { store, engine } = config;
  const now = nowOf(config);
  const period = quotaPeriod(now);
  const limit = PLAN_QUOTAS[key.plan];
  const requestId = requestIdOf(res);

  let result: ScoreResult;
  try {
    const scored = await engine.score({ address: request.address, category: request.category });
    result = { ...scored, meta: { ...scored.meta, requestId } };
  } catch (error) {
    setQuotaHeaders(res, { limit, used: await store.usage.used(key.id, period.start), period });
    if (error instanceof AddressNotFoundError || error instanceof AddressAmbiguousError) {
      throw new ApiError(error.code, error.message, { ...error.details });
    }
    requestLog(req, res)?.error({ err: error }, 'scoring failed');
    await recordFailure(config, req, res, { id: requestId, keyId: key.id, body: request });
    throw new ApiError('scoring_failed', 'scoring failed; the quota unit was not counted, retry later');
  }
  const json = JSON.stringify(result);
  const reservation = await store.charged.record({ id: requestId, keyId: key.id, body: request, resultJson: json, periodStart: period.start, limit });
  if (!reservation.ok) throw quotaExceeded(res, limit ?? 0, reservation.used, period, now);
  setQuotaHeaders(res, { limit, used: reservation.used, period });
  return { status: 200, json };
}

/**
 * Queues a webhook-mode request: the quota reservation, the request row and
 * the scoring job commit in one transaction; answers 202 `{ queued, requestId }`.
 */
async function scoreLater(config: ServerConfig, key: AuthenticatedKey, request: ScoreRequest, res: Response): Promise<Answer> {
  const queue = config.queue;
  if (!queue) throw new ApiError('not_implemented', 'webhook mode needs the job queue; omit webhookUrl to score synchronously');
  const now = nowOf(config);
  const period = quotaPeriod(now);
  const limit = PLAN_QUOTAS[key.plan];
  const requestId = requestIdOf(res);
  const reservation = await config.store.db.transaction(async (tx) => {
    const reserved = await createUsageRepository(tx).reserve(key.id, period.start, limit);
    if (!reserved.ok) return reserved;
    await createRequestRepository(tx).insert({
      id: requestId,
      keyId: key.id,
      mode: 'async',
      status: 'queued',
      body: request,
      webhookUrl: request.webhookUrl ?? null,
      periodStart: period.start,
    });
    await queue.enqueueScore(tx, requestId);
    return reserved;
  });
  if (reservation.ok) queue.notifyScore();
  if (!reservation.ok) throw quotaExceeded(res, limit ?? 0, reservation.used, period, now);
  setQuotaHeaders(res, { limit, used: reservation.used, period });
  const ack: QueuedAck = { queued: true, requestId };
  return { status: 202, json: JSON.stringify(ack) };
}

/**
 * Records a synchronous request whose scoring failed (no unit was counted);
 * a storage fault is logged, not answered.
 */
async function recordFailure(config: ServerConfig, req: Request, res: Response, entry: { id: string; keyId: string; body: ScoreRequest }): Promise<void> {
  try {
    await config.store.requests.insert({
      id: entry.id,
      keyId: entry.keyId,
      mode: 'sync',
      status: 'failed',
      body: entry.body,
      periodStart: null,
      result: null,
      error: { code: 'scoring_failed', message: 'scoring failed' },
    });
  } catch (error) {
    requestLog(req, res)?.error({ err: error }, 'could not record the request');
  }
}

/** Sets the quota headers of a replayed response from the current usage. */
async function replayQuotaHeaders(config: ServerConfig, key: AuthenticatedKey, res: Response): Promise<void> {
  const period = quotaPeriod(nowOf(config));
  const used = await config.store.usage.used(key.id, period.start);
  setQuotaHeaders(res, { limit: PLAN_QUOTAS[key.plan], used, period });
}

/**
 * Router mounted at `/api/franchisor/score`:
 *
 * - `POST /`: 401 before anything else, then body checks (415, 413, 400, the
 *   webhook URL policy), then the `Idempotency-Key` (a replay costs nothing;
 *   another body under the same key is 409), then 503 when no region is
 *   loaded; then, synchronously, scoring (400 `address_not_found`, 500) and
 *   the quota (429) or 200; in webhook mode the quota (429) or queueing (202).
 * - `GET /:requestId`: the {@link RequestStatus} of one of the key's requests; 404 otherwise.
 *
 * @param config - the server configuration
 */
export function scoreRouter(config: ServerConfig): Router {
  const router = Router();
  router.post('/', authenticate(config.store.keys), jsonBody, async (req: Request, res: Response) => {
    const key = apiKeyOf(res);
    const request = parseScoreRequest(req.body);
    const idempotencyKey = idempotencyKeyOf(req);
    if (request.webhookUrl !== undefined) {
      if (!config.queue) {
        throw new ApiError('not_implemented', 'webhook mode needs the job queue; omit webhookUrl to score synchronously');
      }
      await checkWebhookUrl(request.webhookUrl, {
        allowPrivate: config.allowPrivateWebhooks ?? false,
        resolve: config.resolveHost,
      });
    }
    if (idempotencyKey !== null) {
      const claim = await config.store.idempotency.claim(key.id, idempotencyKey, requestHash(request), requestIdOf(res), nowOf(config));
      if (claim.kind === 'replay') {
        await replayQuotaHeaders(config, key, res);
        res.setHeader('Idempotent-Replayed', 'true');
        res.status(claim.status).json(claim.body);
        return;
      }
      if (claim.kind === 'conflict') {
        throw new ApiError(
          'idempotency_conflict',
          claim.reason === 'different_body'
            ? 'this Idempotency-Key was used with another request body in the last 24 hours'
            : 'a request with this Idempotency-Key is still being processed; retry shortly',
          { field: 'Idempotency-Key', reason: claim.reason },
        );
      }
    }
    let answer: Answer;
    try {
      if (config.engine.regions.length === 0) {
        throw new ApiError('not_configured', 'no region is loaded: start the server with at least one region pack');
      }
      answer = request.webhookUrl === undefined ? await scoreNow(config, key, request, req, res) : await scoreLater(config, key, request, res);
    } catch (error) {
      if (idempotencyKey !== null) await config.store.idempotency.abandon(key.id, idempotencyKey);
      throw error;
    }
    // The request row written with the answer is what a replay of the claim answers.
    res.status(answer.status).type('application/json').send(answer.json);
  });

  router.get('/:requestId', authenticate(config.store.keys), async (req: Request, res: Response) => {
    const key = apiKeyOf(res);
    const id = RequestId.safeParse(req.params.requestId);
    const stored = id.success ? await config.store.requests.get(id.data, key.id) : null;
    if (!stored) throw new ApiError('not_found', 'no request with this id for this API key');
    const { state: _state, ...delivery } = await config.store.deliveries.status(stored.id);
    const status: RequestStatus = {
      requestId: stored.id,
      status: stored.status,
      ...(stored.result ? { result: stored.result } : {}),
      ...(stored.error ? { error: stored.error } : {}),
      delivery,
    };
    res.status(200).json(status);
  });
  return router;
}
