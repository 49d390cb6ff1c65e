import pRetry from 'p-retry';
import { delay } from './delay.js';
import { type AbortedError, ConflictError, ConnectionError, LocScoreError, RateLimitError, ServiceUnavailableError, TimeoutError } from './errors.js';

/** First retry delay before jitter, in milliseconds (doubles per retry). */
export const RETRY_BASE_DELAY_MS = 500;
/** Largest retry delay before jitter, in milliseconds. */
export const RETRY_MAX_DELAY_MS = 8_000;
/** Longest `Retry-After` the client honours, in milliseconds; longer values are clamped to it. */
export const RETRY_AFTER_MAX_MS = 60_000;

/**
 * Capped exponential backoff before jitter: `min(RETRY_MAX_DELAY_MS,
 * RETRY_BASE_DELAY_MS × 2^(retry-1))` milliseconds. The wait is then a
 * uniform random delay in `[0, that)` (full jitter), as in AWS Architecture
 * Blog, "Exponential Backoff And Jitter" (2015).
 *
 * @param retry - 1 for the first retry
 * @returns the upper bound of the jittered delay, in milliseconds
 */
export function backoffCeilingMs(retry: number): number {
  return Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** (retry - 1));
}

/**
 * Whether a failed attempt may be sent again: network errors and timeouts
 * yes; a caller abort no; 500 and 503 yes; 429 only when its code is
 * `rate_limited` (never `quota_exceeded`: waiting seconds does not bring
 * the quota back); 409 only when `details.reason` is `in_progress` (the
 * same idempotency key is still being processed, typically by an attempt
 * of ours that timed out: retrying it is safe, as stripe-node does); every
 * other status no.
 *
 * @param error - what the attempt rejected with
 */
export function isRetryable(error: Error): boolean {
  if (error instanceof ConnectionError || error instanceof TimeoutError || error instanceof RateLimitError) return true;
  if (error instanceof ConflictError) return error.code === 'idempotency_conflict' && error.details?.['reason'] === 'in_progress';
  return error instanceof LocScoreError && (error.status === 500 || error.status === 503);
}

/**
 * How long to wait before retry number `retry`: the `Retry-After` of a
 * `rate_limited` 429 or a 503 when the server sent one (at most
 * {@link RETRY_AFTER_MAX_MS}, no jitter: the server said when), else a
 * full-jitter delay under {@link backoffCeilingMs}.
 *
 * @param error - the failed attempt's error
 * @param retry - 1 for the first retry
 * @returns milliseconds
 */
export function retryDelayMs(error: Error, retry: number): number {
  const retryAfterSeconds = error instanceof RateLimitError || error instanceof ServiceUnavailableError ? error.retryAfterSeconds : null;
  if (retryAfterSeconds !== null) return Math.min(retryAfterSeconds * 1000, RETRY_AFTER_MAX_MS);
  return backoffCeilingMs(retry) * Math.random();
}

/** How {@link withRetries} retries one call. */
export interface RetryPlan {
  /** Retries after the first attempt (0: never). */
  retries: number;
  /** The caller's signal: stops the wait before a retry. */
  signal: AbortSignal | undefined;
  /** The error to reject with when `signal` fires during a wait. */
  aborted: () => AbortedError;
}

/**
 * Runs `attempt` and sends it again while it fails with a retryable error
 * ({@link isRetryable}), at most `plan.retries` more times, waiting
 * {@link retryDelayMs} before each retry. p-retry runs the attempts.
 *
 * @param attempt - one attempt; rejects with a `LocScoreError`
 * @returns what the first successful attempt resolved with
 * @throws the last attempt's error, or `plan.aborted()` when `signal` fires during a wait
 */
export function withRetries<T>(attempt: () => Promise<T>, plan: RetryPlan): Promise<T> {
  // Every option p-retry would fill in is given as one literal: p-retry copies the options on each call, and a copy it has
  // to grow (or one spread from a shared object here) ends up in V8's old generation, one per batch row.
  return pRetry(attempt, {
    retries: plan.retries,
    // No backoff or time limit of p-retry's own: the wait is retryDelayMs, in onFailedAttempt.
    factor: 1,
    minTimeout: 0,
    maxTimeout: 0,
    maxRetryTime: Number.POSITIVE_INFINITY,
    randomize: false,
    shouldConsumeRetry: () => true,
    onFailedAttempt: async ({ error, retriesConsumed, retriesLeft }) => {
      if (retriesLeft === 0 || !isRetryable(error)) return;
      if (!(await delay(retryDelayMs(error, retriesConsumed + 1), plan.signal))) throw plan.aborted();
    },
    shouldRetry: ({ error }) => isRetryable(error),
  });
}
