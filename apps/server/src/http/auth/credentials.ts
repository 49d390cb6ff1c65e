import { HEADERS } from '@locscore/schema';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { KeyRepository } from '../../store/keys.js';
import type { SessionRepository } from '../../store/sessions.js';
import { ApiError } from '../api-error.js';
import { sessionTokenOf } from '../session-cookie.js';
import { isAdminToken } from './admin-token.js';
import { checkCsrfToken } from './csrf.js';
import type { FailedAttemptLimit } from './failed-attempts.js';
import { type Principal, setPrincipal } from './principal.js';

/** What {@link credentials} needs. */
export interface CredentialOptions {
  keys: KeyRepository;
  sessions: SessionRepository;
  /** The admin token; without one, `Authorization: Bearer` and operator sessions are refused. */
  adminToken: string | undefined;
  /** The failed-attempt limit shared with the dashboard's sign-in. */
  failedAttempts: FailedAttemptLimit;
  /** Records a key's use (`lastUsedAt`). */
  stampLastUse: (keyId: string) => void;
  /** The current time. */
  clock: () => Date;
}

/** Methods that change state, which a cookie-authenticated request must send its CSRF token with. */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One header's value (the first, when repeated), trimmed; undefined when absent or blank. */
function headerOf(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  return text === '' ? undefined : text;
}

/** The `Bearer` token of an `Authorization` header; undefined for another scheme (a proxy's `Basic` is not ours). */
function bearerToken(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer +(\S+)$/i.exec(header);
  return match?.[1];
}

/** The admin principal of `Authorization: Bearer <token>`; a wrong token counts against the failed-attempt limit (the right one always passes). */
async function bearer(req: Request, token: string, options: CredentialOptions): Promise<Principal> {
  if (options.adminToken === undefined) throw new ApiError('unauthorized', 'this server has no admin token configured');
  if (!isAdminToken(token, options.adminToken)) {
    throw await options.failedAttempts.refuse(req.ip ?? 'unknown', new ApiError('unauthorized', 'wrong admin token'));
  }
  return { kind: 'admin', via: 'token' };
}

/** The principal of a dashboard session cookie (anonymous when unknown or expired); 403 for a write without its CSRF token. */
async function session(req: Request, token: string, options: CredentialOptions): Promise<Principal> {
  const live = await options.sessions.find(token, options.clock());
  if (live === null || (live.kind === 'admin' && options.adminToken === undefined)) return { kind: 'anonymous' };
  if (WRITES.has(req.method)) checkCsrfToken(req, live.csrfToken);
  if (live.kind === 'admin') return { kind: 'admin', via: 'session' };
  const key = live.key === undefined ? null : await options.keys.find(live.key.prefix);
  if (key === null || key.revokedAt !== null) return { kind: 'anonymous' };
  return { kind: 'key', key, via: 'session' };
}

/**
 * Middleware resolving who an `/api/*` request is ({@link principalOf}):
 * `X-API-Key` (401 when unknown or revoked), else `Authorization: Bearer`
 * with the admin token (401 when wrong or when none is configured, 429
 * for wrong ones after too many failures, the right one always passing; another scheme, such as a proxy's `Basic`, is
 * not a credential here), else the dashboard's session cookie, whose
 * writes (POST, PUT, PATCH, DELETE) must carry `X-CSRF-Token` (403
 * otherwise, before any route runs). A header wins over the cookie, which is
 * then ignored. Without any, the request is anonymous and each route says
 * what it needs.
 *
 * @param options - see {@link CredentialOptions}
 */
export function credentials(options: CredentialOptions): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const apiKey = headerOf(req, HEADERS.apiKey);
    const authorization = bearerToken(headerOf(req, HEADERS.authorization));
    const token = apiKey === undefined && authorization === undefined ? sessionTokenOf(req) : null;
    let principal: Principal = { kind: 'anonymous' };
    if (apiKey !== undefined) {
      const key = await options.keys.authenticate(apiKey);
      if (!key) throw new ApiError('unauthorized', 'invalid or revoked API key');
      principal = { kind: 'key', key, via: 'header' };
    } else if (authorization !== undefined) {
      principal = await bearer(req, authorization, options);
    } else if (token !== null) {
      principal = await session(req, token, options);
    }
    if (principal.kind === 'key') options.stampLastUse(principal.key.id);
    setPrincipal(res, principal);
    next();
  };
}
