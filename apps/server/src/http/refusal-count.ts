import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { RefusalRepository } from '../store/refusals.js';
import { principalOf } from './auth/principal.js';

/**
 * Whether an answer counts as a refused request: a 4xx other than 404 (bad
 * input, credentials, permission, quota, burst limit, conflict). A 404 is a
 * lookup's answer (no such request or unit), not a refusal.
 *
 * @param status - the response's HTTP status
 */
export function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 404;
}

/**
 * Middleware counting each refused API request ({@link isRefusal}) once its
 * answer is sent, under the account of its key or franchisor session (none
 * for the operator or for missing or wrong credentials), on the UTC day of
 * `clock()`. The count is a map increment; the store writes them in batches.
 *
 * @param refusals - the store's refusal counter
 * @param clock - the current time
 */
export function countRefusals(refusals: RefusalRepository, clock: () => Date): RequestHandler {
  return (_req: Request, res: Response, next: NextFunction) => {
    res.once('finish', () => {
      if (!isRefusal(res.statusCode)) return;
      const principal = principalOf(res);
      refusals.count(principal.kind === 'key' ? principal.key.accountId : null, clock());
    });
    next();
  };
}
