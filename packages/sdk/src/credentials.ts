import { HEADERS } from '@locscore/schema';
import { AuthenticationError } from './errors.js';

/**
 * How a client proves who it is:
 * - `apiKey`: a franchisor's API key, sent as `X-API-Key`;
 * - `adminToken`: the server's admin token, sent as `Authorization: Bearer`;
 * - `session`: the dashboard's session cookie, which the browser sends by
 *   itself (same origin); `csrfToken` (from `GET /dashboard/session`) goes
 *   as `X-CSRF-Token` on every POST, PATCH and DELETE.
 */
export type Credentials = { kind: 'apiKey'; apiKey: string } | { kind: 'adminToken'; token: string } | { kind: 'session'; csrfToken: string | undefined };

/** HTTP methods the SDK sends. */
export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

/**
 * The headers that carry `credentials` on a request of `method`.
 *
 * @returns a fresh object (callers add to it)
 */
export function credentialHeaders(credentials: Credentials, method: HttpMethod): Record<string, string> {
  switch (credentials.kind) {
    case 'apiKey':
      return { [HEADERS.apiKey]: credentials.apiKey };
    case 'adminToken':
      return { [HEADERS.authorization]: `Bearer ${credentials.token}` };
    case 'session':
      return method === 'get' || credentials.csrfToken === undefined ? {} : { [HEADERS.csrfToken]: credentials.csrfToken };
  }
}

/**
 * The error of a call made without credentials (nothing is sent).
 *
 * @param what - what is missing and how to give it, for the message
 * @param code - `missing_api_key` or `missing_admin_token`
 */
export function missingCredentialsError(what: string, code: string): AuthenticationError {
  return new AuthenticationError({ message: what, status: null, code, requestId: null });
}
