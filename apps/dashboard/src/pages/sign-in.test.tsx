/** @vitest-environment happy-dom */
import type { DashboardSession, SessionSignIn } from '@locscore/schema';
import { AuthenticationError, RateLimitError } from '@locscore/sdk/browser';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SignInClient, SignInPage } from './sign-in.js';

afterEach(cleanup);

const session: DashboardSession = { kind: 'admin', csrfToken: 'csrf-0123456789abcdef', expiresAt: '2026-11-02T18:00:00.000Z' };

/** A sign-in client answering from a list, recording what it was sent. */
function client(answers: Array<DashboardSession | Error>): SignInClient & { sent: SessionSignIn[] } {
  const sent: SessionSignIn[] = [];
  return {
    sent,
    async signIn(body) {
      sent.push(body);
      const answer = answers[sent.length - 1];
      if (answer === undefined || answer instanceof Error) throw answer ?? new Error('no answer');
      return answer;
    },
  };
}

describe('SignInPage', () => {
  it('asks for the secret in a labelled password field, relabelled by who signs in', () => {
    render(<SignInPage sessions={client([])} notice={null} onSignedIn={vi.fn()} />);
    const field = screen.getByLabelText('API key') as HTMLInputElement;
    expect(field.type).toBe('password');
    fireEvent.click(screen.getByLabelText('Operator, with the admin token'));
    expect((screen.getByLabelText('Admin token') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('signs the operator in with the trimmed token and empties the field', async () => {
    const sessions = client([session]);
    const onSignedIn = vi.fn();
    render(<SignInPage sessions={sessions} notice={null} onSignedIn={onSignedIn} />);
    fireEvent.click(screen.getByLabelText('Operator, with the admin token'));
    fireEvent.input(screen.getByLabelText('Admin token'), { target: { value: `  ${'t'.repeat(40)} ` } });
    fireEvent.submit(screen.getByRole('button', { name: 'Sign in' }).closest('form') as HTMLFormElement);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(session));
    expect(sessions.sent).toEqual([{ kind: 'admin', token: 't'.repeat(40) }]);
    expect((screen.getByLabelText('Admin token') as HTMLInputElement).value).toBe('');
  });

  it('says so when the field is empty, and sends nothing', () => {
    const sessions = client([]);
    render(<SignInPage sessions={sessions} notice={null} onSignedIn={vi.fn()} />);
    fireEvent.submit(screen.getByRole('button', { name: 'Sign in' }).closest('form') as HTMLFormElement);
    expect(screen.getByRole('alert').textContent).toBe('Enter the API key.');
    expect(sessions.sent).toEqual([]);
  });

  it('tells a wrong key and too many attempts apart', async () => {
    const wrong = new AuthenticationError({ message: 'unknown key', status: 401, code: 'unauthorized', requestId: null });
    const tooMany = new RateLimitError({ message: 'slow down', status: 429, code: 'rate_limited', requestId: null, retryAfterSeconds: 60 });
    render(<SignInPage sessions={client([wrong, tooMany])} notice="You have signed out." onSignedIn={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toBe('You have signed out.');
    fireEvent.input(screen.getByLabelText('API key'), { target: { value: 'lsk_wrong_key_000' } });
    const form = screen.getByRole('button', { name: 'Sign in' }).closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Wrong or revoked API key.'));
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Try again in 60 s.'));
  });
});
