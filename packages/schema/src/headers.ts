/**
 * HTTP header names of the API, lower-case as Node and fetch report them.
 *
 * Quota headers on every scored response: `X-Quota-Limit` (evaluations per
 * period, or `unlimited`), `X-Quota-Remaining` (a whole number, or
 * `unlimited`), `X-Quota-Reset` (ISO 8601 UTC time of the next reset).
 * A 429 also carries `Retry-After` in seconds.
 */
export const HEADERS = {
  apiKey: 'x-api-key',
  requestId: 'x-request-id',
  idempotencyKey: 'idempotency-key',
  quotaLimit: 'x-quota-limit',
  quotaRemaining: 'x-quota-remaining',
  quotaReset: 'x-quota-reset',
  retryAfter: 'retry-after',
} as const;

/** Standard Webhooks header names (https://www.standardwebhooks.com/). */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** Path of the scoring endpoint. */
export const SCORE_PATH = '/api/franchisor/score';
/** Path of the usage endpoint. */
export const USAGE_PATH = '/api/franchisor/usage';
