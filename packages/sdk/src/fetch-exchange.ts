import type { Exchange } from './exchange.js';
import { urlOf } from './exchange.js';
import { abortedError, connectionError, timeoutError } from './transport-errors.js';

/**
 * An {@link Exchange} over a fetch function: the platform's `fetch` in a
 * browser (and by default), or the `fetch` option of a client (a proxy, or
 * msw in tests). One `AbortController` per attempt carries both the time
 * limit and the caller's signal; the body is read within the time limit.
 * Cookies go to the same origin only (`credentials: 'same-origin'`), so the
 * dashboard's session cookie is sent by the browser itself.
 *
 * @param fetch - the fetch to call; `globalThis.fetch`, looked up on each
 *   call, when left out
 */
export function fetchExchange(fetch?: typeof globalThis.fetch): Exchange {
  const send = fetch ?? ((input: string, init: RequestInit) => globalThis.fetch(input, init));
  return async (request, { timeoutMs, signal }) => {
    const url = urlOf(request);
    if (signal?.aborted) throw abortedError(request.method, url, signal.reason);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = (): void => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const init: RequestInit = { method: request.method, headers: request.headers, signal: controller.signal, credentials: 'same-origin' };
      if (request.body !== undefined) init.body = request.body;
      const response = await send(url, init);
      const text = await response.text();
      return { status: response.status, header: (name) => response.headers.get(name), text };
    } catch (error) {
      if (signal?.aborted) throw abortedError(request.method, url, signal.reason);
      if (timedOut) throw timeoutError(request.method, url, error);
      throw connectionError(request.method, url, error);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  };
}
