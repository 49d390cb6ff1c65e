import type { WebhookDelivery, WebhookFailure } from '@locscore/schema';
import type { Logger } from 'pino';
import type { DeliveryState } from '../../store/deliveries.js';
import type { Store, StoreTransaction } from '../../store/open-store.js';
import type { StoredRequest } from '../../store/requests.js';
import type { Queue } from '../jobs/boss-queue.js';
import { ATTEMPT_HEADER, INSTANCE_HEADER } from './delivery-headers.js';
import { DELIVERY_QUEUE, type DeliveryJob, deliverySendOptions, startDeliveryDispatch } from './delivery-queue.js';
import type { DeliveryConcurrency } from './fair-dispatch.js';
import { type PostOutcome, postWebhook } from './post-webhook.js';
import { signWebhook } from './signature.js';

export { DELIVERY_QUEUE } from './delivery-queue.js';

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
  /** Attempts at once: in all, per receiver host, per account. @default DEFAULT_DELIVERY_CONCURRENCY */
  concurrency?: DeliveryConcurrency;
  /** How often to look for due attempts when nothing woke the dispatcher, seconds. @default 0.5 */
  pollingIntervalSeconds?: number;
}

/** The start of deliveries, for the scoring job. */
export interface Deliveries {
  /**
   * Starts the original delivery of a finished request inside `tx`: its row
   * and its first attempt, due after the schedule's first delay. Does
   * nothing when the request already has its original delivery.
   */
  start(tx: StoreTransaction, requestId: string): Promise<void>;
  /** Wakes the delivery workers when a first attempt is due at once; call it after the transaction commits. */
  wake(): void;
  /** Stops taking attempts and waits for the running ones (each ends within its time-out). */
  stop(): Promise<void>;
}

/** Redeliveries, for the admin and franchisor routes. */
export interface Redeliveries {
  /**
   * Starts a new delivery of a finished webhook-mode request's outcome (the
   * same body, signed afresh with the key's current secrets when each
   * attempt is made), on the usual retry schedule, and wakes the workers.
   * The caller checks that the request is finished and in webhook mode.
   *
   * @returns the new delivery's id
   */
  redeliver(requestId: string): Promise<string>;
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
 * Starts the delivery dispatcher ({@link fairDispatch}): attempts run one by
 * one as they come due, each on its own (none waits for a batch), within the
 * concurrency limits per receiver host and per account, so a tenant's
 * hanging receivers hold only their own share. Each attempt POSTs the request's payload,
 * signed per Standard Webhooks with the key's current secret (and the
 * previous one during the 24 hours after a rotation); a 2xx ends the
 * delivery, 410 stops it, anything else schedules the next attempt on
 * `schedule` until none is left. Every attempt is recorded. An attempt that
 * runs again after a crash is skipped when it was already recorded (so a
 * receiver may see one attempt twice, with the same `webhook-id`).
 *
 * @param queue - the open queue (with {@link DELIVERY_QUEUE})
 * @param options - see {@link DeliveryJobOptions}
 * @returns the start of deliveries for the scoring job, and redeliveries for the routes
 */
export async function startDeliveryJob(queue: Queue, options: DeliveryJobOptions): Promise<Deliveries & Redeliveries> {
  const { store, schedule, logger } = options;
  const send = (tx: StoreTransaction, job: DeliveryJob, delaySeconds: number): Promise<void> =>
    queue.send(DELIVERY_QUEUE, job, { ...deliverySendOptions(options.timeoutMs, delaySeconds), tx });

  async function attempt(job: DeliveryJob): Promise<void> {
    const { requestId, attempt } = job;
    const deliveryId = job.deliveryId ?? (await store.deliveries.originalOf(requestId));
    const request = await store.requests.find(requestId);
    if (deliveryId === null || !request || request.webhookUrl === null) return;
    const progress = await store.deliveries.progress(deliveryId);
    if (progress?.state !== 'pending' || progress.attempts >= attempt) return;
    const secrets = await store.keys.webhookSecretsOf(request.keyId);
    if (secrets.length === 0) return;
    const body = JSON.stringify(payloadOf(request));
    const headers = {
      ...signWebhook(secrets, requestId, Math.floor(Date.now() / 1000), body),
      [ATTEMPT_HEADER]: String(attempt),
      [INSTANCE_HEADER]: options.instanceId,
    };
    const outcome = await postWebhook(request.webhookUrl, body, headers, { allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs });
    const statusCode = 'statusCode' in outcome ? outcome.statusCode : null;
    const state = stateAfter(outcome, attempt, schedule);
    const error = 'error' in outcome ? outcome.error : state === 'delivered' ? null : `the receiver answered HTTP ${statusCode}`;
    const delay = schedule[attempt];
    const next = state === 'pending' && delay !== undefined ? new Date(Date.now() + delay * 1000) : null;
    if (state !== 'delivered') {
      logger.warn(
        { requestId, deliveryId, attempt, statusCode, error, durationMs: outcome.durationMs, state, nextAttemptAt: next?.toISOString() ?? null },
        'webhook delivery attempt failed',
      );
    }
    await store.transaction(async (tx) => {
      await tx.deliveries.recordAttempt(deliveryId, { attempt, statusCode, error, durationMs: outcome.durationMs }, state, next);
      if (next !== null && delay !== undefined) await send(tx, { requestId, deliveryId, attempt: attempt + 1 }, delay);
    });
  }

  const dispatch = startDeliveryDispatch(
    queue,
    {
      store,
      logger,
      timeoutMs: options.timeoutMs,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      ...(options.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: options.pollingIntervalSeconds }),
    },
    attempt,
  );
  const firstDelay = schedule[0] ?? 0;
  const wake = (): void => {
    if (firstDelay === 0) dispatch.kick();
  };
  const begin = async (tx: StoreTransaction, requestId: string, kind: 'original' | 'redelivery'): Promise<string | null> => {
    const deliveryId = await tx.deliveries.create(requestId, new Date(Date.now() + firstDelay * 1000), kind);
    if (deliveryId !== null) await send(tx, { requestId, deliveryId, attempt: 1 }, firstDelay);
    return deliveryId;
  };
  return {
    async start(tx, requestId) {
      await begin(tx, requestId, 'original');
    },
    wake,
    stop: () => dispatch.stop(),
    async redeliver(requestId) {
      const deliveryId = await store.transaction((tx) => begin(tx, requestId, 'redelivery'));
      if (deliveryId === null) throw new Error(`could not start a redelivery of ${requestId}`);
      wake();
      return deliveryId;
    },
  };
}
