import { Agent } from 'undici';
import { MAX_BATCH_CONCURRENCY } from './batch.js';
import type { LocScoreError } from './errors.js';
import type { Exchange, WireRequest, WireResponse } from './exchange.js';
import { urlOf } from './exchange.js';
import { abortedError, connectionError, timeoutError } from './transport-errors.js';

/**
 * How long an idle keep-alive connection is kept, in milliseconds: 4 s,
 * under the 5 s `keepAliveTimeout` of a Node `http.Server` (the reference
 * server's), so the client closes first and does not send on a socket the
 * server is closing.
 */
export const POOL_IDLE_TIMEOUT_MS = 4_000;

/**
 * Most connections the pool opens to one server: the largest batch
 * concurrency ({@link MAX_BATCH_CONCURRENCY}, 64). More calls in flight wait
 * for a free connection.
 */
export const MAX_CONNECTIONS_PER_ORIGIN = MAX_BATCH_CONCURRENCY;

/** Redirects followed per request, as fetch does (`redirect: 'follow'` stops at 20). */
export const MAX_REDIRECTIONS = 20;

/**
 * The keep-alive connection pool of one `LocScoreClient`: an undici
 * `Agent`. Every call of the client (`score`, each row of `scoreBatch`,
 * polling, the request log, units) reuses its idle connections, and it
 * opens at most {@link MAX_CONNECTIONS_PER_ORIGIN} to one server. Idle
 * connections never keep the process alive and close after
 * {@link POOL_IDLE_TIMEOUT_MS} (or the server's shorter `Keep-Alive:
 * timeout` hint).
 *
 * @returns the agent; its `close()` ends the connections
 */
export function createConnectionPool(): Agent {
  return new Agent({
    connections: MAX_CONNECTIONS_PER_ORIGIN,
    keepAliveTimeout: POOL_IDLE_TIMEOUT_MS,
    keepAliveMaxTimeout: POOL_IDLE_TIMEOUT_MS,
  });
}

/**
 * A response of the pool. Header names are compared to the wanted one only
 * when read (a batch row reads one header of about twenty); the raw header
 * `Buffer`s are views on the socket's read chunk, held only as long as this
 * short-lived object.
 */
function wireResponse(status: number, rawHeaders: readonly Buffer[], chunks: readonly Buffer[]): WireResponse {
  const text = chunks.length === 1 ? (chunks[0]?.toString('utf8') ?? '') : Buffer.concat(chunks).toString('utf8');
  return {
    status,
    text,
    header(name) {
      const wanted = name.toLowerCase();
      let value: string | null = null;
      for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
        const line = rawHeaders[index];
        if (line === undefined || line.length !== wanted.length || line.toString('latin1').toLowerCase() !== wanted) continue;
        const next = rawHeaders[index + 1]?.toString('latin1') ?? '';
        value = value === null ? next : `${value}, ${next}`;
      }
      return value;
    },
  };
}

/**
 * Sends one attempt through the pool with undici's dispatch API and
 * collects the whole response. It resolves in `onComplete`, after undici
 * has freed the connection for the next request (undici's `request()`
 * resolves on the body stream's end, a turn too early, so a batch then
 * opened about twice the connections it needed). The time limit is one
 * timer and the caller's signal one listener: no `AbortController`,
 * `Request` or web stream is made per attempt: on Node 20 each
 * `AbortSignal` gets its own hidden class, which only a full collection
 * frees, so a batch would pile one up per row in the old generation.
 */
function attempt(pool: Agent, request: WireRequest, timeoutMs: number, signal: AbortSignal | undefined): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    let stopped: LocScoreError | undefined;
    let abortDispatch: ((reason: Error) => void) | undefined;
    let status = 0;
    let rawHeaders: Buffer[] = [];
    const chunks: Buffer[] = [];
    const finish = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const stop = (error: LocScoreError): void => {
      stopped ??= error;
      finish();
      abortDispatch?.(stopped);
      reject(stopped);
    };
    const onAbort = (): void => stop(abortedError(request.method, urlOf(request), signal?.reason));
    const timer = setTimeout(() => stop(timeoutError(request.method, urlOf(request))), timeoutMs);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const { origin, path, method, headers, body } = request;
    const options = { origin, path, method, headers, body, maxRedirections: MAX_REDIRECTIONS };
    pool.dispatch(options, {
      onConnect(abort) {
        if (stopped) abort(stopped);
        else abortDispatch = abort;
      },
      onHeaders(statusCode, headerLines) {
        status = statusCode;
        rawHeaders = headerLines;
        return true;
      },
      onData(chunk) {
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        finish();
        resolve(wireResponse(status, rawHeaders, chunks));
      },
      onError(error) {
        finish();
        reject(stopped ?? connectionError(request.method, urlOf(request), error));
      },
    });
  });
}

/**
 * The {@link Exchange} of a `LocScoreClient` over its connection pool:
 * redirects are followed as fetch follows them (a 307 or 308 sends the same
 * body again), the time limit covers the whole response body, and a failed
 * connection rejects with `ConnectionError`.
 *
 * @param pool - the client's agent ({@link createConnectionPool})
 */
export function poolExchange(pool: Agent): Exchange {
  return (request, { timeoutMs, signal }) => attempt(pool, request, timeoutMs, signal);
}
