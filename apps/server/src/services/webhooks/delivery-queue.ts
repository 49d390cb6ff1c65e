import type { Logger } from 'pino';
import type { Store } from '../../store/open-store.js';
import type { FetchedJob, Queue, SendOptions } from '../jobs/boss-queue.js';
import { DEFAULT_DELIVERY_CONCURRENCY, type Deferral, type DeliveryConcurrency, fairDispatch, type Lane } from './fair-dispatch.js';

/** pg-boss queue of webhook delivery attempts. */
export const DELIVERY_QUEUE = 'locscore-deliver';

/** One delivery attempt to make: the data of a job of {@link DELIVERY_QUEUE}. */
export interface DeliveryJob {
  requestId: string;
  /** The delivery it belongs to; absent in jobs queued before redeliveries existed (then the request's original). */
  deliveryId?: string;
  /** 1-based; the same number when a crash makes it run again. */
  attempt: number;
  /** Times the job was put back because its receiver host or account was at its limit. */
  deferrals?: number;
}

/** Longest wait of a job put back because its lane was full, seconds: the attempt time-out, within which a slot of its host frees at the latest. */
const MAX_DEFER_SECONDS = 10;
/** Shortest wait of a job put back for a busy but fast host, seconds: about one fetch of the dispatcher. */
const MIN_DEFER_SECONDS = 0.05;
/** Seconds a taken delivery job may stay `active` beyond the attempt's time-out before the queue counts it lost (its process died) and runs it again. */
export const EXPIRY_MARGIN_SECONDS = 10;
/**
 * Longest a fetched job waits in the dispatcher's memory for a slot of its
 * lane, ms: half of {@link EXPIRY_MARGIN_SECONDS}, so a job that starts at
 * the end of its wait still ends (attempt, a second of body, record,
 * complete) before it expires and is never run twice by this.
 */
export const MAX_WAIT_IN_MEMORY_MS = (EXPIRY_MARGIN_SECONDS * 1000) / 2;

/**
 * How a delivery job is sent: 3 retries a second apart after a failed run
 * (a database error; a failed attempt is not a failed run), and counted as
 * lost (its process died) {@link EXPIRY_MARGIN_SECONDS} after the attempt's
 * time-out.
 *
 * @param timeoutMs - the attempt's time-out, ms
 * @param delaySeconds - seconds before it may run
 */
export function deliverySendOptions(timeoutMs: number, delaySeconds: number): SendOptions {
  return { startAfterSeconds: delaySeconds, retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: Math.ceil(timeoutMs / 1000) + EXPIRY_MARGIN_SECONDS };
}

/** Options of {@link startDeliveryDispatch}. */
export interface DeliveryDispatchOptions {
  store: Store;
  logger: Logger;
  /** The attempt's time-out, ms (for the jobs put back). */
  timeoutMs: number;
  /** Attempts at once: in all, per receiver host, per account. @default DEFAULT_DELIVERY_CONCURRENCY */
  concurrency?: DeliveryConcurrency;
  /** How often to look for due attempts when nothing woke the dispatcher, seconds. @default 0.5 */
  pollingIntervalSeconds?: number;
}

/** The running dispatcher of delivery jobs. */
export interface DeliveryDispatch {
  /** Looks for due attempts now (after a transaction that sent one committed). */
  kick(): void;
  /** Stops taking attempts and waits for the running ones. */
  stop(): Promise<void>;
}

/** The receiver host of a webhook URL (`URL.host`: name or address, and port); the URL itself when it does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * The wait of a job put back because its lane was full, seconds: for a busy
 * but fast host, when a slot is expected to be free (at least
 * {@link MIN_DEFER_SECONDS}, at most a second); for a slow one twice as long
 * as the last time (1 s, 2 s, 4 s… up to {@link MAX_DEFER_SECONDS}), so a
 * hanging receiver's backlog costs the queue little.
 *
 * @param deferral - the job's host's pace (see {@link Deferral})
 * @param deferrals - times the job has been put back, this one included
 */
function deferSeconds({ slow, readyInMs }: Pick<Deferral<unknown>, 'slow' | 'readyInMs'>, deferrals: number): number {
  if (slow) return Math.min(MAX_DEFER_SECONDS, 2 ** (deferrals - 1));
  return Math.min(1, Math.max(MIN_DEFER_SECONDS, readyInMs / 1000));
}

/**
 * Takes delivery jobs from the queue through {@link fairDispatch}: each
 * job's lane is its delivery's receiver host and account; a job runs
 * `attempt` and is completed, or failed (pg-boss retries it) when that
 * throws. A job whose lane is full waits in memory for a slot, up to
 * {@link MAX_WAIT_IN_MEMORY_MS} and within the waiting limits, still
 * `active` in the queue (a crash loses nothing); beyond those it is put back
 * ({@link deferSeconds}). Polls every `pollingIntervalSeconds`.
 *
 * @param queue - the open queue (with {@link DELIVERY_QUEUE})
 * @param options - see {@link DeliveryDispatchOptions}
 * @param attempt - makes and records one attempt
 */
export function startDeliveryDispatch(queue: Queue, options: DeliveryDispatchOptions, attempt: (job: DeliveryJob) => Promise<void>): DeliveryDispatch {
  const { store, logger } = options;
  const laneOf = async (job: DeliveryJob): Promise<Lane | null> => {
    const deliveryId = job.deliveryId ?? (await store.deliveries.originalOf(job.requestId));
    const target = deliveryId === null ? null : await store.deliveries.target(deliveryId);
    if (target === null || target.webhookUrl === null || target.state !== 'pending') return null;
    return { host: hostOf(target.webhookUrl), accountId: target.accountId };
  };
  const run = async ({ id, data }: FetchedJob<DeliveryJob>): Promise<void> => {
    try {
      await attempt(data);
      await queue.complete(DELIVERY_QUEUE, id);
    } catch (error) {
      logger.error({ queue: DELIVERY_QUEUE, requestId: data.requestId, attempt: data.attempt, err: error }, 'job failed');
      await queue.fail(DELIVERY_QUEUE, id, error).catch((failure: unknown) => logger.error({ err: failure }, 'could not fail a delivery job'));
    }
  };
  const defer = async (jobs: Array<Deferral<FetchedJob<DeliveryJob>>>): Promise<void> => {
    const later = jobs.map(({ job: { id, data }, ...pace }) => {
      const deferrals = (data.deferrals ?? 0) + 1;
      return { id, data: { ...data, deferrals }, options: deliverySendOptions(options.timeoutMs, deferSeconds(pace, deferrals)) };
    });
    await queue
      .defer(DELIVERY_QUEUE, later)
      .catch((error: unknown) => logger.error({ err: error, jobs: jobs.length }, 'could not put deliveries back in the queue'));
  };
  const dispatch = fairDispatch<FetchedJob<DeliveryJob>>(
    { fetch: (count) => queue.fetch<DeliveryJob>(DELIVERY_QUEUE, count), laneOf: ({ data }) => laneOf(data), run, defer, maxWaitMs: MAX_WAIT_IN_MEMORY_MS },
    options.concurrency ?? DEFAULT_DELIVERY_CONCURRENCY,
    (error) => logger.error({ err: error }, 'could not take webhook deliveries from the queue'),
  );
  const polling = setInterval(() => dispatch.kick(), (options.pollingIntervalSeconds ?? 0.5) * 1000);
  polling.unref();
  dispatch.kick();
  return {
    kick: () => dispatch.kick(),
    async stop() {
      clearInterval(polling);
      await dispatch.stop();
    },
  };
}
