import type { Response } from 'express';
import type { StoredKey } from '../../store/keys.js';

/**
 * Who a request is, from its credentials:
 * - `key`: an API key, by `X-API-Key` or a franchisor's dashboard session;
 * - `admin`: the operator, by `Authorization: Bearer <admin token>` or an operator's dashboard session;
 * - `anonymous`: no credentials at all.
 */
export type Principal = { kind: 'key'; key: StoredKey; via: 'header' | 'session' } | { kind: 'admin'; via: 'token' | 'session' } | { kind: 'anonymous' };

const principals = new WeakMap<Response, Principal>();

/**
 * Records who a request is (the credentials middleware does).
 *
 * @param res - the response of the request
 * @param principal - who it is
 */
export function setPrincipal(res: Response, principal: Principal): void {
  principals.set(res, principal);
}

/**
 * Who a request is; `anonymous` when the credentials middleware did not run or found none.
 *
 * @param res - the response of the request
 */
export function principalOf(res: Response): Principal {
  return principals.get(res) ?? { kind: 'anonymous' };
}
