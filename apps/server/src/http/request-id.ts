import { randomUUID } from 'node:crypto';
import { HEADERS } from '@locscore/schema';
import type { NextFunction, Request, Response } from 'express';

/**
 * Middleware giving every request a fresh UUID v4, sent as `X-Request-Id` on
 * every response and kept in `res.locals.requestId` (the log lines' `requestId`).
 */
export function requestId(_req: Request, res: Response, next: NextFunction): void {
  const id = randomUUID();
  res.locals.requestId = id;
  res.setHeader(HEADERS.requestId, id);
  next();
}

/**
 * The id set by {@link requestId} (a new one if the middleware did not run).
 *
 * @param res - the response
 */
export function requestIdOf(res: Response): string {
  const value: unknown = res.locals.requestId;
  if (typeof value === 'string') return value;
  const id = randomUUID();
  res.locals.requestId = id;
  return id;
}
