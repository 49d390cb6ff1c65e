import { randomUUID } from 'node:crypto';
import { type Category, HEADERS, QueuedAck, RequestStatus, SCORE_PATH, ScoreResult, type SiteMap, USAGE_PATH, Usage, type UsageReport } from '@locscore/schema';
import ky, { type RetryOptions } from 'ky';
import type { Agent } from 'undici';
import { type BatchOptions, type BatchOutcome, type BatchRow, scoreBatch } from './batch.js';
import { BufferedResponse } from './buffered-response.js';
import { resolveConnection } from './client-options.js';
import { createConnectionPool, poolFetch } from './connection-pool.js';
import { FranchisorClient, type SiteMapParams } from './franchisor/franchisor-client.js';
import type { CallOptions, RequestLog } from './franchisor/request-log.js';
import { toLocScoreError } from './ky-errors.js';
import { requestHeaders } from './request-headers.js';
import { parseResponseBody, type ResponseSchema } from './response-body.js';
import { retryOptions } from './retry.js';
import { missingApiKeyError } from './transport-errors.js';
import type { Territories } from './units/territories.js';
import type { Units } from './units/units.js';
import { type WaitForResultOptions, waitForResult } from './wait-for-result.js';

export { DEFAULT_BASE_URL, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from './client-options.js';

/** Options of {@link LocScoreClient}. */
export interface LocScoreClientOptions {
  /** API key sent as `X-API-Key`; defaults to `LOCSCORE_API_KEY`. Checked when a call is made. */
  apiKey?: string | undefined;
  /** Server origin, e.g. `https://api.example.com`; defaults to `LOCSCORE_BASE_URL`, else {@link DEFAULT_BASE_URL}. */
  baseUrl?: string | undefined;
  /**
   * Time limit of each HTTP attempt in milliseconds (default 30 000), the
   * response body included over the client's own pool; each retry gets its own.
   */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt for network errors, timeouts, 500, 503 and `rate_limited` 429 (default 2). */
  maxRetries?: number | undefined;
  /**
   * A fetch to send requests with instead of the client's own keep-alive
   * connection pool (undici's `Agent`): for a proxy, or to mock the API with
   * msw (`fetch: (input, init) => globalThis.fetch(input, init)`, since the
   * pool does not go through `globalThis.fetch`). ky still applies the
   * retries and timeouts.
   */
  fetch?: typeof globalThis.fetch | undefined;
}

/** Per-call options of the POST methods. */
export interface RequestOptions {
  /**
   * Idempotency key sent as `Idempotency-Key`: a replay with the same key is
   * answered from the first result and never counts twice against the quota.
   * When omitted the client generates a UUID per call, so its own retries are
   * never charged twice.
   */
  idempotencyKey?: string | undefined;
  /** Cancels the call (and its retries); the call then rejects with {@link AbortedError}. */
  signal?: AbortSignal | undefined;
}

/** Body of a synchronous score request. */
export interface ScoreParams {
  /** Full civic address, 3–300 characters. */
  address: string;
  /** One of the twelve categories. */
  category: Category;
}

/** Body of an asynchronous (webhook mode) score request. */
export interface ScoreAsyncParams extends ScoreParams {
  /** Absolute http(s) URL the server POSTs the signed result (or failure) to. */
  webhookUrl: string;
}

/**
 * Typed client of the locscore Location Scoring API. Every method validates
 * the response with its `@locscore/schema` schema and throws a
 * {@link LocScoreError} subclass on failure.
 *
 * @example
 * const client = new LocScoreClient({ apiKey: process.env.LOCSCORE_API_KEY });
 * const result = await client.score({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' });
 */
export class LocScoreClient {
  readonly #apiKey: string | undefined;
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #maxRetries: number;
  readonly #fetch: typeof globalThis.fetch | undefined;
  readonly #pool: Agent | undefined;
  /** Origin of {@link LocScoreClient.baseUrl}, for the pool. */
  readonly #origin: string;
  /** Path of {@link LocScoreClient.baseUrl} without a trailing slash (`''` for a bare origin), prefixed to every request path. */
  readonly #basePath: string;
  /** Headers of every request (built once; each call copies them). */
  readonly #headers: Readonly<Record<string, string>> | undefined;
  /** ky retry options of every call (built once). */
  readonly #retry: RetryOptions;
  readonly #franchisor: FranchisorClient;

  /**
   * @throws {TypeError} when `baseUrl` is not an absolute http(s) URL
   * @throws {RangeError} when `timeoutMs` is not a positive number or `maxRetries` not a whole number >= 0
   */
  constructor(options: LocScoreClientOptions = {}) {
    const apiKey = options.apiKey ?? process.env['LOCSCORE_API_KEY'];
    this.#apiKey = apiKey === undefined || apiKey === '' ? undefined : apiKey;
    const connection = resolveConnection(options);
    this.#baseUrl = connection.baseUrl;
    this.#timeoutMs = connection.timeoutMs;
    this.#maxRetries = connection.maxRetries;
    this.#fetch = connection.fetch;
    this.#pool = options.fetch === undefined ? createConnectionPool() : undefined;
    const base = new URL(connection.baseUrl);
    this.#origin = base.origin;
    this.#basePath = base.pathname.replace(/\/+$/, '');
    this.#headers = this.#apiKey === undefined ? undefined : requestHeaders(this.#apiKey);
    this.#retry = retryOptions(this.#maxRetries);
    this.#franchisor = new FranchisorClient({ apiKey: this.#apiKey, ...connection });
  }

  /** This key's requests: `list` (filters, cursor pages), `all`, `get` (with deliveries and attempts), `redeliver`. See {@link FranchisorClient}. */
  get requests(): RequestLog {
    return this.#franchisor.requests;
  }

  /** The account's own units: `create`, `list`, `all`, `get`, `update`, `delete`, `import`. Free of quota. See {@link Units}. */
  get units(): Units {
    return this.#franchisor.units;
  }

  /** Checks of proposed territories: `check` (one evaluation). See {@link Territories}. */
  get territories(): Territories {
    return this.#franchisor.territories;
  }

  /** This key's usage report for a month (`YYYY-MM`, default the current one). See {@link FranchisorClient.usageReport}. */
  usageReport(month?: string, options: CallOptions = {}): Promise<UsageReport> {
    return this.#franchisor.usageReport(month, options);
  }

  /** Roads, stations and competitors near a point, as GeoJSON. See {@link FranchisorClient.map}. */
  map(params: SiteMapParams, options: CallOptions = {}): Promise<SiteMap> {
    return this.#franchisor.map(params, options);
  }

  /** The server origin requests go to, without a trailing slash. */
  get baseUrl(): string {
    return this.#baseUrl;
  }

  /**
   * Scores one address for one category (`POST /api/franchisor/score`).
   *
   * @returns the validated {@link ScoreResult} (scores 0–10, distances in metres)
   * @throws {BadRequestError} 400 `invalid_request` (see `fields`) or `address_not_found`
   * @throws {AuthenticationError} missing or refused API key
   * @throws {QuotaExceededError} monthly quota spent (never retried)
   * @throws {ScoringError} | {ServiceUnavailableError} | {ConnectionError} | {TimeoutError} after the retries
   * @throws {InvalidResponseError} the body does not match `ScoreResult`
   */
  score(params: ScoreParams, options: RequestOptions = {}): Promise<ScoreResult> {
    return this.#send('post', SCORE_PATH, ScoreResult, 'ScoreResult', options, {
      address: params.address,
      category: params.category,
    });
  }

  /**
   * Queues an asynchronous score (`POST /api/franchisor/score` with `webhookUrl`):
   * the server answers 202 at once, counts the request against the quota, and
   * later POSTs a signed `WebhookDelivery` or `WebhookFailure` to `webhookUrl`.
   *
   * @returns the {@link QueuedAck} with the `requestId` to poll or match deliveries with
   * @throws the same errors as {@link LocScoreClient.score}
   */
  scoreAsync(params: ScoreAsyncParams, options: RequestOptions = {}): Promise<QueuedAck> {
    return this.#send('post', SCORE_PATH, QueuedAck, 'QueuedAck', options, {
      address: params.address,
      category: params.category,
      webhookUrl: params.webhookUrl,
    });
  }

  /**
   * Reads the state of an asynchronous request (`GET /api/franchisor/score/{requestId}`,
   * same API key only). Costs no quota.
   *
   * @throws {TypeError} (a rejection) when `requestId` is empty
   * @throws {NotFoundError} unknown request id for this key
   */
  async getRequest(requestId: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<RequestStatus> {
    if (typeof requestId !== 'string' || requestId.trim() === '') {
      throw new TypeError('requestId must be a non-empty string');
    }
    return this.#send('get', `${SCORE_PATH}/${encodeURIComponent(requestId)}`, RequestStatus, 'RequestStatus', options);
  }

  /**
   * Polls {@link LocScoreClient.getRequest} until the request succeeds or
   * fails, waiting `intervalMs` (default 1 000) after the first poll and 1.5×
   * longer after each next one, up to 10 s.
   *
   * @returns the request's {@link ScoreResult}
   * @throws {ScoringError} the request `failed` (`code` is its error code)
   * @throws {TimeoutError} still not done after `timeoutMs` (default 120 000)
   * @throws {AbortedError} `signal` fired
   */
  waitForResult(requestId: string, options: WaitForResultOptions = {}): Promise<ScoreResult> {
    return waitForResult((signal) => this.getRequest(requestId, { signal }), requestId, options);
  }

  /**
   * Usage of this API key in the current quota period (`GET /api/franchisor/usage`). Costs no quota.
   *
   * @throws {AuthenticationError} missing or refused API key
   */
  getUsage(options: Pick<RequestOptions, 'signal'> = {}): Promise<Usage> {
    return this.#send('get', USAGE_PATH, Usage, 'Usage', options);
  }

  /**
   * Scores many rows with at most `concurrency` requests in flight, yielding
   * one {@link BatchOutcome} per row in input order, each row sent as
   * {@link LocScoreClient.score} sends it (same headers, retries, timeouts,
   * typed errors and keep-alive connections). See {@link scoreBatch} for
   * the stop rules (quota, authentication, abort).
   */
  scoreBatch<Row extends BatchRow>(
    rows: Iterable<Row> | AsyncIterable<Row>,
    options: BatchOptions<Row> = {},
  ): AsyncGenerator<BatchOutcome<Row>, void, undefined> {
    return scoreBatch(
      (row, requestOptions) => this.#send('post', SCORE_PATH, ScoreResult, 'ScoreResult', requestOptions, { address: row.address, category: row.category }),
      rows,
      options,
    );
  }

  /**
   * Closes the client's idle keep-alive connections. Optional: idle
   * connections never keep the process alive and close on their own after
   * 4 s. Calls made after `close()` reject with a {@link ConnectionError}.
   */
  async close(): Promise<void> {
    await this.#pool?.close();
  }

  async #send<T>(method: 'get' | 'post', path: string, schema: ResponseSchema<T>, schemaName: string, options: RequestOptions, body?: unknown): Promise<T> {
    if (this.#headers === undefined) throw missingApiKeyError();
    const headers: Record<string, string> = { ...this.#headers };
    if (method === 'post') headers[HEADERS.idempotencyKey] = options.idempotencyKey ?? randomUUID();
    const url = this.#baseUrl + path;
    const json = body === undefined ? undefined : JSON.stringify(body);
    if (json !== undefined) headers['content-type'] = 'application/json';
    let text: string;
    let response: Response;
    try {
      response = await ky(url, {
        method,
        headers,
        // Over the pool the request goes to poolFetch as built here; a caller's fetch gets it in ky's Request.
        ...(this.#pool === undefined
          ? { fetch: this.#fetch, body: json }
          : { fetch: poolFetch(this.#pool, { origin: this.#origin, path: this.#basePath + path, headers, body: json }) }),
        timeout: this.#timeoutMs,
        retry: this.#retry,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      text = await response.text();
    } catch (error) {
      throw await toLocScoreError(error, options.signal, method, url);
    }
    const requestId = response instanceof BufferedResponse ? response.header(HEADERS.requestId) : response.headers.get(HEADERS.requestId);
    return parseResponseBody(text, schema, schemaName, { method, path, status: response.status, requestId });
  }
}
