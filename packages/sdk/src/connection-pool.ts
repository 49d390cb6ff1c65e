import { Agent, type Dispatcher } from 'undici';
import { MAX_BATCH_CONCURRENCY } from './batch.js';
import { BufferedResponse } from './buffered-response.js';

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

/** The fetch signature ky calls. */
export type Fetch = (input: Request | URL | string, init?: RequestInit) => Promise<Response>;

/**
 * The keep-alive connection pool of one `LocScoreClient`: an undici
 * `Agent`. Every call of the client (`score`, each row of `scoreBatch`,
 * polling) reuses its idle connections, and it opens at most
 * {@link MAX_CONNECTIONS_PER_ORIGIN} to one server. Idle connections never
 * keep the process alive and close after {@link POOL_IDLE_TIMEOUT_MS} (or
 * the server's shorter `Keep-Alive: timeout` hint).
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

/** Statuses whose response has no body (a `Response` refuses one). */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * Header lines as strings (name, value, name, value…), decoded as latin1 as
 * HTTP/1.1 header bytes are. undici's raw header `Buffer`s are views on the
 * socket's read chunk: kept in a response they would pin that whole chunk
 * (external memory) and a typed-array object per line until the response is
 * collected, which for a batch is often only at the next full collection.
 */
function headerLines(rawHeaders: readonly Buffer[]): string[] {
  return rawHeaders.map((line) => line.toString('latin1'));
}

/** Header pairs of header lines (name, value, name, value…). */
function headerPairs(lines: readonly string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let index = 0; index + 1 < lines.length; index += 2) pairs.push([lines[index] ?? '', lines[index + 1] ?? '']);
  return pairs;
}

/** The fetch `Response` of a complete answer: a {@link BufferedResponse} for a 2xx with a body, else a streamed one. */
function responseOf(status: number, lines: readonly string[], chunks: Buffer[]): Response {
  if (NULL_BODY_STATUSES.has(status)) return new Response(null, { status, headers: headerPairs(lines) });
  const text = chunks.length === 1 ? (chunks[0]?.toString('utf8') ?? '') : Buffer.concat(chunks).toString('utf8');
  if (status >= 200 && status < 300) return new BufferedResponse(status, lines, text);
  return new Response(text, { status, headers: headerPairs(lines) });
}

/**
 * Sends one request through the pool with undici's dispatch API and
 * collects the whole response as a fetch `Response`. The handler resolves
 * in `onComplete`, after undici has freed the connection for the next
 * request (its `request()` resolves on the body stream's end, a turn too
 * early, so a batch then opened about twice the connections it needed).
 */
function dispatch(pool: Agent, options: Dispatcher.DispatchOptions, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = 0;
    let headers: string[] = [];
    let onAbort: (() => void) | undefined;
    const settle = (): void => {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    };
    pool.dispatch(options, {
      onConnect(abort) {
        if (signal.aborted) return abort(signal.reason);
        onAbort = () => abort(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
      },
      onHeaders(statusCode, rawHeaders) {
        status = statusCode;
        headers = headerLines(rawHeaders);
        return true;
      },
      onData(chunk) {
        chunks.push(chunk);
        return true;
      },
      onComplete() {
        settle();
        resolve(responseOf(status, headers, chunks));
      },
      onError(error) {
        settle();
        reject(signal.aborted ? signal.reason : new TypeError('fetch failed', { cause: error }));
      },
    });
  });
}

/** One request as the client built it: where it goes and what it carries on every attempt. */
export interface PooledRequest {
  /** Server origin, e.g. `http://127.0.0.1:8787`. */
  origin: string;
  /** Path and query from the origin, e.g. `/api/franchisor/score`. */
  path: string;
  /** Request headers, lower-case names. */
  headers: Readonly<Record<string, string>>;
  /** The JSON text of a POST (sent as given on every attempt and redirect), or `undefined`. */
  body: string | undefined;
}

/**
 * The fetch that ky calls to send one request of the client over its pool:
 * ky keeps every rule (retries, `Retry-After`, timeouts, aborts, errors),
 * this function only moves the bytes. The client has already built the
 * request's origin, path, headers and body ({@link PooledRequest}), which
 * ky sends unchanged on every attempt (the client sets no ky hooks), so
 * only the method and the abort signal are read from ky's `Request`. It
 * reads the whole body before resolving, so ky's per-attempt timeout covers
 * the body too; follows redirects as fetch does (a 307 or 308 sends the same
 * body again); and rejects a failed connection with
 * `TypeError('fetch failed', { cause })` as fetch does, so ky retries it.
 *
 * Why not `globalThis.fetch` with the agent as its `dispatcher`: on Node 20
 * fetch builds web streams for the request and the response, and ky clones
 * its `Request` (a stream tee) before each attempt; a batch then spends
 * several times the CPU per row in the client, CPU the server it waits on
 * needs when both share a machine (bench/batch.ts measures `locscore batch`).
 *
 * @param pool - the client's agent
 * @param request - what to send
 * @returns a fetch for ky's `fetch` option
 */
export function poolFetch(pool: Agent, request: PooledRequest): Fetch {
  return (input, init) => {
    const method = (input instanceof Request ? input.method : (init?.method ?? 'GET')) as Dispatcher.HttpMethod;
    const signal = input instanceof Request ? input.signal : (init?.signal ?? new AbortController().signal);
    const options = { origin: request.origin, path: request.path, method, headers: request.headers, body: request.body, maxRedirections: MAX_REDIRECTIONS };
    return dispatch(pool, options, signal);
  };
}
