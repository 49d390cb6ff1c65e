import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ApiError } from '../http/api-error.js';

/** Failed sign-ins or admin-token checks one client may make per window: 10. */
export const MAX_FAILED_ATTEMPTS = 10;
/** The window of {@link MAX_FAILED_ATTEMPTS}, seconds: 15 minutes. */
export const FAILED_ATTEMPT_WINDOW_SECONDS = 15 * 60;

/**
 * The failed-attempt limit of the admin token and the dashboard's sign-in,
 * per client address: after {@link MAX_FAILED_ATTEMPTS} failures within
 * {@link FAILED_ATTEMPT_WINDOW_SECONDS}, every attempt from that address is
 * refused with 429 `rate_limited` until the window has passed, the right
 * secret too, so that guessing gains nothing. A success clears the count.
 * Counts live in this process (rate-limiter-flexible's memory store): N
 * instances behind a load balancer allow up to N times as many guesses.
 */
export interface FailedAttemptLimit {
  /**
   * Refuses a client that has used up its failures.
   *
   * @param client - the client's address (`req.ip`)
   * @throws ApiError 429 `rate_limited` with `Retry-After`
   */
  check(client: string): Promise<void>;
  /** Counts one failure of a client. */
  fail(client: string): Promise<void>;
  /** Clears a client's failures after a success. */
  succeed(client: string): Promise<void>;
}

/**
 * A {@link FailedAttemptLimit}.
 *
 * @param options - the limit and window; defaults {@link MAX_FAILED_ATTEMPTS} per {@link FAILED_ATTEMPT_WINDOW_SECONDS}
 */
export function createFailedAttemptLimit(options: { points?: number; durationSeconds?: number } = {}): FailedAttemptLimit {
  const points = options.points ?? MAX_FAILED_ATTEMPTS;
  const limiter = new RateLimiterMemory({ points, duration: options.durationSeconds ?? FAILED_ATTEMPT_WINDOW_SECONDS, keyPrefix: 'locscore-auth' });
  return {
    async check(client) {
      const state = await limiter.get(client);
      if (state === null || state.consumedPoints < points) return;
      const retryAfterSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
      throw new ApiError(
        'rate_limited',
        `too many failed attempts from this address; retry after ${retryAfterSeconds} s`,
        { retryAfterSeconds },
        { 'Retry-After': String(retryAfterSeconds) },
      );
    },
    async fail(client) {
      await limiter.penalty(client, 1);
    },
    async succeed(client) {
      await limiter.delete(client);
    },
  };
}
