import { ErrorBody, HEADERS } from '@locscore/schema';
import {
  AddressAmbiguousError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  LocScoreError,
  type LocScoreErrorInit,
  NotFoundError,
  QuotaExceededError,
  RateLimitError,
  ScoringError,
  ServiceUnavailableError,
} from './errors.js';

/**
 * Reads the error code of an API error body without validating the rest.
 *
 * @param text - raw response body
 * @returns `error.code` when the body is `{ error: { code: string } }`, else `null`
 */
export function errorCodeOf(text: string): string | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return null;
    const error: unknown = parsed.error;
    if (typeof error !== 'object' || error === null || !('code' in error)) return null;
    return typeof error.code === 'string' ? error.code : null;
  } catch {
    return null;
  }
}

/**
 * Parses a `Retry-After` header: delta seconds or an HTTP date (RFC 9110 §10.2.3).
 *
 * @param value - header value or `null`
 * @param now - current time, for the HTTP-date form
 * @returns whole seconds to wait (never negative), or `null` when absent or unreadable
 */
export function parseRetryAfter(value: string | null, now: Date = new Date()): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

function dateOrNull(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Turns an HTTP error response into the {@link LocScoreError} subclass of its
 * kind: 400 → {@link BadRequestError} ({@link AddressAmbiguousError} for
 * `address_ambiguous`), 401 → {@link AuthenticationError},
 * 403 → {@link ForbiddenError}, 404 → {@link NotFoundError}, 409 → {@link ConflictError}, 429 with
 * `quota_exceeded` → {@link QuotaExceededError}, other 429 →
 * {@link RateLimitError}, 500 → {@link ScoringError}, 503 →
 * {@link ServiceUnavailableError}; any other status → {@link LocScoreError}.
 * The message, code and request id come from the `ErrorBody` when it
 * validates, else from the status line and the `X-Request-Id` header.
 *
 * @param status - HTTP status (>= 400)
 * @param header - reads one response header by name (`null` when absent)
 * @param text - raw response body
 */
export function errorFromResponse(status: number, header: (name: string) => string | null, text: string): LocScoreError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const body = ErrorBody.safeParse(parsed);
  const headerRequestId = header(HEADERS.requestId);
  const init: LocScoreErrorInit = body.success
    ? {
        message: body.data.error.message,
        status,
        code: body.data.error.code,
        requestId: body.data.error.requestId || headerRequestId,
        details: body.data.error.details,
      }
    : {
        message: `HTTP ${status}${text ? `: ${text.slice(0, 200)}` : ''}`,
        status,
        code: errorCodeOf(text) ?? `http_${status}`,
        requestId: headerRequestId,
      };
  const details = init.details ?? {};
  const retryAfterSeconds = parseRetryAfter(header(HEADERS.retryAfter));

  switch (status) {
    case 400: {
      const fields = body.success ? (body.data.error.details?.fields ?? []) : [];
      const candidates = body.success ? (body.data.error.details?.candidates ?? []) : [];
      return init.code === 'address_ambiguous'
        ? new AddressAmbiguousError({ ...init, fields, candidates })
        : new BadRequestError({ ...init, fields, candidates });
    }
    case 401:
      return new AuthenticationError(init);
    case 403:
      return new ForbiddenError(init);
    case 404:
      return new NotFoundError(init);
    case 409:
      return new ConflictError(init);
    case 429: {
      if (init.code !== 'quota_exceeded') return new RateLimitError({ ...init, retryAfterSeconds });
      const limit = numberOrNull(header(HEADERS.quotaLimit)) ?? numberOrNull(details['limit']);
      const used = numberOrNull(details['used']);
      const remaining = numberOrNull(header(HEADERS.quotaRemaining)) ?? (limit !== null && used !== null ? Math.max(0, limit - used) : 0);
      const resetAt = dateOrNull(header(HEADERS.quotaReset)) ?? dateOrNull(details['resetAt']);
      return new QuotaExceededError({ ...init, limit, remaining, resetAt, retryAfterSeconds });
    }
    case 500:
      return new ScoringError(init);
    case 503:
      return new ServiceUnavailableError({ ...init, retryAfterSeconds });
    default:
      return new LocScoreError(init);
  }
}
