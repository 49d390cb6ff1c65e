import { FRANCHISOR_REQUESTS_PATH, Redelivery, RequestDetail, type RequestMode, RequestPage, type RequestState, type RequestSummary } from '@locscore/schema';
import type { CallOptions } from '../call-options.js';
import type { JsonTransport } from '../json-transport.js';
import { eachPage } from '../pages.js';

/** Filters of a request listing; each one left out widens nothing. Times are ISO 8601 UTC. */
export interface RequestListParams {
  /** Only requests in this state. */
  status?: RequestState | undefined;
  /** Only synchronous (`sync`) or webhook-mode (`async`) requests. */
  mode?: RequestMode | undefined;
  /** Only requests made at or after this time (a `Date` or an ISO 8601 string). */
  since?: Date | string | undefined;
  /** `nextCursor` of the previous page. */
  cursor?: string | undefined;
  /** Requests per page, 1–100. @default 50 */
  limit?: number | undefined;
}

/**
 * The query string values of {@link RequestListParams}.
 *
 * @param params - the filters
 * @returns values ready for a query string
 */
export function requestListQuery(params: RequestListParams = {}): Record<string, string | number | undefined> {
  const since = params.since instanceof Date ? params.since.toISOString() : params.since;
  return { status: params.status, mode: params.mode, since, cursor: params.cursor, limit: params.limit };
}

/**
 * A request log under `basePath` (`/api/franchisor/requests` for the calling
 * key, `/api/admin/requests` for every key): list, read one with its
 * deliveries, redeliver.
 */
export class RequestLog<Params extends RequestListParams = RequestListParams> {
  readonly #transport: JsonTransport;
  readonly #basePath: string;
  readonly #query: (params: Params | undefined) => Record<string, string | number | undefined>;

  /**
   * @param transport - the client's transport
   * @param basePath - the listing's path
   * @param query - turns the filters into query values
   */
  constructor(transport: JsonTransport, basePath: string, query: (params: Params | undefined) => Record<string, string | number | undefined>) {
    this.#transport = transport;
    this.#basePath = basePath;
    this.#query = query;
  }

  /**
   * One page of requests, newest first.
   *
   * @returns `{ items, nextCursor }`; pass `nextCursor` as `cursor` for the next page (null: last page)
   * @throws {BadRequestError} a filter is invalid (`fields` names it)
   */
  list(params?: Params, options: CallOptions = {}): Promise<RequestPage> {
    return this.#page(params, params?.cursor, options);
  }

  /**
   * Every request matching the filters, page after page (`cursor` is ignored).
   *
   * @example
   * for await (const request of client.requests.all({ status: 'failed' })) console.log(request.requestId);
   */
  all(params?: Params, options: CallOptions = {}): AsyncGenerator<RequestSummary, void, undefined> {
    return eachPage((cursor) => this.#page(params, cursor, options));
  }

  /**
   * One request with its result or error and every webhook delivery with its attempts.
   *
   * @throws {TypeError} (a rejection) when `requestId` is empty
   * @throws {NotFoundError} no such request (or, for a franchisor, one of another key)
   */
  async get(requestId: string, options: CallOptions = {}): Promise<RequestDetail> {
    return this.#transport.send({ method: 'get', path: this.#requestPath(requestId), signal: options.signal }, RequestDetail, 'RequestDetail');
  }

  /**
   * Delivers a finished webhook-mode request's outcome again: the same body,
   * signed afresh, as a new delivery. Costs no quota. Never retried by the client.
   *
   * @throws {BadRequestError} the request is synchronous (no webhook URL)
   * @throws {ConflictError} the request is still queued or running
   * @throws {NotFoundError} no such request
   */
  async redeliver(requestId: string, options: CallOptions = {}): Promise<Redelivery> {
    const path = `${this.#requestPath(requestId)}/redeliver`;
    return this.#transport.send({ method: 'post', path, signal: options.signal }, Redelivery, 'Redelivery');
  }

  #page(params: Params | undefined, cursor: string | undefined, options: CallOptions): Promise<RequestPage> {
    const query = { ...this.#query(params), cursor };
    return this.#transport.send({ method: 'get', path: this.#basePath, query, signal: options.signal }, RequestPage, 'RequestPage');
  }

  #requestPath(requestId: string): string {
    if (typeof requestId !== 'string' || requestId.trim() === '') throw new TypeError('requestId must be a non-empty string');
    return `${this.#basePath}/${encodeURIComponent(requestId)}`;
  }
}

/** The calling key's request log (`/api/franchisor/requests`). */
export function franchisorRequestLog(transport: JsonTransport): RequestLog {
  return new RequestLog(transport, FRANCHISOR_REQUESTS_PATH, requestListQuery);
}
