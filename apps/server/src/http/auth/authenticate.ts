import { HEADERS, KeyPrefix } from '@locscore/schema';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { KeyRepository, StoredKey } from '../../store/keys.js';
import { ApiError, invalidRequest } from '../api-error.js';
import { principalOf } from './principal.js';

/** The key each franchisor request acts as. */
const keyOfResponse = new WeakMap<Response, StoredKey>();

const NO_KEY = 'missing X-API-Key header';
const OPERATOR_REFUSED = 'an operator session or admin token cannot call this endpoint; use an API key, or X-On-Behalf-Of when scoring';

/**
 * Middleware requiring an API key (`X-API-Key`, or a franchisor's dashboard
 * session): 401 `unauthorized` otherwise, an operator's credentials
 * included. The key is then {@link apiKeyOf}.
 */
export const requireKey: RequestHandler = (_req: Request, res: Response, next: NextFunction) => {
  const principal = principalOf(res);
  if (principal.kind === 'admin') throw new ApiError('unauthorized', OPERATOR_REFUSED);
  if (principal.kind !== 'key') throw new ApiError('unauthorized', NO_KEY);
  keyOfResponse.set(res, principal.key);
  next();
};

/**
 * Middleware of `POST /api/franchisor/score`: an API key as {@link requireKey};
 * or, for the operator (admin token or session), the active key named by
 * `X-On-Behalf-Of: <prefix>`, charged as that key. The header with any other
 * credentials, or naming no active key, is a 400 naming `X-On-Behalf-Of`.
 *
 * @param keys - where the prefix is looked up
 */
export function requireScoringKey(keys: KeyRepository): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const header = req.headers[HEADERS.onBehalfOf];
    const onBehalfOf = Array.isArray(header) ? header[0] : header;
    if (onBehalfOf === undefined) return requireKey(req, res, next);
    const principal = principalOf(res);
    if (principal.kind === 'anonymous') throw new ApiError('unauthorized', NO_KEY);
    const field = 'X-On-Behalf-Of';
    if (principal.kind !== 'admin') throw invalidRequest([{ field, message: `${field} is for the operator; an API key scores as itself` }]);
    const prefix = KeyPrefix.safeParse(onBehalfOf.trim());
    const key = prefix.success ? await keys.find(prefix.data) : null;
    if (key === null || key.revokedAt !== null) throw invalidRequest([{ field, message: `${field} must be the prefix of an active API key` }]);
    keyOfResponse.set(res, key);
    next();
  };
}

/**
 * Middleware requiring the operator (admin token or an operator's session):
 * 401 `unauthorized` otherwise.
 */
export const requireAdmin: RequestHandler = (_req: Request, res: Response, next: NextFunction) => {
  const principal = principalOf(res);
  if (principal.kind === 'admin') return next();
  throw new ApiError(
    'unauthorized',
    principal.kind === 'key' ? 'the admin API needs the admin token, not an API key' : 'missing Authorization: Bearer <admin token>',
  );
};

/** Middleware admitting an API key or the operator (the site map): 401 for anonymous requests. */
export const requireKeyOrAdmin: RequestHandler = (_req: Request, res: Response, next: NextFunction) => {
  const principal = principalOf(res);
  if (principal.kind === 'anonymous') throw new ApiError('unauthorized', NO_KEY);
  if (principal.kind === 'key') keyOfResponse.set(res, principal.key);
  next();
};

/**
 * The key a franchisor request acts as, set by {@link requireKey} or
 * {@link requireScoringKey}.
 *
 * @param res - the response
 * @throws Error when neither middleware ran (a programming error)
 */
export function apiKeyOf(res: Response): StoredKey {
  const key = keyOfResponse.get(res);
  if (!key) throw new Error('requireKey() did not run');
  return key;
}
