import { DASHBOARD_SESSION_PATH, DashboardSession, type SessionSignIn } from '@locscore/schema';
import type { CallOptions } from '../call-options.js';
import { type ConnectionOptions, resolveConnection } from '../client-options.js';
import { AuthenticationError } from '../errors.js';
import { createJsonTransport, type JsonTransport } from '../json-transport.js';

/**
 * The dashboard's session (`/dashboard/session`), for code running in the
 * dashboard's own origin: sign in with the admin token or an API key (the
 * server sets an `HttpOnly` cookie the page's scripts never see), read the
 * session and its CSRF token, sign out. The secret is sent once, in the
 * sign-in body, and kept nowhere by this client.
 */
export class SessionClient {
  readonly #transport: JsonTransport;
  #csrfToken: string | undefined;

  /** @param options - connection options; in the dashboard `{ baseUrl: location.origin }` */
  constructor(options: ConnectionOptions) {
    this.#transport = createJsonTransport(resolveConnection({ ...options, maxRetries: options.maxRetries ?? 0 }), () => ({
      kind: 'session',
      csrfToken: this.#csrfToken,
    }));
  }

  /**
   * Signs in (`POST /dashboard/session`): 204 and a session cookie.
   *
   * @param body - `{ kind: 'admin', token }` or `{ kind: 'key', apiKey }`
   * @returns the new session, read back with {@link SessionClient.current}
   * @throws {AuthenticationError} wrong token or key, or a revoked key
   * @throws {RateLimitError} too many failed sign-ins
   * @throws {NotFoundError} `kind: 'admin'` on a server without an admin token
   */
  async signIn(body: SessionSignIn, options: CallOptions = {}): Promise<DashboardSession> {
    await this.#transport.sendNoContent({ method: 'post', path: DASHBOARD_SESSION_PATH, body, signal: options.signal });
    const session = await this.current(options);
    if (session === null) {
      throw new AuthenticationError({
        message: 'signed in, but the browser did not keep the session cookie (is the page on the server’s own origin?)',
        status: null,
        code: 'session_not_kept',
        requestId: null,
      });
    }
    return session;
  }

  /**
   * The signed-in session (`GET /dashboard/session`), or null when there is
   * none or it expired (the server answers `null`; a 401 of an older server
   * means the same). Keeps its CSRF token for {@link SessionClient.signOut}.
   */
  async current(options: CallOptions = {}): Promise<DashboardSession | null> {
    try {
      const session = await this.#transport.send(
        { method: 'get', path: DASHBOARD_SESSION_PATH, signal: options.signal },
        DashboardSession.nullable(),
        'DashboardSession or null',
      );
      if (session !== null) this.#csrfToken = session.csrfToken;
      return session;
    } catch (error) {
      if (error instanceof AuthenticationError && error.status === 401) return null;
      throw error;
    }
  }

  /** Signs out (`DELETE /dashboard/session`): ends the session on the server and clears the cookie. Without a session it does nothing. */
  async signOut(options: CallOptions = {}): Promise<void> {
    if (this.#csrfToken === undefined && (await this.current(options)) === null) return;
    await this.#transport.sendNoContent({ method: 'delete', path: DASHBOARD_SESSION_PATH, signal: options.signal });
    this.#csrfToken = undefined;
  }
}
