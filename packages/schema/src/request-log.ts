import { z } from 'zod';
import { AccountId, KeyPrefix } from './admin.js';
import { QueuedAck, REQUEST_STATES, RequestError, RequestId, RequestState } from './async.js';
import { Category } from './categories.js';
import { ErrorCode } from './errors.js';
import { pageOf, pageParams } from './pagination.js';
import { isoTime, unknownParamError } from './query-params.js';
import { ScoreResult } from './score-result.js';

/** How a request was made: `sync` answered the result; `async` (webhook mode) answered 202 and delivers it. */
export const REQUEST_MODES = ['sync', 'async'] as const;
/** zod schema of a request mode. */
export const RequestMode = z
  .enum(REQUEST_MODES, { error: () => `mode must be one of: ${REQUEST_MODES.join(', ')}` })
  .meta({ id: 'RequestMode', description: 'sync: the result was the answer; async: webhook mode.' });
/** How a request was made. */
export type RequestMode = z.infer<typeof RequestMode>;

/**
 * State of one webhook delivery: `pending` (attempts to come), `delivered`
 * (a 2xx), `stopped` (the receiver answered 410), `exhausted` (every attempt
 * of the retry schedule failed).
 */
export const DELIVERY_STATES = ['pending', 'delivered', 'stopped', 'exhausted'] as const;
/** zod schema of a delivery state. */
export const DeliveryState = z.enum(DELIVERY_STATES).meta({ id: 'DeliveryState' });
/** State of one webhook delivery. */
export type DeliveryState = z.infer<typeof DeliveryState>;

/** One HTTP attempt of a delivery. Bodies and secrets are never recorded. */
export const DeliveryAttempt = z
  .object({
    attempt: z.int().min(1).describe('1 for the first attempt of the delivery.'),
    at: z.iso.datetime().describe('When the attempt started, ISO 8601 UTC.'),
    statusCode: z.int().min(100).max(599).nullable().describe('The receiver’s HTTP status; null when no response came.'),
    durationMs: z.int().min(0).describe('Time to the response or the failure, milliseconds.'),
    error: z.string().nullable().describe('Why it failed (timeout, connection refused, non-2xx status); null on success.'),
  })
  .meta({ id: 'DeliveryAttempt' });
/** One HTTP attempt of a delivery. */
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

/** One delivery of a request's outcome to its `webhookUrl`, with every attempt, oldest first. */
export const Delivery = z
  .object({
    deliveryId: z.uuid(),
    kind: z.enum(['original', 'redelivery']).describe('original: sent when the request finished; redelivery: asked for later.'),
    state: DeliveryState,
    createdAt: z.iso.datetime(),
    deliveredAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
    attempts: z.array(DeliveryAttempt),
  })
  .meta({ id: 'Delivery' });
/** One delivery of a request's outcome. */
export type Delivery = z.infer<typeof Delivery>;

/** One request in a list: what was asked, by which key, and how it ended. Times are ISO 8601 UTC. */
export const RequestSummary = z
  .object({
    requestId: RequestId,
    keyPrefix: KeyPrefix,
    accountId: AccountId,
    mode: RequestMode,
    status: RequestState,
    address: z.string(),
    category: Category,
    score: z.number().min(0).max(10).nullable().describe('The overall score once succeeded; else null.'),
    passed: z.boolean().nullable(),
    errorCode: ErrorCode.nullable().describe('The error code once failed; else null.'),
    deliveryState: DeliveryState.nullable().describe('State of the latest delivery; null for a synchronous request.'),
    createdAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'RequestSummary' });
/** One request in a list. */
export type RequestSummary = z.infer<typeof RequestSummary>;

/**
 * A page of requests, newest first. `nextCursor` is an opaque string to
 * pass as `cursor` for the next page; null on the last page.
 */
export const RequestPage = pageOf(RequestSummary).meta({ id: 'RequestPage' });
/** A page of requests. */
export type RequestPage = z.infer<typeof RequestPage>;

/** One request with its result or error and every delivery with its attempts. */
export const RequestDetail = RequestSummary.extend({
  webhookUrl: z.string().nullable(),
  result: ScoreResult.nullable(),
  error: RequestError.nullable(),
  deliveries: z.array(Delivery).describe('Oldest first; empty for a synchronous request.'),
}).meta({ id: 'RequestDetail' });
/** One request with its result and deliveries. */
export type RequestDetail = z.infer<typeof RequestDetail>;

const listFilters = {
  status: z.enum(REQUEST_STATES, { error: () => `status must be one of: ${REQUEST_STATES.join(', ')}` }).optional(),
  mode: RequestMode.optional(),
  since: isoTime('since').optional().describe('Only requests made at or after this time.'),
  ...pageParams('Requests'),
};

/** Query of `GET /api/franchisor/requests` (the calling key's requests): every filter optional. */
export const RequestListQuery = z.strictObject(listFilters, { error: unknownParamError }).meta({ id: 'RequestListQuery' });
/** Query of `GET /api/franchisor/requests` after validation. */
export type RequestListQuery = z.infer<typeof RequestListQuery>;

/** Query of `GET /api/admin/requests`: the franchisor filters plus one key (`key`, a prefix) or one account. */
export const AdminRequestListQuery = z
  .strictObject({ ...listFilters, key: KeyPrefix.optional(), account: AccountId.optional() }, { error: unknownParamError })
  .meta({ id: 'AdminRequestListQuery' });
/** Query of `GET /api/admin/requests` after validation. */
export type AdminRequestListQuery = z.infer<typeof AdminRequestListQuery>;

/**
 * 202 response of `POST …/requests/{requestId}/redeliver`: a new delivery of
 * the request's outcome, the same body signed afresh, queued now. Costs no
 * quota; the request must be in webhook mode and finished.
 */
export const Redelivery = QueuedAck.extend({ deliveryId: z.uuid() }).meta({ id: 'Redelivery' });
/** 202 response of a redeliver. */
export type Redelivery = z.infer<typeof Redelivery>;
