import { type Category, QueuedAck, RequestStatus, SCORE_PATH, ScoreResult, SiteMap, Usage, UsageReport } from '@locscore/schema';
import type { Agent } from 'undici';
import { type BatchOptions, type BatchOutcome, type BatchRow, scoreBatch } from './batch.js';
import type { CallOptions } from './call-options.js';
import { resolveConnection } from './client-options.js';
import { fetchExchange } from './fetch-exchange.js';
import { type SiteMapParams, scoreRequest, siteMapRequest, usageReportRequest, usageRequest } from './franchisor/franchisor-requests.js';
import { franchisorRequestLog, type RequestLog } from './franchisor/request-log.js';
import { createJsonTransport, type JsonTransport } from './json-transport.js';
import { Opportunities } from './opportunities/opportunities.js';
import { createConnectionPool, poolExchange } from './pool-exchange.js';
import { missingApiKeyError } from './transport-errors.js';
import { Territories } from './units/territories.js';
import { Units } from './units/units.js';
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
   * response body included; each retry gets its own.
   */
  timeoutMs?: number | undefined;
  /** Retries after the first attempt for network errors, timeouts, 500, 503 and `rate_limited` 429 (default 2). */
  maxRetries?: number | undefined;
  /**
   * A fetch to send requests with instead of the client's own keep-alive
   * connection pool (undici's `Agent`): for a proxy, or to mock the API with
   * msw (`fetch: (input, init) => globalThis.fetch(input, init)`, since the
   * pool does not go through `globalThis.fetch`). The client still applies
   * the retries, time limits and typed errors.
   */
  fetch?: typeof globalThis.fetch | undefined;
}

/** Per-call options of the POST methods. */
export interface RequestOptions extends CallOptions {
  /**
   * Idempotency key sent as `Idempotency-Key`: a replay with the same key is
   * answered from the first result and never counts twice against the quota.
   * When omitted the client generates a UUID per call, so its own retries are
   * never charged twice.
   */
  idempotencyKey?: string | undefined;
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
  readonly #baseUrl: string;
  readonly #pool: Agent | undefined;
  readonly #transport: JsonTransport;
  /** This key's requests: `list` (filters, cursor pages), `all`, `get` (with deliveries and attempts), `redeliver`. See {@link RequestLog}. */
  readonly requests: RequestLog;
  /** The account's own units: `create`, `list`, `all`, `get`, `update`, `delete`, `import`. Free of quota. See {@link Units}. */
  readonly units: Units;
  /** Checks of proposed territories: `check` (one evaluation). See {@link Territories}. */
  readonly territories: Territories;
  /** The opportunity map: `list` (one evaluation per call). See {@link Opportunities}. */
  readonly opportunities: Opportunities;

  /**
   * @throws {TypeError} when `baseUrl` is not an absolute http(s) URL
   * @throws {RangeError} when `timeoutMs` is not a positive number or `maxRetries` not a whole number >= 0
   */
  constructor(options: LocScoreClientOptions = {}) {
    const given = options.apiKey ?? process.env['LOCSCORE_API_KEY'];
    const apiKey = given === undefined || given === '' ? undefined : given;
    const connection = resolveConnection(options);
    this.#baseUrl = connection.baseUrl;
    this.#pool = options.fetch === undefined ? createConnectionPool() : undefined;
    const exchange = this.#pool === undefined ? fetchExchange(options.fetch) : poolExchange(this.#pool);
    this.#transport = createJsonTransport(
      connection,
      () => {
        if (apiKey === undefined) throw missingApiKeyError();
        return { kind: 'apiKey', apiKey };
      },
      exchange,
    );
    this.requests = franchisorRequestLog(this.#transport);
    this.units = new Units(this.#transport);
    this.territories = new Territories(this.#transport);
    this.opportunities = new Opportunities(this.#transport);
  }

  /** This key's usage report for a month (`YYYY-MM`, default the current one). See {@link FranchisorClient.usageReport}. */
  usageReport(month?: string, options: CallOptions = {}): Promise<UsageReport> {
    return this.#transport.send(usageReportRequest(month, options), UsageReport, 'UsageReport');
  }

  /** Roads, stations and competitors near a point, as GeoJSON. See {@link FranchisorClient.map}. */
  map(params: SiteMapParams, options: CallOptions = {}): Promise<SiteMap> {
    return this.#transport.send(siteMapRequest(params, options), SiteMap, 'SiteMap');
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
    return this.#transport.send(scoreRequest({ address: params.address, category: params.category }, options), ScoreResult, 'ScoreResult');
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
    const body = { address: params.address, category: params.category, webhookUrl: params.webhookUrl };
    return this.#transport.send(scoreRequest(body, options), QueuedAck, 'QueuedAck');
  }

  /**
   * Reads the state of an asynchronous request (`GET /api/franchisor/score/{requestId}`,
   * same API key only). Costs no quota.
   *
   * @throws {TypeError} (a rejection) when `requestId` is empty
   * @throws {NotFoundError} unknown request id for this key
   */
  async getRequest(requestId: string, options: CallOptions = {}): Promise<RequestStatus> {
    if (typeof requestId !== 'string' || requestId.trim() === '') {
      throw new TypeError('requestId must be a non-empty string');
    }
    const path = `${SCORE_PATH}/${encodeURIComponent(requestId)}`;
    return this.#transport.send({ method: 'get', path, signal: options.signal }, RequestStatus, 'RequestStatus');
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
  getUsage(options: CallOptions = {}): Promise<Usage> {
    return this.#transport.send(usageRequest(options), Usage, 'Usage');
  }

  /**
   * Scores many rows with at most `concurrency` requests in flight, yielding
   * one {@link BatchOutcome} per row in input order, each row sent as
   * {@link LocScoreClient.score} sends it (same headers, retries, time
   * limits, typed errors and keep-alive connections). See {@link scoreBatch}
   * for the stop rules (quota, authentication, abort).
   */
  scoreBatch<Row extends BatchRow>(
    rows: Iterable<Row> | AsyncIterable<Row>,
    options: BatchOptions<Row> = {},
  ): AsyncGenerator<BatchOutcome<Row>, void, undefined> {
    return scoreBatch(
      (row, requestOptions) => this.#transport.send(scoreRequest({ address: row.address, category: row.category }, requestOptions), ScoreResult, 'ScoreResult'),
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
}
