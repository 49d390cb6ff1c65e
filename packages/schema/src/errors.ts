import { z } from 'zod';
import { MAX_ADDRESS_CANDIDATES } from './limits.js';
import { AddressCandidate } from './score-result.js';

/**
 * Every error code the API answers with, and the HTTP status it comes with.
 * `forbidden`: a dashboard session's write without its `X-CSRF-Token`, or a
 * sign-in from another origin. `conflict`: the request contradicts the
 * stored state (an account name in use, a redeliver of an unfinished
 * request).
 */
export const ERROR_STATUS = {
  invalid_request: 400,
  address_not_found: 400,
  address_ambiguous: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  idempotency_conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  quota_exceeded: 429,
  rate_limited: 429,
  scoring_failed: 500,
  not_implemented: 501,
  not_configured: 503,
} as const satisfies Record<string, number>;

/** The error codes of the API (keys of {@link ERROR_STATUS}). */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as Array<keyof typeof ERROR_STATUS>;

/** One of the {@link ERROR_CODES}. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** zod schema of an {@link ErrorCode}. */
export const ErrorCode = z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]).meta({ id: 'ErrorCode' });

/** One invalid field of a request: `field` is the dotted path (`category`, `webhookUrl`, `body`). */
export const FieldIssue = z.object({ field: z.string(), message: z.string() }).meta({ id: 'FieldIssue' });
/** One invalid field of a request. */
export type FieldIssue = z.infer<typeof FieldIssue>;

/**
 * Machine-readable details of an error. `fields` lists every invalid field
 * of a 400 `invalid_request`; quota errors carry `limit`, `used` and
 * `resetAt`; `address_not_found` and `address_ambiguous` carry `field`
 * (`address`), `reason` and `candidates` (ambiguous: up to 5 equally good
 * matches; not found: up to 3 "did you mean" near misses, possibly none).
 * Open: other codes may add their own keys.
 */
export const ErrorDetails = z
  .looseObject({
    fields: z.array(FieldIssue).optional(),
    reason: z.string().optional().describe('Why the address was not located, e.g. `no municipality "Zürich" in the loaded regions`.'),
    candidates: z.array(AddressCandidate).max(MAX_ADDRESS_CANDIDATES).optional(),
  })
  .meta({ id: 'ErrorDetails' });
/** Machine-readable details of an error. */
export type ErrorDetails = z.infer<typeof ErrorDetails>;

/** Body of every error response: `{ "error": { code, message, requestId, details? } }`. */
export const ErrorBody = z
  .object({
    error: z.object({
      code: ErrorCode,
      message: z.string(),
      requestId: z.string(),
      details: ErrorDetails.optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
/** Body of every error response. */
export type ErrorBody = z.infer<typeof ErrorBody>;
