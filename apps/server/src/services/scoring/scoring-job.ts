import type { RequestError, ScoreResult } from '@locscore/schema';
import type { Logger } from 'pino';
import type { Store } from '../../store/open-store.js';
import type { StoredRequest } from '../../store/requests.js';
import type { Queue } from '../jobs/boss-queue.js';
import type { Deliveries } from '../webhooks/delivery-job.js';
import { requestErrorOf, type Scored, type ScoringJobs, type ScoringService } from './scoring-service.js';

/** pg-boss queue of scoring jobs. */
export const SCORE_QUEUE = 'locscore-score';

/** One queued request to score. */
interface ScoreJob {
  requestId: string;
}

/** Options of {@link startScoringJob}. */
export interface ScoringJobOptions {
  store: Store;
  /** Scores each request (without jobs of its own). */
  scoring: ScoringService;
  /** Where each finished request's delivery starts. */
  deliveries: Deliveries;
  /** Where failed attempts are logged. */
  logger: Logger;
  /** Scoring attempts before a request fails. @default 3 */
  attempts?: number;
  /** Seconds between scoring attempts. @default 5 */
  retryDelaySeconds?: number;
  /**
   * Seconds after which a scoring job still running counts as lost (its
   * process died) and is retried. @default 60
   */
  expirySeconds?: number;
  /** Scoring workers of this process; each runs up to the queue's batch size at once. @default 2 */
  workers?: number;
}

/**
 * Starts the scoring workers. A job scores its queued request through the
 * scoring service, up to `attempts` times (a crash mid-scoring counts as
 * one); an address that cannot be scored fails at once. A failed request
 * gets its quota unit back. Either way the request is finished and its
 * delivery started in one transaction. A job that runs twice is harmless: a
 * finished request is skipped.
 *
 * @param queue - the open queue (with {@link SCORE_QUEUE})
 * @param options - see {@link ScoringJobOptions}
 * @returns the sender of scoring jobs, for the route's webhook mode
 */
export async function startScoringJob(queue: Queue, options: ScoringJobOptions): Promise<ScoringJobs> {
  const { store, scoring, deliveries, logger } = options;
  const attempts = options.attempts ?? 3;

  async function finish(request: StoredRequest, outcome: { result: ScoreResult } | { error: RequestError }): Promise<void> {
    await store.transaction(async (tx) => {
      await tx.requests.complete(request.id, outcome);
      if ('error' in outcome && request.periodStart !== null) await tx.usage.release(request.keyId, new Date(request.periodStart));
      await deliveries.start(tx, request.id);
    });
    deliveries.wake();
  }

  const failed = (count: number): { error: RequestError } => ({ error: { code: 'scoring_failed', message: `scoring failed after ${count} attempts` } });

  async function run({ requestId }: ScoreJob): Promise<void> {
    const request = await store.requests.find(requestId);
    if (!request || request.status === 'succeeded' || request.status === 'failed') return;
    const attempt = await store.requests.markRunning(requestId);
    // Every attempt so far was lost to a crash or a hang: give up.
    if (attempt > attempts) return finish(request, failed(attempts));
    let scored: Scored;
    try {
      scored = await scoring.score(request.body, requestId, request.keyId);
    } catch (error) {
      logger.warn({ requestId, attempt, err: error }, 'scoring attempt failed');
      if (attempt >= attempts) return finish(request, failed(attempt));
      await store.requests.markQueued(requestId);
      throw error;
    }
    await finish(request, 'result' in scored ? scored : { error: requestErrorOf(scored.unscorable) });
  }

  await queue.work<ScoreJob>(SCORE_QUEUE, options.workers ?? 2, run, (job) => ({ requestId: job.requestId }));
  // Two retries more than attempts: `run` counts attempts itself and fails
  // the request after the last, so pg-boss never drops a job that would
  // leave a request `running`.
  const sendOptions = { retryLimit: attempts + 1, retryDelaySeconds: options.retryDelaySeconds ?? 5, expireInSeconds: options.expirySeconds ?? 60 };
  return {
    enqueueScore: (tx, requestId) => queue.send(SCORE_QUEUE, { requestId } satisfies ScoreJob, { ...sendOptions, tx }),
    notifyScore: () => queue.notify(SCORE_QUEUE),
  };
}
