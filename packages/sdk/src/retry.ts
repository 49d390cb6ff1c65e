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

/** Statuses whose `Retry-After` is honoured (ky's `afterStatusCodes`): 429 and 503. */
export const RETRY_AFTER_STATUS_CODES = [429, 503] as const;

/**
 * Whether an HTTP error response may be retried, from its status and body
 * alone (shared by the ky transport and the pooled batch transport):
 * 500 and 503 yes; 429 only when its body code is `rate_limited` (never
 * `quota_exceeded`); 409 only when `details.reason` is `in_progress` (the
 * same idempotency key is still being processed, typically by an attempt of
 * ours that timed out: retrying it is safe, as stripe-node does); every
 * other status no.
 *
 * @param status - HTTP status (>= 400)
 * @param readBody - reads the raw body; called only for 409 and 429
 * @returns `false` to stop; `undefined` for "retry by the status rules"
 *   (honour `Retry-After` on 429 and 503, else back off); `true` to retry
 *   after the backoff delay whatever the headers say
 */
export async function statusRetryVerdict(status: number, readBody: () => Promise<string>): Promise<boolean | undefined> {
  if (status === 500 || status === 503) return undefined;
  if (status === 429) return errorCodeOf(await readBody()) === 'rate_limited' ? undefined : false;
  // Our own earlier attempt (e.g. one that timed out) still holds this idempotency key on the server.
  if (status === 409) return idempotencyInProgress(await readBody());
  return false;
}

function idempotencyInProgress(text: string): boolean {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.error.code === 'idempotency_conflict' && parsed.data.error.details?.['reason'] === 'in_progress';
  } catch {
    return false;
  }
}

/**
 * Whether a failed attempt may be retried, given ky's error:
 * network errors (`TypeError` from fetch) and timeouts yes; a caller abort no;
 * HTTP responses as {@link statusRetryVerdict} says.
 *
 * @returns `false` to stop; `undefined` to let ky apply its status-code and
 *   `Retry-After` rules; `true` to retry after the backoff delay
 */
export async function shouldRetry(error: Error): Promise<boolean | undefined> {
  if (error instanceof HTTPError) {
    const response = error.response;
    return statusRetryVerdict(response.status, () => response.clone().text());
  }
  if (error instanceof KyTimeoutError) return true;
  if (error.name === 'AbortError') return false;
  return error instanceof TypeError;
}

/**
 * A full-jitter backoff delay, as ky computes it from {@link retryOptions}:
 * a uniform random delay in `[0, backoffCeilingMs(retry))`, at most
 * {@link RETRY_MAX_DELAY_MS}.
 *
 * @param retry - 1 for the first retry
 * @returns milliseconds
 */
export function jitteredBackoffMs(retry: number): number {
  return Math.min(RETRY_MAX_DELAY_MS, backoffCeilingMs(retry) * Math.random());
}

/** Response headers ky reads a retry delay from, in its order of precedence (ky 1.14 `#calculateRetryDelay`). */
const RETRY_AFTER_HEADERS = ['retry-after', 'ratelimit-reset', 'x-ratelimit-retry-after', 'x-ratelimit-reset', 'x-rate-limit-reset'] as const;
/** ky treats a delta this large as a Unix time in milliseconds (2024-01-01T00:00:00Z). */
const RETRY_AFTER_TIMESTAMP_FLOOR_MS = Date.parse('2024-01-01');

/**
 * The server-given wait before retrying a 429 or 503, read as ky reads it:
 * the first of `Retry-After`, `RateLimit-Reset`, `X-RateLimit-Retry-After`,
 * `X-RateLimit-Reset`, `X-Rate-Limit-Reset`; seconds, a Unix time in
 * milliseconds, or an HTTP date; clamped to {@link RETRY_AFTER_MAX_MS}.
 * No jitter: the server named the time.
 *
 * @param status - HTTP status
 * @param header - reads a response header (lower-case name), `null` when absent
 * @returns milliseconds, or `null` when the status has no `Retry-After` rule or no header is present
 */
export function retryAfterDelayMs(status: number, header: (name: string) => string | null): number | null {
  if (!(RETRY_AFTER_STATUS_CODES as readonly number[]).includes(status)) return null;
  let value: string | null = null;
  for (const name of RETRY_AFTER_HEADERS) {
    value = header(name);
    if (value !== null) break;
  }
  if (!value) return null;
  let after = Number(value) * 1000;
  if (Number.isNaN(after)) after = Date.parse(value) - Date.now();
  else if (after >= RETRY_AFTER_TIMESTAMP_FLOOR_MS) after -= Date.now();
  return after < RETRY_AFTER_MAX_MS ? after : RETRY_AFTER_MAX_MS;
}

/**
 * ky retry options for the locscore API (the pooled batch transport follows
 * the same rules through {@link statusRetryVerdict}, {@link retryAfterDelayMs}
 * and {@link jitteredBackoffMs}): POST and GET retried up to
 * `maxRetries` times on network errors, timeouts, 500, 503 and `rate_limited`
 * 429s; `Retry-After` (on 429 and 503) honoured up to
 * {@link RETRY_AFTER_MAX_MS}; otherwise a full-jitter delay under
 * {@link backoffCeilingMs}.
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
