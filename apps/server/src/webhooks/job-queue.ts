import { AddressAmbiguousError, AddressNotFoundError, type ScoringEngine } from '@locscore/engine';
import type { RequestError, ScoreResult, WebhookDelivery, WebhookFailure } from '@locscore/schema';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { createLogger } from '../ops/logger.js';
import { bossDb } from '../store/boss-db.js';
import type { Db } from '../store/db.js';
import { createDeliveryRepository, type DeliveryState } from '../store/deliveries.js';
import type { Store } from '../store/open-store.js';
import { DEFAULT_REQUEST_RETENTION_DAYS } from '../store/purge.js';
import { createRequestRepository } from '../store/requests.js';
import { createUsageRepository } from '../store/usage.js';
import { ATTEMPT_HEADER, defaultInstanceId, INSTANCE_HEADER } from './delivery-headers.js';
import { retryOrphanedJobs } from './orphaned-jobs.js';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './post-webhook.js';
import { DEFAULT_RETRY_SCHEDULE } from './retry-schedule.js';
import { signWebhook } from './signature.js';

/** pg-boss queue of scoring jobs. */
export const SCORE_QUEUE = 'locscore-score';
/** pg-boss queue of webhook delivery attempts. */
export const DELIVERY_QUEUE = 'locscore-deliver';

/** Options of {@link startJobQueue}. */
export interface JobQueueOptions {
  store: Store;
  engine: ScoringEngine;
  /** Deliver to private, loopback and link-local addresses (tests). Default false. */
  allowPrivateWebhooks?: boolean;
  /** Seconds before each delivery attempt; default {@link DEFAULT_RETRY_SCHEDULE}. */
  retrySchedule?: readonly number[];
  /** Scoring attempts before a request fails (default 3). */
  scoreAttempts?: number;
  /** Seconds between scoring attempts (default 5). */
  scoreRetryDelaySeconds?: number;
  /** How often idle workers look for jobs, seconds (default 0.5, pg-boss's minimum). */
  pollingIntervalSeconds?: number;
  /** Time limit of one delivery attempt, ms (default 10 000). */
  webhookTimeoutMs?: number;
  /** Scoring workers of this instance (default 2); each runs up to `batchSize` jobs at once. */
  scoreWorkers?: number;
  /** Jobs a worker fetches and runs at once (default 16). */
  batchSize?: number;
  /** PostgreSQL schema of pg-boss's tables (default `pgboss`). */
  bossSchema?: string;
  /**
   * Name of this instance, sent as `x-locscore-instance` with every webhook
   * POST; default 12 random hex digits per process.
   */
  instanceId?: string;
  /**
   * Seconds after which a scoring job still `active` counts as lost (its
   * process died) and is retried (default 60). Delivery jobs get the attempt
   * timeout plus 10 s.
   */
  scoreJobExpirySeconds?: number;
  /** How often pg-boss looks for expired jobs, seconds (default 10; one instance at a time does it). */
  maintenanceIntervalSeconds?: number;
  /** Days to keep finished requests before they are purged (default 30). */
  requestRetentionDays?: number;
  /** How often to purge, seconds (default 3600; also once at start). */
  purgeIntervalSeconds?: number;
  /** The current time (UTC), for the purge; default the system clock. */
  clock?: () => Date;
  /** Where failures are logged (pino JSON with secret redaction); default {@link createLogger}. */
  logger?: Logger;
}

/** The asynchronous side of the server: scoring jobs and webhook deliveries. */
export interface JobQueue {
  /**
   * Enqueues the scoring of a request already inserted as `queued`, inside
   * the caller's transaction (so quota, request and job commit together).
   */
  enqueueScore(tx: Db, requestId: string): Promise<void>;
  /**
   * Wakes this instance's scoring workers at once instead of at their next
   * poll (up to `pollingIntervalSeconds` later). Call it after the
   * transaction that ran {@link JobQueue.enqueueScore} commits: a worker
   * woken before the commit would not see the job. Never throws.
   */
  notifyScore(): void;
  /** Stops the workers (waiting for running jobs) and pg-boss's supervision. */
  stop(): Promise<void>;
}

interface ScoreJob {
  requestId: string;
}
interface DeliveryJob {
  requestId: string;
  attempt: number;
}

/** Arbitrary constant naming the advisory lock held while pg-boss installs itself (ASCII "locq"). */
const BOSS_START_LOCK_ID = 0x6c6f6371;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so that instances
 * starting together against one empty database install pg-boss one after the
 * other: pg-boss 10's own install races (duplicate `pg_namespace` key, or a
 * deadlock in `createQueue`) when two processes start at once. On PGlite (one
 * process, one connection) it just runs `fn`.
 */
