import { SESSION_COOKIE } from '@locscore/schema';
import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';
import { SESSION_TTL_MS } from '../store/sessions.js';

/**
 * The dashboard session's cookie value on a request, or null without one.
 *
 * @param req - the request
 */
export function sessionTokenOf(req: Request): string | null {
  const header = req.headers.cookie;
  if (header === undefined) return null;
  const value = parse(header)[SESSION_COOKIE];
  return value === undefined || value === '' ? null : value;
}

/**
 * Sets the session cookie: `HttpOnly` (page scripts never read it),
 * `SameSite=Strict` (never sent by another site's requests), `Path=/` (the
 * app calls `/api/...` with it), `Max-Age` the session's 8 hours, and
 * `Secure` when the request came over https (`req.secure`, which believes
 * `X-Forwarded-Proto` only from trusted proxies).
 *
 * @param req - the sign-in request
 * @param res - its response
 * @param token - the session's cookie value
 */
export function setSessionCookie(req: Request, res: Response, token: string): void {
  res.append(
    'Set-Cookie',
    serialize(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/', maxAge: SESSION_TTL_MS / 1000, secure: req.secure }),
  );
}

/**
 * Clears the session cookie (`Max-Age=0`, same attributes).
 *
 * @param req - the sign-out request
 * @param res - its response
 */
export function clearSessionCookie(req: Request, res: Response): void {
  res.append('Set-Cookie', serialize(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'strict', path: '/', maxAge: 0, secure: req.secure }));
}
