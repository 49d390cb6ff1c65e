import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { describeError } from '../format/error-message.js';
import { useSession } from '../session/session-context.js';

/** A value loaded from the API: loading, ready, or failed. */
export type Resource<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

/**
 * Loads a value when the component mounts and whenever `deps` change,
 * cancelling the call that is no longer wanted (AbortSignal). While
 * `reload()` runs, the value already shown stays (so a form under it keeps
 * its state, such as a key shown once); when `deps` change, the page shows
 * loading rather than another value's data. A 401 ends the session (back to
 * sign-in).
 *
 * @param load - the call; gets the signal to pass to the SDK
 * @param deps - what the call depends on
 * @returns the resource and `reload()`
 */
export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): [Resource<T>, () => void] {
  const { sessionEnded } = useSession();
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const loadedGeneration = useRef(generation);
  useEffect(() => {
    const controller = new AbortController();
    if (loadedGeneration.current === generation) setState({ status: 'loading' });
    loadedGeneration.current = generation;
    load(controller.signal).then(
      (data) => controller.signal.aborted || setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (describeError(error).sessionEnded) sessionEnded();
        else setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [...deps, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return [state, reload];
}
