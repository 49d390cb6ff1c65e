import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ApiError } from '../api-error.js';

/** Failed sign-ins or admin-token checks one client may make per window before its failures are throttled: 10. */
export const MAX_FAILED_ATTEMPTS = 10;
/** The window of {@link MAX_FAILED_ATTEMPTS}, seconds: 15 minutes. */
export const FAILED_ATTEMPT_WINDOW_SECONDS = 15 * 60;
/** How long a throttled failure waits before its 429 is sent, ms: a client guessing one secret after another gets at most one answer a second. */
export const THROTTLED_FAILURE_DELAY_MS = 1_000;

/**
 * The failed-attempt limit of the admin token and the dashboard's sign-in,
 * per client address (`req.ip`). It throttles failures only: the secret
 * presented is always checked first, and a right one always passes, so no
 * one sharing an address with a guesser (a proxy without
 * `LOCSCORE_TRUST_PROXY`, a NAT) can be locked out, nor can the owner. A
 * wrong one counts; past {@link MAX_FAILED_ATTEMPTS} within
 * {@link FAILED_ATTEMPT_WINDOW_SECONDS} it is answered 429 `rate_limited`
 * with `Retry-After`, after {@link THROTTLED_FAILURE_DELAY_MS}, instead of
 * 401. The trade-off (docs/security.md): since a right secret is never
 * refused, the limit cannot stop a guesser that is willing to wait for its
 * answers; the secrets' length does (API keys carry 192 random bits, the
 * admin token at least 32 characters). Counts live in this process
 * (rate-limiter-flexible's memory store).
 */
export interface FailedAttemptLimit {
  /**
   * Counts one failure of a client and gives the error to answer it with:
   * `unauthorized` itself, or, once the client is over the limit, a 429
   * `rate_limited` (resolved after {@link THROTTLED_FAILURE_DELAY_MS}).
   *
   * @param client - the client's address (`req.ip`)
   * @param unauthorized - the 401 the failure would answer
   */
  refuse(client: string, unauthorized: ApiError): Promise<ApiError>;
}

/**
 * A {@link FailedAttemptLimit}.
 *
 * @param options - the limit, window and delay; defaults {@link MAX_FAILED_ATTEMPTS} per {@link FAILED_ATTEMPT_WINDOW_SECONDS}, {@link THROTTLED_FAILURE_DELAY_MS}
 */
export function createFailedAttemptLimit(options: { points?: number; durationSeconds?: number; delayMs?: number } = {}): FailedAttemptLimit {
  const points = options.points ?? MAX_FAILED_ATTEMPTS;
  const delayMs = options.delayMs ?? THROTTLED_FAILURE_DELAY_MS;
  const limiter = new RateLimiterMemory({ points, duration: options.durationSeconds ?? FAILED_ATTEMPT_WINDOW_SECONDS, keyPrefix: 'locscore-auth' });
  return {
    async refuse(client, unauthorized) {
      const state = await limiter.penalty(client, 1);
      if (state.consumedPoints <= points) return unauthorized;
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const retryAfterSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
      return new ApiError(
        'rate_limited',
        `${unauthorized.message}; too many failed attempts from this address: retry after ${retryAfterSeconds} s (a right secret is always accepted)`,
        { retryAfterSeconds },
        { 'Retry-After': String(retryAfterSeconds) },
      );
    },
  };
}
