import type { WebhookDelivery, WebhookFailure } from '@locscore/schema';
import type { Logger } from 'pino';
import type { Queue } from '../jobs/queue.js';
import type { DeliveryState } from '../store/deliveries.js';
import type { Store, StoreTransaction } from '../store/open-store.js';
import type { StoredRequest } from '../store/requests.js';
import { ATTEMPT_HEADER, INSTANCE_HEADER } from './delivery-headers.js';
import { type PostOutcome, postWebhook } from './post-webhook.js';
import { signWebhook } from './signature.js';

/** pg-boss queue of webhook delivery attempts. */
export const DELIVERY_QUEUE = 'locscore-deliver';

/** One delivery attempt to make. */
interface DeliveryJob {
  requestId: string;
  /** 1-based; the same number when a crash makes it run again. */
  attempt: number;
}

/** Options of {@link startDeliveryJob}. */
export interface DeliveryJobOptions {
  store: Store;
  /** Seconds before each attempt; its length is the number of attempts. */
  schedule: readonly number[];
  /** Deliver to private, loopback and link-local addresses (tests, local development). */
  allowPrivate: boolean;
  /** Time limit of one attempt, ms. */
  timeoutMs: number;
  /** Sent as `x-locscore-instance` with every POST. */
  instanceId: string;
  /** Failed attempts are logged at `warn`: request id, attempt, status or network error; never the body or the secret. */
  logger: Logger;
  /** Workers of this process; two, so that one slow receiver (up to the timeout) does not hold up the others. @default 2 */
  workers?: number;
}

/** The start of deliveries, for the scoring job. */
export interface Deliveries {
  /** Starts the delivery of a finished request inside `tx`: its row and its first attempt, due after the schedule's first delay. */
  start(tx: StoreTransaction, requestId: string): Promise<void>;
  /** Wakes the delivery workers when a first attempt is due at once; call it after the transaction commits. */
  wake(): void;
}

/** Where an attempt leaves the delivery: ended by a 2xx or a 410, out of attempts, or pending the next. */
function stateAfter(outcome: PostOutcome, attempt: number, schedule: readonly number[]): DeliveryState {
  const statusCode = 'statusCode' in outcome ? outcome.statusCode : null;
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return 'delivered';
  if (statusCode === 410) return 'stopped';
  return schedule[attempt] === undefined ? 'exhausted' : 'pending';
}

/** The body POSTed for a finished request: its result plus `requestId`, or `{ requestId, error }`. */
function payloadOf(request: StoredRequest): WebhookDelivery | WebhookFailure {
  return request.result
    ? { ...request.result, requestId: request.id }
    : { requestId: request.id, error: request.error ?? { code: 'scoring_failed', message: 'scoring failed' } };
}

/**
 * Starts the delivery workers: each attempt POSTs the request's payload,
 * signed per Standard Webhooks with the key's current secret; a 2xx ends the
 * delivery, 410 stops it, anything else schedules the next attempt on
 * `schedule` until none is left. Every attempt is recorded. An attempt that
 * runs again after a crash is skipped when it was already recorded (so a
 * receiver may see one attempt twice, with the same `webhook-id`).
 *
 * @param queue - the open queue (with {@link DELIVERY_QUEUE})
 * @param options - see {@link DeliveryJobOptions}
 * @returns the start of deliveries for the scoring job
 */
export async function startDeliveryJob(queue: Queue, options: DeliveryJobOptions): Promise<Deliveries> {
  const { store, schedule, logger } = options;
  const send = (tx: StoreTransaction, job: DeliveryJob, delaySeconds: number): Promise<void> =>
    queue.send(DELIVERY_QUEUE, job, {
      startAfterSeconds: delaySeconds,
      retryLimit: 3,
      retryDelaySeconds: 1,
      expireInSeconds: Math.ceil(options.timeoutMs / 1000) + 10,
      tx,
    });

  async function attempt({ requestId, attempt }: DeliveryJob): Promise<void> {
    const request = await store.requests.find(requestId);
    if (!request || request.webhookUrl === null) return;
    const status = await store.deliveries.status(requestId);
    if (status.state !== 'pending' || status.attempts >= attempt) return;
    const secret = await store.keys.webhookSecretOf(request.keyId);
    if (secret === null) return;
    const body = JSON.stringify(payloadOf(request));
    const headers = {
      ...signWebhook(secret, requestId, Math.floor(Date.now() / 1000), body),
      [ATTEMPT_HEADER]: String(attempt),
      [INSTANCE_HEADER]: options.instanceId,
    };
    const outcome = await postWebhook(request.webhookUrl, body, headers, { allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs });
    const statusCode = 'statusCode' in outcome ? outcome.statusCode : null;
    const error = 'error' in outcome ? outcome.error : null;
    const state = stateAfter(outcome, attempt, schedule);
    const delay = schedule[attempt];
    const next = state === 'pending' && delay !== undefined ? new Date(Date.now() + delay * 1000) : null;
    if (state !== 'delivered') {
      logger.warn(
        { requestId, attempt, statusCode, error, durationMs: outcome.durationMs, state, nextAttemptAt: next?.toISOString() ?? null },
        'webhook delivery attempt failed',
      );
    }
    await store.transaction(async (tx) => {
      await tx.deliveries.recordAttempt(requestId, { attempt, statusCode, error, durationMs: outcome.durationMs }, state, next);
      if (next !== null && delay !== undefined) await send(tx, { requestId, attempt: attempt + 1 }, delay);
    });
  }

  await queue.work<DeliveryJob>(DELIVERY_QUEUE, options.workers ?? 2, attempt, (job) => ({ requestId: job.requestId, attempt: job.attempt }));
  const firstDelay = schedule[0] ?? 0;
  return {
    async start(tx, requestId) {
      await tx.deliveries.create(requestId, new Date(Date.now() + firstDelay * 1000));
      await send(tx, { requestId, attempt: 1 }, firstDelay);
    },
    wake() {
      if (firstDelay === 0) queue.notify(DELIVERY_QUEUE);
    },
  };
}
