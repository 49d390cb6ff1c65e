import { PLAN_QUOTAS, type QueuedAck, RequestId, type RequestStatus } from '@locscore/schema';
import { type Request, type Response, Router } from 'express';
import { type IdempotentCall, requestHash, runIdempotent } from '../../services/idempotency/idempotent.js';
import type { ScoringCall, ScoringJobs, ScoringService } from '../../services/scoring/scoring-service.js';
import { type QuotaPeriod, quotaPeriod } from '../../services/usage/period.js';
import { spentQuota } from '../../services/usage/spent-quota.js';
import { checkWebhookUrl } from '../../services/webhooks/url-policy.js';
import { ApiError } from '../api-error.js';
import { applyReservation } from '../apply-reservation.js';
import { apiKeyOf, requireKey, requireScoringKey } from '../auth/authenticate.js';
import { idempotencyKeyOf } from '../idempotency-key.js';
import { jsonBody } from '../json-body.js';
import { setQuotaHeaders } from '../quota-headers.js';
import { requestIdOf } from '../request-id.js';
import { requestLog } from '../request-logger.js';
import type { ServerConfig, WiredConfig } from '../server-config.js';
import { parseScoreRequest } from './score-request.js';

/** A response to send (and, with an idempotency key, to replay from the request row). */
interface Answer {
  status: number;
  /** The JSON body, serialised once. */
  json: string;
}

/**
 * Scores synchronously ({@link ScoringService.scoreNow}) and answers 200 with
 * the result; a quota already spent answers 429 before any scoring
 * ({@link spentQuota}), one spent meanwhile after it (the result dropped). A failure
 * costs no unit: an address that cannot be scored answers 400
 * (`address_not_found`, `address_ambiguous` with its candidates), an engine
 * fault 500 `scoring_failed`; both carry the quota headers of the unchanged count.
 */
async function scoreNow(config: ServerConfig, scoring: ScoringService, call: ScoringCall, now: Date, req: Request, res: Response): Promise<Answer> {
  const spent = await spentQuota(config.store.usage, call.key, call.period);
  if (spent !== null) applyReservation(res, call.period, spent, now);
  const outcome = await scoring.scoreNow(call);
  if (outcome.kind === 'scored') {
    applyReservation(res, call.period, outcome.reservation, now);
    return { status: 200, json: outcome.json };
  }
  await setCurrentQuotaHeaders(config, call.key, call.period, res);
  if (outcome.kind === 'unscorable') {
    throw new ApiError(outcome.unscorable.code, outcome.unscorable.message, { ...outcome.unscorable.details });
  }
  requestLog(req, res)?.error({ err: outcome.error }, 'scoring failed');
  if (outcome.recordError !== null) requestLog(req, res)?.error({ err: outcome.recordError }, 'could not record the request');
  throw new ApiError('scoring_failed', 'scoring failed; the quota unit was not counted, retry later');
}

/**
 * Queues a webhook-mode request ({@link ScoringService.queue}: the quota
 * reservation, the request row and the scoring job commit together) and
 * answers 202 `{ queued, requestId }`; a spent quota answers 429.
 */
async function scoreLater(scoring: ScoringService, jobs: ScoringJobs, call: ScoringCall, now: Date, res: Response): Promise<Answer> {
  applyReservation(res, call.period, await scoring.queue(call, jobs), now);
  const ack: QueuedAck = { queued: true, requestId: call.requestId };
  return { status: 202, json: JSON.stringify(ack) };
}

/** Sets the quota headers from the key's current count (a replay, or a failure that counted nothing). */
async function setCurrentQuotaHeaders(config: ServerConfig, key: ScoringCall['key'], period: QuotaPeriod, res: Response): Promise<void> {
  const used = await config.store.usage.used(key.id, period.start);
  setQuotaHeaders(res, { limit: PLAN_QUOTAS[key.plan], used, period });
}

/**
 * Router mounted at `/api/franchisor/score`:
 *
 * - `POST /`: 401 before anything else (an API key; or the operator with
 *   `X-On-Behalf-Of: <key prefix>`, scored and charged as that key), then body checks (415, 413, 400, the
 *   webhook URL policy), then the `Idempotency-Key` (a replay costs nothing;
 *   another body under the same key is 409), then 503 when no region is
 *   loaded; then, synchronously, scoring (400 `address_not_found`, 500) and
 *   the quota (429) or 200; in webhook mode the quota (429) or queueing (202).
 * - `GET /:requestId`: the {@link RequestStatus} of one of the key's requests; 404 otherwise.
 *
 * @param config - the server configuration
 */
export function scoreRouter(config: WiredConfig): Router {
  const router = Router();
  const { scoring } = config;
  const clock = config.clock ?? (() => new Date());
  router.post('/', requireScoringKey(config.store.keys), jsonBody, async (req: Request, res: Response) => {
    const key = apiKeyOf(res);
    // One reading of the clock per request: the claim, the quota period and the headers agree.
    const now = clock();
    const period = quotaPeriod(now);
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
    const claim: IdempotentCall | null =
      idempotencyKey === null ? null : { keyId: key.id, idempotencyKey, requestHash: requestHash(request), requestId: requestIdOf(res), now };
    const outcome = await runIdempotent(config.store.idempotency, claim, () => {
      if (config.engine.regions.length === 0) {
        throw new ApiError('not_configured', 'no region is loaded: start the server with at least one region pack');
      }
      const call: ScoringCall = { key, request, requestId: requestIdOf(res), period };
      return request.webhookUrl === undefined || config.queue === undefined
        ? scoreNow(config, scoring, call, now, req, res)
        : scoreLater(scoring, config.queue, call, now, res);
    });
    if (outcome.kind === 'replay') {
      await setCurrentQuotaHeaders(config, key, period, res);
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(outcome.status).json(outcome.body);
      return;
    }
    const { answer } = outcome;
    // The request row written with the answer is what a replay of the claim answers.
    res.status(answer.status).type('application/json').send(answer.json);
  });

  router.get('/:requestId', requireKey, async (req: Request, res: Response) => {
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
