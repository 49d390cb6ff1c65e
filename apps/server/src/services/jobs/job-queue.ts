import type { ScoringEngine } from '@locscore/engine';
import type { Logger } from 'pino';
import { createLogger } from '../../infra/logger.js';
import { DEFAULT_RETRY_SCHEDULE } from '../../infra/retry-schedule.js';
import type { Store } from '../../store/open-store.js';
import { SCORE_QUEUE, startScoringJob } from '../scoring/scoring-job.js';
import { createScoringService, type ScoringJobs, type ScoringService } from '../scoring/scoring-service.js';
import { defaultInstanceId } from '../webhooks/delivery-headers.js';
import { DELIVERY_QUEUE, type Redeliveries, startDeliveryJob } from '../webhooks/delivery-job.js';
import type { DeliveryConcurrency } from '../webhooks/fair-dispatch.js';
import { WEBHOOK_TIMEOUT_MS } from '../webhooks/post-webhook.js';
import { openQueue } from './boss-queue.js';
import { schedulePurge } from './purge-schedule.js';

/** Options of {@link startJobQueue}. */
export interface JobQueueOptions {
  store: Store;
  engine: ScoringEngine;
  /** The process's scoring service (the one its routes use). @default a new one over `store` and `engine` */
  scoring?: ScoringService;
  /** Deliver to private, loopback and link-local addresses (tests). @default false */
  allowPrivateWebhooks?: boolean;
  /** Seconds before each delivery attempt. @default DEFAULT_RETRY_SCHEDULE */
  retrySchedule?: readonly number[];
  /** Scoring attempts before a request fails. @default 3 */
  scoreAttempts?: number;
  /** Seconds between scoring attempts. @default 5 */
  scoreRetryDelaySeconds?: number;
  /** How often idle workers look for jobs, seconds. @default 0.5 (pg-boss's minimum) */
  pollingIntervalSeconds?: number;
  /** Time limit of one delivery attempt until the status line and headers, ms. @default 10000 */
  webhookTimeoutMs?: number;
  /** Delivery attempts at once: in all, per receiver host, per account. @default DEFAULT_DELIVERY_CONCURRENCY (64, 4, 8) */
  deliveryConcurrency?: DeliveryConcurrency;
  /** Scoring workers of this instance; each runs up to `batchSize` jobs at once. @default 2 */
  scoreWorkers?: number;
  /** Jobs a worker fetches and runs at once. @default 16 */
  batchSize?: number;
  /** PostgreSQL schema of pg-boss's tables. @default 'pgboss' */
  bossSchema?: string;
  /**
   * Name of this instance, sent as `x-locscore-instance` with every webhook
   * POST. @default 12 random hex digits per process
   */
  instanceId?: string;
  /**
   * Seconds after which a scoring job still `active` counts as lost (its
   * process died) and is retried; delivery jobs get the attempt timeout
   * plus 10 s. @default 60
   */
  scoreJobExpirySeconds?: number;
  /** How often pg-boss looks for expired jobs, seconds (one instance at a time does it). @default 10 */
  maintenanceIntervalSeconds?: number;
  /** Days to keep finished requests before they are purged. @default 30 */
  requestRetentionDays?: number;
  /** How often to purge, seconds (also once at start). @default 3600 */
  purgeIntervalSeconds?: number;
  /** The current time (UTC), for the purge. @default the system clock */
  clock?: () => Date;
  /** Where failures are logged (pino JSON with secret redaction). @default createLogger() */
  logger?: Logger;
}

/** The asynchronous side of the server: scoring jobs, webhook deliveries and redeliveries, and the purge of old requests. */
export interface JobQueue extends ScoringJobs, Redeliveries {
  /** Stops the workers (waiting for running jobs), the purge and pg-boss's supervision. */
  stop(): Promise<void>;
}

/**
 * Starts the job queue in the store's database ({@link openQueue}), the
 * scoring job ({@link startScoringJob}), the delivery job
 * ({@link startDeliveryJob}) and the hourly purge of finished requests
 * older than `requestRetentionDays`.
 *
 * @param options - see {@link JobQueueOptions}
 * @returns the running queue; its `enqueueScore` and `notifyScore` serve the route's webhook mode
 * @throws Error when pg-boss cannot create its schema
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { store } = options;
  const logger = options.logger ?? createLogger();
  const queue = await openQueue([SCORE_QUEUE, DELIVERY_QUEUE], {
    store,
    logger,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    batchSize: options.batchSize,
    bossSchema: options.bossSchema,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
  });
  let deliveries: Awaited<ReturnType<typeof startDeliveryJob>> | null = null;
  try {
    deliveries = await startDeliveryJob(queue, {
      store,
      schedule: options.retrySchedule ?? DEFAULT_RETRY_SCHEDULE,
      allowPrivate: options.allowPrivateWebhooks ?? false,
      timeoutMs: options.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
      instanceId: options.instanceId ?? defaultInstanceId(),
      logger,
      ...(options.deliveryConcurrency === undefined ? {} : { concurrency: options.deliveryConcurrency }),
      ...(options.pollingIntervalSeconds === undefined ? {} : { pollingIntervalSeconds: options.pollingIntervalSeconds }),
    });
    const scoring = await startScoringJob(queue, {
      store,
      scoring: options.scoring ?? createScoringService({ store, engine: options.engine }),
      deliveries,
      logger,
      attempts: options.scoreAttempts,
      retryDelaySeconds: options.scoreRetryDelaySeconds,
      expirySeconds: options.scoreJobExpirySeconds,
      workers: options.scoreWorkers,
    });
    const stopPurge = schedulePurge(store, {
      logger,
      requestRetentionDays: options.requestRetentionDays,
      intervalSeconds: options.purgeIntervalSeconds,
      clock: options.clock,
    });
    const started = deliveries;
    return {
      ...scoring,
      redeliver: (requestId) => started.redeliver(requestId),
      async stop() {
        stopPurge();
        await started.stop();
        await queue.stop();
      },
    };
  } catch (error) {
    await deliveries?.stop();
    await queue.stop();
    throw error;
  }
}
