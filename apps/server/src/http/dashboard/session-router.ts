import { type DashboardSession, SessionSignIn } from '@locscore/schema';
import { type Request, type Response, Router } from 'express';
import type { Store } from '../../store/open-store.js';
import type { LiveSession } from '../../store/sessions.js';
import { ApiError } from '../api-error.js';
import { isAdminToken } from '../auth/admin-token.js';
import { checkCsrfToken } from '../auth/csrf.js';
import type { FailedAttemptLimit } from '../auth/failed-attempts.js';
import { jsonBody } from '../json-body.js';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../session-cookie.js';
import { parseBody } from '../validate.js';

/** What the session routes need. */
export interface SessionRouterOptions {
  store: Store;
  /** The admin token; without one an operator cannot sign in (404). */
  adminToken: string | undefined;
  /** Shared with the admin bearer token. */
  failedAttempts: FailedAttemptLimit;
  /** Records a key's use (`lastUsedAt`). */
  stampLastUse: (keyId: string) => void;
  clock: () => Date;
}

/** The request's own origin (`X-Forwarded-Proto` counts only from a trusted proxy). */
function ownOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? ''}`;
}

/** The live session of the request's cookie; null without one, or an operator session on a server that no longer has an admin token. */
async function liveSession(req: Request, options: SessionRouterOptions): Promise<{ token: string; session: LiveSession } | null> {
  const token = sessionTokenOf(req);
  const session = token === null ? null : await options.store.sessions.find(token, options.clock());
  if (token === null || session === null || (session.kind === 'admin' && options.adminToken === undefined)) return null;
  return { token, session };
}

/** Who signs in: the owner of the new session, or a 401/404 (failures counted by the caller). */
async function ownerOf(body: SessionSignIn, options: SessionRouterOptions): Promise<{ kind: 'admin' } | { kind: 'key'; keyId: string }> {
  if (body.kind === 'admin') {
    if (options.adminToken === undefined) throw new ApiError('not_found', 'this server has no admin token: operators cannot sign in');
    if (!isAdminToken(body.token, options.adminToken)) throw new ApiError('unauthorized', 'wrong admin token');
    return { kind: 'admin' };
  }
  const key = await options.store.keys.authenticate(body.apiKey.trim());
  if (key === null) throw new ApiError('unauthorized', 'unknown or revoked API key');
  options.stampLastUse(key.id);
  return { kind: 'key', keyId: key.id };
}

/**
 * Router mounted at `/dashboard/session` (see `apps/dashboard/README.md`):
 *
 * - `POST /` with `SessionSignIn` → 204 and the `locscore_session` cookie
 *   (`HttpOnly; SameSite=Strict; Path=/; Max-Age=28800`, `Secure` over
 *   https). 403 when `Origin` is another origin, 400 for a bad body, 401
 *   for a wrong token or key, 404 for an operator on a server without an
 *   admin token, 429 for wrong ones after too many failures from the
 *   address (a right token or key always signs in). A new
 *   sign-in ends the session the request carried.
 * - `GET /` → `DashboardSession` with its CSRF token, `Cache-Control:
 *   no-store`; `null` (still 200) without a live session: the page asks this
 *   on every load, and "not signed in" is an answer, not an error for the
 *   browser's console.
 * - `DELETE /` with `X-CSRF-Token` → 204, session ended and cookie cleared
 *   (403 for a missing or wrong token; 204 without a session).
 *
 * @param options - see {@link SessionRouterOptions}
 */
export function sessionRouter(options: SessionRouterOptions): Router {
  const router = Router();
  router.post('/', async (req: Request, res: Response, next) => {
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== ownOrigin(req)) throw new ApiError('forbidden', 'sign-in from another origin is refused');
    jsonBody(req, res, next);
  });
  router.post('/', async (req: Request, res: Response) => {
    const body = parseBody(SessionSignIn, req.body);
    let owner: Awaited<ReturnType<typeof ownerOf>>;
    try {
      owner = await ownerOf(body, options);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'unauthorized') throw await options.failedAttempts.refuse(req.ip ?? 'unknown', error);
      throw error;
    }
    const previous = sessionTokenOf(req);
    if (previous !== null) await options.store.sessions.remove(previous);
    const created = await options.store.sessions.create(owner, options.clock());
    setSessionCookie(req, res, created.token);
    res.status(204).end();
  });
  router.get('/', async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store');
    const live = await liveSession(req, options);
    if (live === null) {
      res.status(200).json(null);
      return;
    }
    const { session } = live;
    const body: DashboardSession = {
      kind: session.kind,
      csrfToken: session.csrfToken,
      expiresAt: session.expiresAt,
      ...(session.key ? { account: { id: session.key.accountId, name: session.key.accountName }, keyPrefix: session.key.prefix } : {}),
    };
    res.status(200).json(body);
  });
  router.delete('/', async (req: Request, res: Response) => {
    const live = await liveSession(req, options);
    if (live !== null) {
      checkCsrfToken(req, live.session.csrfToken);
      await options.store.sessions.remove(live.token);
    }
    clearSessionCookie(req, res);
    res.status(204).end();
  });
  return router;
}
