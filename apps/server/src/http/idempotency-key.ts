import { HEADERS } from '@locscore/schema';
import type { Request } from 'express';
import { invalidRequest } from './api-error.js';

/** Longest accepted `Idempotency-Key`, in characters. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * The `Idempotency-Key` header, or null when absent.
 *
 * @throws ApiError 400 naming `Idempotency-Key` when it is empty, longer than
 *   {@link IDEMPOTENCY_KEY_MAX_LENGTH} or holds non-printable characters
 */
export function idempotencyKeyOf(req: Request): string | null {
  const header = req.headers[HEADERS.idempotencyKey];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return null;
  if (value.length === 0 || value.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(value)) {
    throw invalidRequest([
      {
        field: 'Idempotency-Key',
        message: `Idempotency-Key must be 1-${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters without spaces`,
      },
    ]);
  }
  return value;
}
