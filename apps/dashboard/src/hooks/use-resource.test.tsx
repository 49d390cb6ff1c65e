/** @vitest-environment happy-dom */
import type { DashboardSession } from '@locscore/schema';
import { AuthenticationError } from '@locscore/sdk/browser';
import { act, cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientsFor } from '../session/clients.js';
import { SessionContext, type SessionState } from '../session/session-context.js';
import { type Resource, useResource } from './use-resource.js';

afterEach(cleanup);

const session: DashboardSession = { kind: 'key', csrfToken: 'csrf-0123456789abcdef', expiresAt: '2026-11-02T18:00:00.000Z', keyPrefix: 'lsk_Q2hVx9aB' };

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

const show = (resource: Resource<string>) => (resource.status === 'ready' ? resource.data : resource.status);

function harness(sessionEnded = vi.fn()) {
  const state: SessionState = { ...clientsFor(session, 'http://127.0.0.1:8787'), signOut: vi.fn(), sessionEnded };
  const calls: Array<{ month: string; signal: AbortSignal; answer: ReturnType<typeof deferred<string>> }> = [];
  let reload: () => void = () => undefined;
  function Probe({ month }: { month: string }) {
    const [resource, again] = useResource(
      (signal) => {
        const answer = deferred<string>();
        calls.push({ month, signal, answer });
        return answer.promise;
      },
      [month],
    );
    reload = again;
    return <p>{show(resource)}</p>;
  }
  const view = render(
    <SessionContext.Provider value={state}>
      <Probe month="2026-10" />
    </SessionContext.Provider>,
  );
  const rerender = (month: string) =>
    view.rerender(
      <SessionContext.Provider value={state}>
        <Probe month={month} />
      </SessionContext.Provider>,
    );
  return { calls, rerender, reload: () => act(() => reload()) };
}

describe('useResource', () => {
  it('shows loading, then the value', async () => {
    const { calls } = harness();
    expect(screen.getByText('loading')).toBeTruthy();
    calls[0]?.answer.resolve('October');
    await waitFor(() => expect(screen.getByText('October')).toBeTruthy());
  });

  it('keeps the shown value while reloading, so what is on the page stays', async () => {
    const { calls, reload } = harness();
    calls[0]?.answer.resolve('October');
    await screen.findByText('October');
    reload();
    expect(calls).toHaveLength(2);
    expect(screen.getByText('October')).toBeTruthy();
    calls[1]?.answer.resolve('October, again');
    await screen.findByText('October, again');
  });

  it('shows loading for new deps, and drops the answer of the call it cancelled', async () => {
    const { calls, rerender } = harness();
    calls[0]?.answer.resolve('October');
    await screen.findByText('October');
    rerender('2026-11');
    expect(screen.getByText('loading')).toBeTruthy();
    rerender('2026-12');
    expect(calls[1]?.signal.aborted).toBe(true);
    calls[1]?.answer.resolve('November');
    calls[2]?.answer.resolve('December');
    await screen.findByText('December');
    expect(screen.queryByText('November')).toBeNull();
  });

  it('ends the session on a 401 instead of showing an error', async () => {
    const sessionEnded = vi.fn();
    const { calls } = harness(sessionEnded);
    calls[0]?.answer.reject(new AuthenticationError({ message: 'no session', status: 401, code: 'unauthorized', requestId: null }));
    await waitFor(() => expect(sessionEnded).toHaveBeenCalledTimes(1));
  });
});
