import { ERROR_STATUS, type ErrorCode, type ErrorDetails, type FieldIssue } from '@locscore/schema';
import { Refusal } from '../services/refusal.js';

/**
 * An error answered as `{ error: { code, message, requestId, details? } }`
 * with the status of its code ({@link ERROR_STATUS}): a {@link Refusal}
 * raised by the HTTP layer itself.
 */
export class ApiError extends Refusal {
  /** HTTP status of the code. */
  readonly status: number;

  /**
   * @param code - API error code
   * @param message - human-readable message
   * @param details - machine-readable details (`fields`, quota figures…)
   * @param headers - extra response headers (e.g. `Retry-After`)
   */
  constructor(code: ErrorCode, message: string, details?: ErrorDetails, headers: Readonly<Record<string, string>> = {}) {
    super(code, message, details, headers);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }
}

/**
 * A 400 `invalid_request` naming every bad field.
 *
 * @param fields - one entry per invalid field (`field` is a dotted path or `body`)
 */
export function invalidRequest(fields: FieldIssue[]): ApiError {
  const names = [...new Set(fields.map((issue) => issue.field))].join(', ');
  return new ApiError('invalid_request', `invalid request: ${names}`, { fields });
}
