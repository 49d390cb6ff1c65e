import { HEADERS } from '@locscore/schema';
import ky from 'ky';
import type { ResolvedConnection } from './client-options.js';
import { type Credentials, credentialHeaders, type HttpMethod } from './credentials.js';
import { sdkUserAgent } from './env.js';
import { toLocScoreError } from './ky-errors.js';
import { parseResponseBody, type ResponseSchema } from './response-body.js';
import { retryOptions } from './retry.js';
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
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.append(name, String(value));
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

/**
 * A transport over ky and the platform's fetch. Reads (GET) and POSTs with
 * an idempotency key are retried as {@link retryOptions} says; other writes
 * never are, so a retry can never create a second key or a second delivery.
 * Cookies go to the same origin only (`credentials: 'same-origin'`).
 *
 * @param connection - validated connection options
 * @param credentials - read on every call, so a client can be built before its token exists
 */
export function createJsonTransport(connection: ResolvedConnection, credentials: () => Credentials): JsonTransport {
  const userAgent = sdkUserAgent(SDK_VERSION);
  const exchange = async (request: JsonRequest): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json', ...credentialHeaders(credentials(), request.method), ...request.headers };
    if (userAgent !== undefined) headers['user-agent'] = userAgent;
    if (request.idempotencyKey !== undefined) headers[HEADERS.idempotencyKey] = request.idempotencyKey;
    const retriable = request.method === 'get' || request.idempotencyKey !== undefined;
    const url = connection.baseUrl + withQuery(request.path, request.query);
    try {
      return await ky(url, {
        method: request.method,
        headers,
        credentials: 'same-origin',
        ...(request.body === undefined ? {} : { json: request.body }),
        timeout: connection.timeoutMs,
        retry: retriable ? retryOptions(connection.maxRetries) : 0,
        ...(connection.fetch === undefined ? {} : { fetch: connection.fetch }),
        ...(request.signal === undefined ? {} : { signal: request.signal }),
      });
    } catch (error) {
      throw await toLocScoreError(error, request.signal, request.method, url);
    }
  };
  return {
    async send(request, schema, schemaName) {
      const response = await exchange(request);
      const origin = { method: request.method, path: request.path, status: response.status, requestId: response.headers.get(HEADERS.requestId) };
      return parseResponseBody(await response.text(), schema, schemaName, origin);
    },
    async sendNoContent(request) {
      const response = await exchange(request);
      await response.body?.cancel();
    },
  };
}
