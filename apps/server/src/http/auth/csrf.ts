import { timingSafeEqual } from 'node:crypto';
import { HEADERS } from '@locscore/schema';
import type { Request } from 'express';
import { ApiError } from '../api-error.js';

/**
 * Checks a cookie-authenticated write's `X-CSRF-Token` against its session's
 * token, in time independent of where they differ. The cookie alone proves
 * nothing about who built the request; the token, readable only by the
 * dashboard's own pages (`GET /dashboard/session`), does.
 *
 * @param req - the request
 * @param expected - the session's CSRF token
 * @throws ApiError 403 `forbidden` when the header is missing or wrong
 */
export function checkCsrfToken(req: Request, expected: string): void {
  const header = req.headers[HEADERS.csrfToken];
  const presented = Buffer.from((Array.isArray(header) ? header[0] : header)?.trim() ?? '', 'utf8');
  const wanted = Buffer.from(expected, 'utf8');
  if (presented.length !== wanted.length || !timingSafeEqual(presented, wanted)) {
    throw new ApiError('forbidden', 'missing or wrong X-CSRF-Token: send the csrfToken of GET /dashboard/session with every write');
  }
}
