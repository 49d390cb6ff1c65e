import type { DashboardSession } from '@locscore/schema';
import { AdminClient, FranchisorClient } from '@locscore/sdk/browser';

/** The API clients of a signed-in session; `admin` only for the operator. */
export interface SessionClients {
  session: DashboardSession;
  /** Franchisor endpoints: score, usage, the key's requests, the site map (an operator may use score with `onBehalfOf`, and the map). */
  franchisor: FranchisorClient;
  /** The admin API, for an operator session; null for a franchisor. */
  admin: AdminClient | null;
}

/**
 * The clients of a session: both call the page's own origin, carried by the
 * session cookie, with the session's CSRF token on writes. Neither holds the
 * admin token or the API key: the browser never has them after sign-in.
 *
 * @param session - the signed-in session
 * @param origin - the page's origin (`location.origin`)
 */
export function clientsFor(session: DashboardSession, origin: string): SessionClients {
  const options = { baseUrl: origin, session: { csrfToken: session.csrfToken } };
  return {
    session,
    franchisor: new FranchisorClient(options),
    admin: session.kind === 'admin' ? new AdminClient(options) : null,
  };
}