async function oneInstanceAtATime(store: Store, fn: () => Promise<void>): Promise<void> {
  if (store.driver !== 'pg') return fn();
  await store.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [BOSS_START_LOCK_ID]);
    await fn();
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Starts pg-boss over the store's database (PGlite through `db: { executeSql }`,
 * or PostgreSQL), creates its queues and runs the workers.
 *
 * A scoring job makes up to `scoreAttempts` attempts; an address that cannot
 * be located fails at once. A failed request gets its quota unit back. Either
 * way a delivery starts: Standard Webhooks signed POSTs on `retrySchedule`; a
 * 2xx ends it, 410 stops it, every attempt is recorded.
 *
 * After a crash, jobs left `active` are retried: at once on PGlite (one
 * process per data directory, so they can only be orphans), after their
 * expiry on PostgreSQL (other instances may be running them). A job that runs
 * twice is harmless: scoring skips a finished request, a delivery skips an
 * attempt already recorded (so a receiver may see one attempt twice, with the
 * same `webhook-id`). Finished requests are purged after
 * `requestRetentionDays`.
 *
 * @param options - see {@link JobQueueOptions}
 * @returns the running queue
 * @throws Error when pg-boss cannot create its schema
 */
export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const { store, engine } = options;
  const schedule = options.retrySchedule ?? DEFAULT_RETRY_SCHEDULE;
  const scoreAttempts = options.scoreAttempts ?? 3;
  const allowPrivate = options.allowPrivateWebhooks ?? false;
  const instanceId = options.instanceId ?? defaultInstanceId();
  const logger = options.logger ?? createLogger();
  const webhookTimeoutMs = options.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const bossSchema = options.bossSchema ?? 'pgboss';
  const clock = options.clock ?? (() => new Date());
  const boss = new PgBoss({
    db: bossDb(store.db),
    schema: bossSchema,
    schedule: false,
    supervise: true,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 10,
  });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  await oneInstanceAtATime(store, async () => {
    await boss.start();
    await boss.createQueue(SCORE_QUEUE);
    await boss.createQueue(DELIVERY_QUEUE);
  });
  if (store.driver === 'pglite') {
    const orphans = await retryOrphanedJobs(boss, store.db, bossSchema, [SCORE_QUEUE, DELIVERY_QUEUE]);
    if (orphans > 0) logger.warn({ jobs: orphans }, 'retrying jobs interrupted by the last stop');
  }

  // pg-boss worker ids of this process, to wake them after an enqueue.
  const scoreWorkers: string[] = [];
  const deliveryWorkers: string[] = [];
  /** Wakes the given workers; a busy one fetches again as soon as its batch ends. */
  function notify(workers: readonly string[]): void {
    for (const id of workers) boss.notifyWorker(id);
  }

  async function enqueueDelivery(tx: Db, requestId: string, attempt: number, delaySeconds: number): Promise<void> {
    await boss.send(DELIVERY_QUEUE, { requestId, attempt } satisfies DeliveryJob, {
      startAfter: delaySeconds,
      retryLimit: 3,
      retryDelay: 1,
      expireInSeconds: Math.ceil(webhookTimeoutMs / 1000) + 10,
      db: bossDb(tx),
    });
  }

  async function finish(requestId: string, keyId: string, periodStart: string | null, outcome: { result: ScoreResult } | { error: RequestError }): Promise<void> {
    await store.db.transaction(async (tx) => {
      await createRequestRepository(tx).complete(requestId, outcome);
      if ('error' in outcome && periodStart !== null) {
        await createUsageRepository(tx).release(keyId, new Date(periodStart));
      }
      await createDeliveryRepository(tx).create(requestId, new Date());
      await enqueueDelivery(tx, requestId, 1, schedule[0] ?? 0);
    });
    // The first attempt is due now (by default): wake a delivery worker
    // rather than wait out its poll, now that the job is committed.
    if ((schedule[0] ?? 0) === 0) notify(deliveryWorkers);
  }

  async function runScore({ requestId }: ScoreJob): Promise<void> {
    const request = await store.requests.find(requestId);
    if (!request || request.status === 'succeeded' || request.status === 'failed') return;
    const attempt = await store.requests.markRunning(requestId);
    if (attempt > scoreAttempts) {
      // Every attempt so far was lost to a crash or a hang: give up.
      await finish(requestId, request.keyId, request.periodStart, {
        error: { code: 'scoring_failed', message: `scoring failed after ${scoreAttempts} attempts` },
      });
      return;
    }
    try {
      // Typed by the schema's ScoreResult, as in synchronous mode (not parsed again).
      const scored = await engine.score({ address: request.body.address, category: request.body.category });
      const result = { ...scored, meta: { ...scored.meta, requestId } };
      await finish(requestId, request.keyId, request.periodStart, { result });
    } catch (error) {
      if (error instanceof AddressNotFoundError || error instanceof AddressAmbiguousError) {
        await finish(requestId, request.keyId, request.periodStart, { error: { code: error.code, message: error.message } });
        return;
      }
      logger.warn({ requestId, attempt, err: error }, 'scoring attempt failed');
      if (attempt >= scoreAttempts) {
        await finish(requestId, request.keyId, request.periodStart, {
          error: { code: 'scoring_failed', message: `scoring failed after ${attempt} attempts` },
        });
        return;
      }
      await store.requests.markQueued(requestId);
      throw error;
    }
  }

  async function runDelivery({ requestId, attempt }: DeliveryJob): Promise<void> {
    const request = await store.requests.find(requestId);
    if (!request || request.webhookUrl === null) return;
    const status = await store.deliveries.status(requestId);
    if (status.state !== 'pending' || status.attempts >= attempt) return;
    const secret = await store.keys.webhookSecretOf(request.keyId);
    if (secret === null) return;
    const payload: WebhookDelivery | WebhookFailure = request.result
      ? { ...request.result, requestId }
      : { requestId, error: request.error ?? { code: 'scoring_failed', message: 'scoring failed' } };
    const body = JSON.stringify(payload);
    const headers = {
      ...signWebhook(secret, requestId, Math.floor(Date.now() / 1000), body),
      [ATTEMPT_HEADER]: String(attempt),
      [INSTANCE_HEADER]: instanceId,
    };
    const outcome = await postWebhook(request.webhookUrl, body, headers, { allowPrivate, timeoutMs: webhookTimeoutMs });
    const statusCode = 'statusCode' in outcome ? outcome.statusCode : null;
    const delay = schedule[attempt];
    let state: DeliveryState;
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) state = 'delivered';
    else if (statusCode === 410) state = 'stopped';
    else state = delay === undefined ? 'exhausted' : 'pending';
    await store.db.transaction(async (tx) => {
      const next = state === 'pending' && delay !== undefined ? new Date(Date.now() + delay * 1000) : null;
      await createDeliveryRepository(tx).recordAttempt(
        requestId,
        { attempt, statusCode, error: 'error' in outcome ? outcome.error : null, durationMs: outcome.durationMs },
        state,
        next,
      );
      if (next !== null && delay !== undefined) await enqueueDelivery(tx, requestId, attempt + 1, delay);
    });
  }

  // Each worker fetches up to `batchSize` jobs per poll and runs them at once:
  // pg-boss 10 waits out the polling interval after each fetch, so one job per
  // fetch would cap an instance at 2 jobs per second per worker. Jobs enqueued
  // by this process also wake the workers (`notifyWorker`), so an idle
  // instance starts them within milliseconds rather than at the next poll.
  const batchSize = options.batchSize ?? 16;
  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5, batchSize };
  // Two retries more than scoring attempts: runScore counts attempts itself
  // (a crash mid-scoring counts one) and fails the request after the last,
  // so pg-boss never drops a job that would leave a request `running`.
  const scoreSendOptions = {
    retryLimit: scoreAttempts + 1,
    retryDelay: options.scoreRetryDelaySeconds ?? 5,
    expireInSeconds: options.scoreJobExpirySeconds ?? 60,
  };

  /** Runs a batch; a job that throws is failed alone (pg-boss retries it), the others complete. */
  async function runBatch<T extends ScoreJob>(queue: string, jobs: Array<PgBoss.Job<T>>, run: (data: T) => Promise<void>): Promise<void> {
    await Promise.all(
      jobs.map(async (job) => {
        try {
          await run(job.data);
        } catch (error) {
          const what = 'attempt' in job.data ? `delivery attempt ${String(job.data.attempt)}` : 'scoring job';
          logger.error({ requestId: job.data.requestId, err: error }, `${what} failed`);
          await boss.fail(queue, job.id, { message: describe(error) });
        }
      }),
    );
  }

  for (let worker = 0; worker < (options.scoreWorkers ?? 2); worker += 1) {
    scoreWorkers.push(await boss.work<ScoreJob>(SCORE_QUEUE, polling, (jobs) => runBatch(SCORE_QUEUE, jobs, runScore)));
  }
  // Two delivery workers, so that slow receivers (up to the 10 s timeout) do not hold up the others.
  for (let worker = 0; worker < 2; worker += 1) {
    deliveryWorkers.push(await boss.work<DeliveryJob>(DELIVERY_QUEUE, polling, (jobs) => runBatch(DELIVERY_QUEUE, jobs, runDelivery)));
  }

  const retentionDays = options.requestRetentionDays ?? DEFAULT_REQUEST_RETENTION_DAYS;
  const purge = (): void => {
    store.purge({ now: clock(), requestRetentionDays: retentionDays }).catch((error: unknown) => {
      logger.error({ err: error }, 'purge of old requests failed');
    });
  };
  purge();
  const purgeTimer = setInterval(purge, (options.purgeIntervalSeconds ?? 3600) * 1000);
  purgeTimer.unref();

  return {
    async enqueueScore(tx, requestId) {
      await boss.send(SCORE_QUEUE, { requestId } satisfies ScoreJob, { ...scoreSendOptions, db: bossDb(tx) });
    },
    notifyScore() {
      notify(scoreWorkers);
    },
    async stop() {
      clearInterval(purgeTimer);
      await boss.stop({ graceful: true, wait: true, timeout: 15_000, close: false });
    },
  };
}
