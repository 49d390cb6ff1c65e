import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { HEADERS } from '@locscore/schema';
import { ApiError } from '../http/api-error.js';
import type { AuthenticatedKey, KeyRepository } from '../store/keys.js';

/** The key each authenticated response belongs to. */
const keyOfResponse = new WeakMap<Response, AuthenticatedKey>();

/**
 * Middleware requiring a valid `X-API-Key`: 401 `unauthorized` when it is
 * missing, unknown or revoked. The key is then available through {@link apiKeyOf}.
 *
 * @param keys - where keys are looked up (by SHA-256 hash)
 */
export function authenticate(keys: KeyRepository): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers[HEADERS.apiKey];
    const apiKey = Array.isArray(header) ? header[0] : header;
    if (apiKey === undefined || apiKey.trim() === '') {
      throw new ApiError('unauthorized', 'missing X-API-Key header');
    }
    const key = await keys.authenticate(apiKey.trim());
    if (!key) throw new ApiError('unauthorized', 'invalid or revoked API key');
    keyOfResponse.set(res, key);
    next();
  };
}

/**
 * The key set by {@link authenticate}.
 *
 * @param res - the response
 * @throws Error when the middleware did not run (a programming error)
 */
export function apiKeyOf(res: Response): AuthenticatedKey {
  const key = keyOfResponse.get(res);
  if (!key) throw new Error('authenticate() did not run');
  return key;
}
