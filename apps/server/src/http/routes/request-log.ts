import {
  AdminRequestListQuery,
  DEFAULT_PAGE_SIZE,
  REDELIVERIES_PER_DAY,
  type Redelivery,
  type RequestDetail,
  RequestId,
  RequestListQuery,
  type RequestPage,
} from '@locscore/schema';
import { type Request, type Response, Router } from 'express';
import { InvalidCursorError, type RequestFilter } from '../../store/request-log.js';
import { ApiError, invalidRequest } from '../api-error.js';
import { apiKeyOf, requireAdmin, requireKey } from '../auth/authenticate.js';
import type { ServerConfig } from '../server-config.js';
import { parseParam, parseQuery } from '../validate.js';

/** Whose requests a router shows: every key's (the operator), or the calling key's own. */
export type RequestLogScope = 'admin' | 'key';

/** The filter of a listing request; for a key, its own requests only. */
function filterOf(req: Request, res: Response, scope: RequestLogScope): { filter: RequestFilter; limit: number; cursor?: string } {
  if (scope === 'admin') {
    const query = parseQuery(AdminRequestListQuery, req.query);
    const filter: RequestFilter = {
      ...(query.key === undefined ? {} : { keyPrefix: query.key }),
      ...(query.account === undefined ? {} : { accountId: query.account }),
      ...(query.status === undefined ? {} : { status: query.status }),
      ...(query.mode === undefined ? {} : { mode: query.mode }),
      ...(query.since === undefined ? {} : { since: new Date(query.since) }),
    };
    return { filter, limit: query.limit ?? DEFAULT_PAGE_SIZE, ...(query.cursor === undefined ? {} : { cursor: query.cursor }) };
  }
  const query = parseQuery(RequestListQuery, req.query);
  const filter: RequestFilter = {
    keyId: apiKeyOf(res).id,
    ...(query.status === undefined ? {} : { status: query.status }),
    ...(query.mode === undefined ? {} : { mode: query.mode }),
    ...(query.since === undefined ? {} : { since: new Date(query.since) }),
  };
  return { filter, limit: query.limit ?? DEFAULT_PAGE_SIZE, ...(query.cursor === undefined ? {} : { cursor: query.cursor }) };
}

/** The request a path names, or 404; a key's router finds only its own. */
async function requestOf(config: ServerConfig, req: Request, res: Response, scope: RequestLogScope): Promise<RequestDetail> {
  const id = parseParam(RequestId, req.params.requestId, 'requestId');
  const detail = await config.store.requestLog.detail(id, scope === 'key' ? apiKeyOf(res).id : undefined);
  if (detail === null) throw new ApiError('not_found', scope === 'key' ? 'no request with this id for this API key' : 'no request with this id');
  return detail;
}

/** Seconds of the redelivery budget's window: 24 hours. */
const REDELIVERY_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * Refuses a franchisor's redelivery once its account has asked for
 * `REDELIVERIES_PER_DAY` of its key's plan in the last 24 hours (counted in
 * the database, so across every instance).
 *
 * @throws ApiError 429 `rate_limited` with `Retry-After` and `details: { limit, used, windowSeconds, retryAfterSeconds }`
 */
async function checkRedeliveryBudget(config: ServerConfig, res: Response): Promise<void> {
  const key = apiKeyOf(res);
  const limit = REDELIVERIES_PER_DAY[key.plan];
  const now = (config.clock ?? (() => new Date()))();
  const used = await config.store.deliveries.redeliveriesSince(key.accountId, new Date(now.getTime() - REDELIVERY_WINDOW_SECONDS * 1000));
  if (used < limit) return;
  const retryAfterSeconds = 3600;
  throw new ApiError(
    'rate_limited',
    `the account asked for ${used} redeliveries in the last 24 hours, the most its ${key.plan} plan allows (${limit}); retry later`,
    { limit, used, windowSeconds: REDELIVERY_WINDOW_SECONDS, retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * Starts a redelivery: 400 for a synchronous request (no webhook URL), 409
 * while it is queued or running, 501 without a job queue; else 202.
 */
async function redeliver(config: ServerConfig, detail: RequestDetail): Promise<Redelivery> {
  if (detail.mode === 'sync' || detail.webhookUrl === null) {
    throw invalidRequest([{ field: 'requestId', message: 'a synchronous request has no webhook URL to deliver to' }]);
  }
  if (detail.status === 'queued' || detail.status === 'running') {
    throw new ApiError('conflict', `the request is still ${detail.status}; its delivery starts when it finishes`);
  }
  if (!config.redeliveries) throw new ApiError('not_implemented', 'redelivery needs the job queue');
  const deliveryId = await config.redeliveries.redeliver(detail.requestId);
  return { queued: true, requestId: detail.requestId, deliveryId };
}

/**
 * Router of a request log, mounted at `/api/admin/requests` (scope `admin`:
 * every key's, filters `key` and `account`) or `/api/franchisor/requests`
 * (scope `key`: the calling key's own; another key's id is 404):
 *
 * - `GET /`: a {@link RequestPage}, newest first (`status`, `mode`, `since`, `cursor`, `limit`);
 * - `GET /:requestId`: the {@link RequestDetail} with every delivery and attempt;
 * - `POST /:requestId/redeliver`: 202 {@link Redelivery}, a new delivery of
 *   the same body signed afresh; costs no quota, but a franchisor's account
 *   may ask for at most `REDELIVERIES_PER_DAY` of its plan in 24 hours (429
 *   `rate_limited` past it; the operator's redeliveries are not counted).
 *
 * @param config - the server configuration
 * @param scope - whose requests
 */
export function requestLogRouter(config: ServerConfig, scope: RequestLogScope): Router {
  const router = Router();
  router.use(scope === 'admin' ? requireAdmin : requireKey);
  router.get('/', async (req: Request, res: Response) => {
    const { filter, limit, cursor } = filterOf(req, res, scope);
    try {
      const page: RequestPage = await config.store.requestLog.page(filter, limit, cursor);
      res.status(200).json(page);
    } catch (error) {
      if (error instanceof InvalidCursorError) throw invalidRequest([{ field: 'cursor', message: error.message }]);
      throw error;
    }
  });
  router.get('/:requestId', async (req: Request, res: Response) => {
    res.status(200).json(await requestOf(config, req, res, scope));
  });
  router.post('/:requestId/redeliver', async (req: Request, res: Response) => {
    const detail = await requestOf(config, req, res, scope);
    if (scope === 'key' && detail.mode === 'async' && detail.webhookUrl !== null) await checkRedeliveryBudget(config, res);
    res.status(202).json(await redeliver(config, detail));
  });
  return router;
}
