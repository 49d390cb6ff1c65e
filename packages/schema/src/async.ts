import { z } from 'zod';
import { ErrorCode } from './errors.js';
import { ScoreResult } from './score-result.js';

/** A request id: UUID v4, also sent as the `X-Request-Id` header of every response. */
export const RequestId = z.uuid({ version: 'v4' }).meta({ id: 'RequestId', example: '3b241101-e2bb-4255-8caf-4136c566a962' });

/** 202 response of `POST /api/franchisor/score` with a `webhookUrl`. */
export const QueuedAck = z.object({ queued: z.literal(true), requestId: RequestId }).meta({ id: 'QueuedAck' });
/** 202 response of `POST /api/franchisor/score` with a `webhookUrl`. */
export type QueuedAck = z.infer<typeof QueuedAck>;

/** Body POSTed to the `webhookUrl` when scoring succeeded: the result fields plus `requestId`. */
export const WebhookDelivery = ScoreResult.extend({ requestId: RequestId }).meta({ id: 'WebhookDelivery' });
/** Body POSTed to the `webhookUrl` when scoring succeeded. */
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** `{ code, message }` of a failed asynchronous request. */
export const RequestError = z.object({ code: ErrorCode, message: z.string() }).meta({ id: 'RequestError' });
/** `{ code, message }` of a failed asynchronous request. */
export type RequestError = z.infer<typeof RequestError>;

/** Body POSTed to the `webhookUrl` when scoring failed after its last retry. */
export const WebhookFailure = z.object({ requestId: RequestId, error: RequestError }).meta({ id: 'WebhookFailure' });
/** Body POSTed to the `webhookUrl` when scoring failed after its last retry. */
export type WebhookFailure = z.infer<typeof WebhookFailure>;

/** Lifecycle of an asynchronous request: queued → running → succeeded | failed. */
export const REQUEST_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
/** zod schema of a request state. */
export const RequestState = z.enum(REQUEST_STATES).meta({ id: 'RequestState' });
/** Lifecycle of an asynchronous request. */
export type RequestState = z.infer<typeof RequestState>;

/** Webhook delivery progress of a request. Times are ISO 8601 UTC. */
export const DeliveryStatus = z
  .object({
    attempts: z.int().min(0),
    lastStatusCode: z.int().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'DeliveryStatus' });
/** Webhook delivery progress of a request. */
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

/** Body of `GET /api/franchisor/score/{requestId}`. */
export const RequestStatus = z
  .object({
    requestId: RequestId,
    status: RequestState,
    result: ScoreResult.optional(),
    error: RequestError.optional(),
    delivery: DeliveryStatus,
  })
  .meta({ id: 'RequestStatus' });
/** Body of `GET /api/franchisor/score/{requestId}`. */
export type RequestStatus = z.infer<typeof RequestStatus>;
