import type { DashboardSession } from '@locscore/schema';
import { SessionClient } from '@locscore/sdk/browser';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { Route, Switch } from 'wouter-preact';
import { Layout } from './components/layout.js';
import { ErrorAlert } from './components/messages.js';
import { describeError, type ErrorMessage } from './format/error-message.js';
import { KeysPage } from './pages/keys.js';
import { OpportunitiesPage } from './pages/opportunities.js';
import { OverviewPage } from './pages/overview.js';
import { RequestDetailPage } from './pages/request-detail.js';
import { RequestsPage } from './pages/requests.js';
import { ScorePage } from './pages/score.js';
import { SignInPage } from './pages/sign-in.js';
import { UnitsPage } from './pages/units.js';
import { clientsFor } from './session/clients.js';
import { SessionContext, type SessionState } from './session/session-context.js';

type Boot =
  | { phase: 'checking' }
  | { phase: 'signed-out'; notice: string | null }
  | { phase: 'signed-in'; session: DashboardSession }
  | { phase: 'failed'; error: ErrorMessage };

/**
 * The dashboard: reads the session the server's cookie carries, shows sign-in
 * without one, and the pages with one. A franchisor has no Keys page; the
 * operator has no Units page (units belong to the account of the key
 * signed in with).
 *
 * @param origin - the page's origin, where the API and the session live
 */
export function App({ origin }: { origin: string }) {
  const sessions = useMemo(() => new SessionClient({ baseUrl: origin }), [origin]);
  const [boot, setBoot] = useState<Boot>({ phase: 'checking' });
  useEffect(() => {
    sessions.current().then(
      (session) => setBoot(session === null ? { phase: 'signed-out', notice: null } : { phase: 'signed-in', session }),
      (error: unknown) => setBoot({ phase: 'failed', error: describeError(error) }),
    );
  }, [sessions]);
  const sessionEnded = useCallback(() => setBoot({ phase: 'signed-out', notice: 'Your session has ended. Sign in again.' }), []);
  const signOut = useCallback(async () => {
    await sessions.signOut().catch(() => undefined);
    setBoot({ phase: 'signed-out', notice: 'You have signed out.' });
  }, [sessions]);
  const state = useMemo<SessionState | null>(
    () => (boot.phase === 'signed-in' ? { ...clientsFor(boot.session, origin), signOut, sessionEnded } : null),
    [boot, origin, signOut, sessionEnded],
  );

  if (boot.phase === 'checking') return <p class="loading">Loading…</p>;
  if (boot.phase === 'failed') {
    return (
      <main id="main" class="page-narrow">
        <h1>locscore dashboard</h1>
        <ErrorAlert error={boot.error} />
      </main>
    );
  }
  if (state === null) {
    return (
      <SignInPage
        sessions={sessions}
        notice={boot.phase === 'signed-out' ? boot.notice : null}
        onSignedIn={(session) => setBoot({ phase: 'signed-in', session })}
      />
    );
  }
  return (
    <SessionContext.Provider value={state}>
      <Layout>
        <Switch>
          <Route path="/" component={OverviewPage} />
          {state.admin !== null && <Route path="/keys" component={KeysPage} />}
          <Route path="/requests" component={RequestsPage} />
          <Route path="/requests/:requestId">{(params) => <RequestDetailPage requestId={params.requestId} />}</Route>
          <Route path="/score" component={ScorePage} />
          {state.admin === null && <Route path="/units" component={UnitsPage} />}
          {state.admin === null && <Route path="/opportunities" component={OpportunitiesPage} />}
          <Route>
            <h1>Page not found</h1>
            <p>There is no such page in the dashboard.</p>
          </Route>
        </Switch>
      </Layout>
    </SessionContext.Provider>
  );
}
