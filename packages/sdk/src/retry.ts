import { ErrorBody } from '@locscore/schema';
import { HTTPError, TimeoutError as KyTimeoutError, type RetryOptions } from 'ky';
import { errorCodeOf } from './error-from-response.js';

/** First retry delay before jitter, in milliseconds (doubles per retry). */
export const RETRY_BASE_DELAY_MS = 500;
/** Largest retry delay before jitter, in milliseconds. */
export const RETRY_MAX_DELAY_MS = 8_000;
/** Longest `Retry-After` the client honours, in milliseconds; longer values are clamped to it. */
export const RETRY_AFTER_MAX_MS = 60_000;
/** HTTP statuses that may be retried: 429 only when its code is `rate_limited`. */
export const RETRY_STATUS_CODES = [429, 500, 503] as const;
/** Statuses whose `Retry-After` is honoured (ky's `afterStatusCodes`): 429 and 503. */
export const RETRY_AFTER_STATUS_CODES = [429, 503] as const;

/**
 * Capped exponential backoff before jitter: `min(RETRY_MAX_DELAY_MS,
 * RETRY_BASE_DELAY_MS × 2^(retry-1))` milliseconds. ky then applies full
 * jitter (a uniform random delay in `[0, that)`), as in AWS Architecture
 * Blog, "Exponential Backoff And Jitter" (2015).
 *
 * @param retry - 1 for the first retry
 * @returns the upper bound of the jittered delay, in milliseconds
 */
export function backoffCeilingMs(retry: number): number {
  return Math.min(RETRY_MAX_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** (retry - 1));
}

/** Whether a 409 says our own earlier attempt (e.g. one that timed out) still holds this idempotency key. */
function idempotencyInProgress(text: string): boolean {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.error.code === 'idempotency_conflict' && parsed.data.error.details?.['reason'] === 'in_progress';
  } catch {
    return false;
  }
}

/**
 * Whether a failed attempt may be retried, given ky's error: network errors
 * (`TypeError` from fetch) and timeouts yes; a caller abort no; 500 and 503
 * yes; 429 only when its body code is `rate_limited` (never
 * `quota_exceeded`); 409 only when `details.reason` is `in_progress` (the
 * same idempotency key is still being processed, typically by an attempt of
 * ours that timed out: retrying it is safe, as stripe-node does); every
 * other status no.
 *
 * @returns `false` to stop; `undefined` to let ky apply its status-code and
 *   `Retry-After` rules; `true` to retry after the backoff delay
 */
export async function shouldRetry(error: Error): Promise<boolean | undefined> {
  if (error instanceof HTTPError) {
    const { status } = error.response;
    if (status === 500 || status === 503) return undefined;
    if (status === 429) return errorCodeOf(await error.response.clone().text()) === 'rate_limited' ? undefined : false;
    if (status === 409) return idempotencyInProgress(await error.response.clone().text());
    return false;
  }
  if (error instanceof KyTimeoutError) return true;
  if (error.name === 'AbortError') return false;
  return error instanceof TypeError;
}

/**
 * ky retry options for the locscore API: POST and GET retried up to
 * `maxRetries` times on network errors, timeouts, 500, 503, `rate_limited`
 * 429s and `in_progress` 409s (see {@link shouldRetry}); `Retry-After` (on
 * 429 and 503) honoured up to {@link RETRY_AFTER_MAX_MS}; otherwise a
 * full-jitter delay under {@link backoffCeilingMs}.
 *
 * @param maxRetries - retries after the first attempt (0 disables retrying)
 */
export function retryOptions(maxRetries: number): RetryOptions {
  return {
    limit: maxRetries,
    methods: ['get', 'post'],
    statusCodes: [...RETRY_STATUS_CODES],
    afterStatusCodes: [...RETRY_AFTER_STATUS_CODES],
    maxRetryAfter: RETRY_AFTER_MAX_MS,
    backoffLimit: RETRY_MAX_DELAY_MS,
    delay: backoffCeilingMs,
    jitter: (delay) => delay * Math.random(),
    retryOnTimeout: true,
    shouldRetry: ({ error }) => shouldRetry(error),
  };
}
