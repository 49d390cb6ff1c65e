import { randomUUID } from 'node:crypto';
import {
  HEADERS,
  QueuedAck,
  RequestStatus,
  SCORE_PATH,
  ScoreResult,
  USAGE_PATH,
  Usage,
  type Category,
  type SiteMap,
  type UsageReport,
} from '@locscore/schema';
import ky, { HTTPError, TimeoutError as KyTimeoutError } from 'ky';
import { scoreBatch, type BatchOptions, type BatchOutcome, type BatchRow } from './batch.js';
import { DEFAULT_BASE_URL, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from './client-options.js';
import { errorFromResponse } from './error-from-response.js';
import { AbortedError, LocScoreError } from './errors.js';
import { FranchisorClient, type SiteMapParams } from './franchisor/franchisor-client.js';
import type { CallOptions, RequestLog } from './franchisor/request-log.js';
import { createPooledSender, type PooledSender } from './pooled-sender.js';
import { requestHeaders } from './request-headers.js';
import { parseResponseBody, type ResponseSchema } from './response-body.js';
import { retryOptions } from './retry.js';
import { connectionError, missingApiKeyError, timeoutError } from './transport-errors.js';
import { waitForResult, type WaitForResultOptions } from './wait-for-result.js';

export { DEFAULT_BASE_URL, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from './client-options.js';

/** Options of {@link LocScoreClient}. */
export interface LocScoreClientOptions {
  /** API key sent as `X-API-Key`; defaults to `LOCSCORE_API_KEY`. Checked when a call is made. */
  apiKey?: string | undefined;
  /** Server origin, e.g. `https://api.example.com`; defaults to `LOCSCORE_BASE_URL`, else {@link DEFAULT_BASE_URL}. */
  baseUrl?: string | undefined;
  /** Time limit of each HTTP attempt in milliseconds (default 30 000); each retry gets its own. */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt for network errors, timeouts, 500, 503 and `rate_limited` 429 (default 2). */
  maxRetries?: number | undefined;
  /** fetch implementation (default `globalThis.fetch`), for proxies and tests. */
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

function positiveNumber(value: number | undefined, fallback: number, field: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 2_147_483_647) {
    throw new RangeError(`${field} must be a positive number of milliseconds (at most 2147483647), got ${String(value)}`);
  }
  return value;
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
  #pooled: PooledSender | undefined;
  readonly #franchisor: FranchisorClient;

  /**
   * @throws {TypeError} when `baseUrl` is not an absolute http(s) URL
   * @throws {RangeError} when `timeoutMs` is not a positive number or `maxRetries` not a whole number >= 0
   */
  constructor(options: LocScoreClientOptions = {}) {
    const apiKey = options.apiKey ?? process.env['LOCSCORE_API_KEY'];
    this.#apiKey = apiKey === undefined || apiKey === '' ? undefined : apiKey;
    const baseUrl = options.baseUrl ?? (process.env['LOCSCORE_BASE_URL'] || DEFAULT_BASE_URL);
    let parsed: URL;
    try {
      parsed = new URL(baseUrl);
    } catch {
      throw new TypeError(`baseUrl must be an absolute http:// or https:// URL, got ${JSON.stringify(baseUrl)}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new TypeError(`baseUrl must be an absolute http:// or https:// URL, got ${JSON.stringify(baseUrl)}`);
    }
    this.#baseUrl = baseUrl.replace(/\/+$/, '');
    this.#timeoutMs = positiveNumber(options.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs');
    const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    if (!Number.isInteger(maxRetries) || maxRetries < 0) {
      throw new RangeError(`maxRetries must be a whole number >= 0, got ${String(maxRetries)}`);
    }
    this.#maxRetries = maxRetries;
    this.#fetch = options.fetch;
    this.#franchisor = new FranchisorClient({ apiKey: this.#apiKey, baseUrl: this.#baseUrl, timeoutMs: this.#timeoutMs, maxRetries, fetch: this.#fetch });
  }

  /** This key's requests: `list` (filters, cursor pages), `all`, `get` (with deliveries and attempts), `redeliver`. See {@link FranchisorClient}. */
  get requests(): RequestLog {
    return this.#franchisor.requests;
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
   * one {@link BatchOutcome} per row in input order. See {@link scoreBatch}
   * for the stop rules (quota, authentication, abort).
   *
   * Transport: with the default `fetch`, rows go over a keep-alive
   * node:http(s) connection pool kept by this client (`createPooledSender`),
   * with the same headers, retries, timeouts and typed errors as
   * {@link LocScoreClient.score}, because fetch (through ky) costs about
   * 1.4 ms of CPU per row on Node 20 and the pool about 0.3 ms; a batch of
   * 100,000 rows is bound by it. With a `fetch` option, that fetch is used.
   */
  scoreBatch<Row extends BatchRow>(
    rows: Iterable<Row> | AsyncIterable<Row>,
    options: BatchOptions<Row> = {},
  ): AsyncGenerator<BatchOutcome<Row>, void, undefined> {
    const viaFetch = (row: Row, requestOptions: RequestOptions): Promise<ScoreResult> =>
      this.#send('post', SCORE_PATH, ScoreResult, 'ScoreResult', requestOptions, { address: row.address, category: row.category });
    if (this.#fetch !== undefined) return scoreBatch(viaFetch, rows, options);
    const pooled = (this.#pooled ??= createPooledSender({
      baseUrl: this.#baseUrl,
      apiKey: this.#apiKey,
      timeoutMs: this.#timeoutMs,
      maxRetries: this.#maxRetries,
      onRedirect: (path, body, schema, schemaName, idempotencyKey) => this.#send('post', path, schema, schemaName, { idempotencyKey }, body),
    }));
    return scoreBatch(
      (row, requestOptions) =>
        pooled.post(SCORE_PATH, { address: row.address, category: row.category }, ScoreResult, 'ScoreResult', requestOptions.idempotencyKey),
      rows,
      options,
    );
  }

  async #send<T>(
    method: 'get' | 'post',
    path: string,
    schema: ResponseSchema<T>,
    schemaName: string,
    options: RequestOptions,
    body?: unknown,
  ): Promise<T> {
    if (this.#apiKey === undefined) throw missingApiKeyError();
    const headers = requestHeaders(this.#apiKey);
    if (method === 'post') headers[HEADERS.idempotencyKey] = options.idempotencyKey ?? randomUUID();
    const url = this.#baseUrl + path;
    let response: Response;
    try {
      response = await ky(url, {
        method,
        headers,
        ...(body === undefined ? {} : { json: body }),
        timeout: this.#timeoutMs,
        retry: retryOptions(this.#maxRetries),
        ...(this.#fetch === undefined ? {} : { fetch: this.#fetch }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
    } catch (error) {
      throw await toLocScoreError(error, options.signal, method, url);
    }
    const text = await response.text();
    return parseResponseBody(text, schema, schemaName, { method, path, status: response.status, requestId: response.headers.get(HEADERS.requestId) });
  }
}

async function toLocScoreError(
  error: unknown,
  signal: AbortSignal | undefined,
  method: string,
  url: string,
): Promise<LocScoreError> {
  if (error instanceof LocScoreError) return error;
  if (error instanceof HTTPError) {
    const text = await error.response.text().catch(() => '');
    return errorFromResponse(error.response.status, error.response.headers, text);
  }
  if (signal?.aborted) {
    return new AbortedError({
      message: `${method.toUpperCase()} ${url} was aborted`,
      status: null,
      code: 'aborted',
      requestId: null,
      cause: signal.reason,
    });
  }
  if (error instanceof KyTimeoutError) return timeoutError(method, url, error);
  return connectionError(method, url, error);
}
