import { HEADERS } from '@locscore/schema';
import type { ResolvedConnection } from './client-options.js';
import { type Credentials, credentialHeaders, type HttpMethod } from './credentials.js';
import { sdkUserAgent } from './env.js';
import { errorFromResponse } from './error-from-response.js';
import { type Exchange, urlOf, type WireMethod, type WireRequest, type WireResponse } from './exchange.js';
import { fetchExchange } from './fetch-exchange.js';
import { parseResponseBody, type ResponseSchema } from './response-body.js';
import { withRetries } from './retry.js';
import { abortedError } from './transport-errors.js';
import { SDK_VERSION } from './version.js';

/** A query string's values; `undefined` leaves the parameter out. */
export type QueryValues = Readonly<Record<string, string | number | undefined>>;

/** One request of a {@link JsonTransport}. */
export interface JsonRequest {
  method: HttpMethod;
  /** Path from the server's root, e.g. `/api/admin/keys`, already URL-encoded. */
  path: string;
  query?: QueryValues | undefined;
  /** JSON body. */
  body?: unknown;
  /** Sent as `Idempotency-Key`; a POST that carries one is retried like a read. */
  idempotencyKey?: string | undefined;
  /** Extra headers (e.g. `X-On-Behalf-Of`). */
  headers?: Readonly<Record<string, string>> | undefined;
  signal?: AbortSignal | undefined;
}

/** Sends JSON requests to the API with credentials, retries and typed errors. Runs in Node and in browsers. */
export interface JsonTransport {
  /**
   * Sends a request and validates the JSON answer with `schema`.
   *
   * @throws a {@link LocScoreError} subclass (see `errorFromResponse`), or `InvalidResponseError` when the body does not match
   */
  send<T>(request: JsonRequest, schema: ResponseSchema<T>, schemaName: string): Promise<T>;
  /** Sends a request whose success has no body (204). @throws as {@link JsonTransport.send} */
  sendNoContent(request: JsonRequest): Promise<void>;
}

/**
 * `path` with `query` appended, leaving out `undefined` values.
 *
 * @returns e.g. `/api/franchisor/map?lat=47.14&lng=9.52`
 */
export function withQuery(path: string, query: QueryValues | undefined): string {
  if (query === undefined) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.append(name, String(value));
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** Each method as it goes on the wire. */
const WIRE_METHODS: Readonly<Record<HttpMethod, WireMethod>> = { get: 'GET', post: 'POST', patch: 'PATCH', delete: 'DELETE' };

/** The headers of one request: JSON accepted (and sent), the credentials, the SDK's user agent in Node, the idempotency key. */
function headersOf(request: JsonRequest, credentials: Credentials, userAgent: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...credentialHeaders(credentials, request.method), ...request.headers };
  if (userAgent !== undefined) headers['user-agent'] = userAgent;
  if (request.idempotencyKey !== undefined) headers[HEADERS.idempotencyKey] = request.idempotencyKey;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

/**
 * The SDK's one request path, shared by every client: builds the request
 * once (headers, JSON body, URL), sends it through `exchange`, turns an
 * error status into the {@link LocScoreError} of its kind, retries as
 * `withRetries` says (reads, and POSTs that carry an idempotency key; other
 * writes never, so a retry can never create a second unit or a second
 * delivery), then validates the body with the response's schema.
 *
 * @param connection - validated connection options
 * @param credentials - read on every call, so a client can be built before
 *   its token exists; may throw (a missing key), and then nothing is sent
 * @param exchange - moves the bytes: the client's connection pool in Node
 *   (`LocScoreClient`), else fetch ({@link fetchExchange} of `connection.fetch`)
 */
export function createJsonTransport(
  connection: ResolvedConnection,
  credentials: () => Credentials,
  exchange: Exchange = fetchExchange(connection.fetch),
): JsonTransport {
  const userAgent = sdkUserAgent(SDK_VERSION);
  const base = new URL(connection.baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const limits = (signal: AbortSignal | undefined) => ({ timeoutMs: connection.timeoutMs, signal });
  const call = (request: JsonRequest): Promise<WireResponse> => {
    const wire: WireRequest = {
      method: WIRE_METHODS[request.method],
      origin: base.origin,
      path: basePath + withQuery(request.path, request.query),
      headers: headersOf(request, credentials(), userAgent),
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    };
    const attempt = (): Promise<WireResponse> =>
      exchange(wire, limits(request.signal)).then((response) =>
        response.status >= 200 && response.status < 300
          ? response
          : Promise.reject(errorFromResponse(response.status, (name) => response.header(name), response.text)),
      );
    const retries = request.method === 'get' || request.idempotencyKey !== undefined ? connection.maxRetries : 0;
    return withRetries(attempt, { retries, signal: request.signal, aborted: () => abortedError(wire.method, urlOf(wire), request.signal?.reason) });
  };
  return {
    async send(request, schema, schemaName) {
      const response = await call(request);
      const origin = { method: request.method, path: request.path, status: response.status, requestId: response.header(HEADERS.requestId) };
      return parseResponseBody(response.text, schema, schemaName, origin);
    },
    async sendNoContent(request) {
      await call(request);
    },
  };
}
