import type { RequestStatus, ScoreResult } from '@locscore/schema';
import { delay } from './delay.js';
import { AbortedError, InvalidResponseError, ScoringError, TimeoutError } from './errors.js';
import { milliseconds } from './options.js';

/** Options of `waitForResult`. */
export interface WaitForResultOptions {
  /** Wait after the first poll, in milliseconds (default 1 000); each next wait is 1.5× longer, at most {@link POLL_MAX_INTERVAL_MS}. */
  intervalMs?: number | undefined;
  /** Give up after this many milliseconds with a {@link TimeoutError} (default 120 000). */
  timeoutMs?: number | undefined;
  /** Stops polling; the call then rejects with {@link AbortedError}. */
  signal?: AbortSignal | undefined;
}

/** Default first polling interval, in milliseconds. */
export const POLL_INTERVAL_MS = 1_000;
/** Growth factor of the polling interval after each poll. */
export const POLL_BACKOFF_FACTOR = 1.5;
/** Longest polling interval, in milliseconds. */
export const POLL_MAX_INTERVAL_MS = 10_000;
/** Default total time limit of `waitForResult`, in milliseconds (2 minutes). */
export const POLL_TIMEOUT_MS = 120_000;

function aborted(requestId: string, signal: AbortSignal): AbortedError {
  return new AbortedError({
    message: `waiting for request ${requestId} was aborted`,
    status: null,
    code: 'aborted',
    requestId,
    cause: signal.reason,
  });
}

/**
 * Polls an asynchronous request until it is `succeeded` or `failed`.
 *
 * @param poll - reads the request's status once (`client.getRequest`)
 * @param requestId - the request id, for error messages
 * @returns the request's {@link ScoreResult}
 * @throws {ScoringError} the request `failed`: `code` and `message` are the request's error
 * @throws {TimeoutError} not done within `timeoutMs` (`code: 'timeout'`)
 * @throws {AbortedError} `signal` fired
 * @throws {InvalidResponseError} `succeeded` without a `result`
 * @throws {RangeError} `intervalMs` or `timeoutMs` not a positive number
 */
export async function waitForResult(
  poll: (signal: AbortSignal | undefined) => Promise<RequestStatus>,
  requestId: string,
  options: WaitForResultOptions = {},
): Promise<ScoreResult> {
  const intervalMs = milliseconds(options.intervalMs, POLL_INTERVAL_MS, 'intervalMs');
  const timeoutMs = milliseconds(options.timeoutMs, POLL_TIMEOUT_MS, 'timeoutMs');
  const { signal } = options;
  const deadline = Date.now() + timeoutMs;
  let interval = intervalMs;
  for (;;) {
    if (signal?.aborted) throw aborted(requestId, signal);
    const status = await poll(signal);
    if (status.status === 'succeeded') {
      if (status.result) return status.result;
      throw new InvalidResponseError({
        message: `request ${requestId} is succeeded but has no result`,
        status: 200,
        code: 'invalid_response',
        requestId,
      });
    }
    if (status.status === 'failed') {
      throw new ScoringError({
        message: status.error?.message ?? `request ${requestId} failed`,
        status: null,
        code: status.error?.code ?? 'scoring_failed',
        requestId,
      });
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      throw new TimeoutError({
        message: `request ${requestId} is still ${status.status} after ${timeoutMs} ms`,
        status: null,
        code: 'timeout',
        requestId,
      });
    }
    const completed = await delay(Math.min(interval, left), signal);
    if (!completed && signal) throw aborted(requestId, signal);
    interval = Math.min(POLL_MAX_INTERVAL_MS, interval * POLL_BACKOFF_FACTOR);
  }
}
