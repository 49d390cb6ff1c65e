import type { AddressCandidate, FieldIssue } from '@locscore/schema';

/** Constructor fields shared by every {@link LocScoreError}. */
export interface LocScoreErrorInit {
  /** Human-readable message, the server's when it sent one. */
  message: string;
  /** HTTP status of the response, or `null` when no response arrived (network, timeout, abort). */
  status: number | null;
  /** API error code (`invalid_request`, `quota_exceeded`…) or an SDK code (`connection_error`, `timeout`, `invalid_response`, `aborted`). */
  code: string;
  /** Request id from the error body or the `X-Request-Id` header; `null` when unknown. */
  requestId: string | null;
  /** `error.details` of the API error body, when present. */
  details?: Record<string, unknown> | undefined;
  /** The underlying error (fetch `TypeError`, zod error…). */
  cause?: unknown;
}

/**
 * Base class of every error the SDK throws (after stripe-node and
 * openai-node: one subclass per failure kind). Catch it to handle any
 * locscore failure; narrow with `instanceof` on the subclasses.
 */
export class LocScoreError extends Error {
  /** HTTP status, or `null` when no response arrived. */
  readonly status: number | null;
  /** API or SDK error code. */
  readonly code: string;
  /** Request id for support and logs, or `null`. */
  readonly requestId: string | null;
  /** `error.details` of the API error body (open object), or `undefined`. */
  readonly details: Record<string, unknown> | undefined;

  constructor(init: LocScoreErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details;
  }
}

/**
 * 400: the request was refused (`invalid_request`), the address could not be
 * located (`address_not_found`, with "did you mean" `candidates` when the
 * server found near misses) or fits several places
 * ({@link AddressAmbiguousError}). Never retried.
 */
export class BadRequestError extends LocScoreError {
  /** Every invalid field (`details.fields` of the body); empty when the server named none. */
  readonly fields: FieldIssue[];
  /** `details.candidates`: near misses of an `address_not_found`, the matches of an `address_ambiguous`; else empty. */
  readonly candidates: AddressCandidate[];

  constructor(init: LocScoreErrorInit & { fields?: FieldIssue[]; candidates?: AddressCandidate[] }) {
    super(init);
    this.fields = init.fields ?? [];
    this.candidates = init.candidates ?? [];
  }
}

/**
 * 400 `address_ambiguous`: the same street and number exist in several
 * municipalities and the address names none of them (nor a postcode).
 * `candidates` (2 to 5) say where; retry with the municipality or postcode.
 * A {@link BadRequestError}. Never retried.
 */
export class AddressAmbiguousError extends BadRequestError {}

/** 401 `unauthorized`: the API key is missing, unknown or revoked. Never retried. */
export class AuthenticationError extends LocScoreError {}

/**
 * 403 `forbidden`: a dashboard session's write without its `X-CSRF-Token`
 * (read the session again), or a sign-in from another origin. Never retried.
 */
export class ForbiddenError extends LocScoreError {}

/**
 * 404 `not_found`: no such request id for this API key, no such key or
 * request in the admin API, or any admin route on a server without an admin
 * token. Never retried.
 */
export class NotFoundError extends LocScoreError {}

/**
 * 409 `idempotency_conflict`: the idempotency key was used with another body,
 * or is still being processed; or `conflict`: the request contradicts the
 * stored state (an account name in use, a redeliver of an unfinished
 * request). Never retried.
 */
export class ConflictError extends LocScoreError {}

/**
 * 429 `quota_exceeded`: the plan's monthly evaluations are spent. Never
 * retried: waiting seconds does not help before `resetAt`.
 */
export class QuotaExceededError extends LocScoreError {
  /** Evaluations included per period (`X-Quota-Limit` or `details.limit`), or `null` when not sent. */
  readonly limit: number | null;
  /** Evaluations left in the period (`X-Quota-Remaining`), 0 unless the server says otherwise. */
  readonly remaining: number;
  /** When the quota resets, UTC (`X-Quota-Reset` or `details.resetAt`); `null` when not sent. */
  readonly resetAt: Date | null;
  /** `Retry-After` in seconds, or `null` when not sent. */
  readonly retryAfterSeconds: number | null;

  constructor(
    init: LocScoreErrorInit & {
      limit: number | null;
      remaining: number;
      resetAt: Date | null;
      retryAfterSeconds: number | null;
    },
  ) {
    super(init);
    this.limit = init.limit;
    this.remaining = init.remaining;
    this.resetAt = init.resetAt;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** 429 `rate_limited`: too many requests right now. Retried after `Retry-After` (at most 60 s). */
export class RateLimitError extends LocScoreError {
  /** `Retry-After` in seconds, or `null` when not sent. */
  readonly retryAfterSeconds: number | null;

  constructor(init: LocScoreErrorInit & { retryAfterSeconds: number | null }) {
    super(init);
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/**
 * 500 `scoring_failed`, or an asynchronous request whose status is `failed`
 * (then `code` is that request's error code and `status` is `null`).
 * Retried for synchronous calls.
 */
export class ScoringError extends LocScoreError {}

/** 503 `not_configured` (or another 503): the service cannot score now. Retried, after `Retry-After` when sent (at most 60 s). */
export class ServiceUnavailableError extends LocScoreError {
  /** `Retry-After` in seconds, or `null` when not sent. */
  readonly retryAfterSeconds: number | null;

  constructor(init: LocScoreErrorInit & { retryAfterSeconds?: number | null | undefined }) {
    super(init);
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }
}

/** No HTTP response: DNS, refused or reset connection (`code: 'connection_error'`). Retried. */
export class ConnectionError extends LocScoreError {}

/**
 * An attempt exceeded `timeoutMs`, or `waitForResult` ran out of time
 * (`code: 'timeout'`). Request timeouts are retried.
 */
export class TimeoutError extends LocScoreError {}

/**
 * The server answered with a body that is not JSON or does not match the
 * `@locscore/schema` schema of that response (`code: 'invalid_response'`).
 */
export class InvalidResponseError extends LocScoreError {}

/** The caller's `AbortSignal` fired (`code: 'aborted'`). Never retried. */
export class AbortedError extends LocScoreError {}
