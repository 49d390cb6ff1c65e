import type { DashboardSession, SessionKind, SessionSignIn } from '@locscore/schema';
import { useState } from 'preact/hooks';
import { ErrorAlert, StatusLine } from '../components/messages.js';
import { describeError, type ErrorMessage } from '../format/error-message.js';

/** What the sign-in page needs of the session client. */
export interface SignInClient {
  signIn(body: SessionSignIn): Promise<DashboardSession>;
}

const SECRET_LABELS: Record<SessionKind, string> = { admin: 'Admin token', key: 'API key' };
const SECRET_NOUNS: Record<SessionKind, string> = { admin: 'admin token', key: 'API key' };

/**
 * Sign in: the operator with the admin token, a franchisor with one of its
 * API keys. The secret field is a password field; the secret goes once to
 * `POST /dashboard/session` and is never kept by the page.
 *
 * @param sessions - signs in
 * @param notice - why the person is here (signed out, session ended), or null
 * @param onSignedIn - called with the new session
 */
export function SignInPage({ sessions, notice, onSignedIn }: { sessions: SignInClient; notice: string | null; onSignedIn(session: DashboardSession): void }) {
  const [kind, setKind] = useState<SessionKind>('key');
  const [secret, setSecret] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorMessage | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (secret.trim() === '') {
      setError({ title: `Enter the ${SECRET_NOUNS[kind]}.`, details: [], sessionEnded: false });
      return;
    }
    setPending(true);
    setError(null);
    try {
      const body: SessionSignIn = kind === 'admin' ? { kind, token: secret.trim() } : { kind, apiKey: secret.trim() };
      const session = await sessions.signIn(body);
      setSecret('');
      onSignedIn(session);
    } catch (caught) {
      const message = describeError(caught);
      setError(message.sessionEnded ? { ...message, title: `Wrong or revoked ${SECRET_NOUNS[kind]}.`, sessionEnded: false } : message);
    } finally {
      setPending(false);
    }
  };
  return (
    <main id="main" class="page-narrow">
      <h1>Sign in to locscore</h1>
      {notice !== null && <StatusLine>{notice}</StatusLine>}
      <form class="card" onSubmit={submit} noValidate>
        <fieldset>
          <legend>Sign in as</legend>
          <label class="choice">
            <input type="radio" name="kind" value="key" checked={kind === 'key'} onChange={() => setKind('key')} /> Franchisor, with an API key
          </label>
          <label class="choice">
            <input type="radio" name="kind" value="admin" checked={kind === 'admin'} onChange={() => setKind('admin')} /> Operator, with the admin token
          </label>
        </fieldset>
        <label for="secret">{SECRET_LABELS[kind]}</label>
        <input
          id="secret"
          name="secret"
          type="password"
          autocomplete="off"
          spellcheck={false}
          required
          value={secret}
          onInput={(event) => setSecret(event.currentTarget.value)}
          aria-describedby="secret-help"
        />
        <p id="secret-help" class="muted">
          {kind === 'key'
            ? 'Your key starts with lsk_. You see your own usage and requests.'
            : 'The server’s LOCSCORE_ADMIN_TOKEN. You see every account and key.'}
        </p>
        <ErrorAlert error={error} />
        <button type="submit" class="primary" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
