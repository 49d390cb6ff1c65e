import { useCallback, useState } from 'preact/hooks';
import { describeError, type ErrorMessage } from '../format/error-message.js';
import { useSession } from '../session/session-context.js';

/** A write the person starts (create, revoke, redeliver…): whether it runs, and its error. */
export interface Action<Args extends unknown[], T> {
  pending: boolean;
  error: ErrorMessage | null;
  /** Runs the write; resolves with its value, or undefined when it failed (then `error` says why). */
  run(...args: Args): Promise<T | undefined>;
  /** Clears the error. */
  reset(): void;
}

/**
 * Wraps a write so the page can show it pending and show its error; a 401
 * ends the session.
 *
 * @param write - the SDK call
 */
export function useAction<Args extends unknown[], T>(write: (...args: Args) => Promise<T>): Action<Args, T> {
  const { sessionEnded } = useSession();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorMessage | null>(null);
  const run = useCallback(
    async (...args: Args): Promise<T | undefined> => {
      setPending(true);
      setError(null);
      try {
        return await write(...args);
      } catch (caught) {
        const message = describeError(caught);
        if (message.sessionEnded) sessionEnded();
        else setError(message);
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [write, sessionEnded],
  );
  return { pending, error, run, reset: useCallback(() => setError(null), []) };
}
