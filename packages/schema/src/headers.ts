/**
 * HTTP header names of the API, lower-case as Node and fetch report them.
 *
 * Quota headers on every scored response: `X-Quota-Limit` (evaluations per
 * period, or `unlimited`), `X-Quota-Remaining` (a whole number, or
 * `unlimited`), `X-Quota-Reset` (ISO 8601 UTC time of the next reset).
 * A 429 also carries `Retry-After` in seconds.
 *
 * `Authorization: Bearer <admin token>` authenticates the admin API
 * (`/api/admin/*`). `X-CSRF-Token` carries the `csrfToken` of
 * `GET /dashboard/session` on every POST, PATCH and DELETE a dashboard
 * session (cookie) makes; a request authenticated by `X-API-Key` or
 * `Authorization` needs none. `X-On-Behalf-Of: <key prefix>` lets an
 * operator (admin token or admin session) score as one of the keys, charged
 * to that key's quota; it is refused with any other credentials.
 */
export const HEADERS = {
  apiKey: 'x-api-key',
  requestId: 'x-request-id',
  idempotencyKey: 'idempotency-key',
  quotaLimit: 'x-quota-limit',
  quotaRemaining: 'x-quota-remaining',
  quotaReset: 'x-quota-reset',
  retryAfter: 'retry-after',
  authorization: 'authorization',
  csrfToken: 'x-csrf-token',
  onBehalfOf: 'x-on-behalf-of',
} as const;

/** Standard Webhooks header names (https://www.standardwebhooks.com/). */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;
