import { type Category, QueuedAck, ScoreResult, SiteMap, Usage, UsageReport } from '@locscore/schema';
import type { CallOptions } from '../call-options.js';
import { type ConnectionOptions, resolveConnection } from '../client-options.js';
import { type Credentials, missingCredentialsError } from '../credentials.js';
import { createJsonTransport, type JsonTransport } from '../json-transport.js';
import { Opportunities } from '../opportunities/opportunities.js';
import { Territories } from '../units/territories.js';
import { Units } from '../units/units.js';
import { type ScoreRequestOptions, type SiteMapParams, scoreRequest, siteMapRequest, usageReportRequest, usageRequest } from './franchisor-requests.js';
import { franchisorRequestLog, type RequestLog } from './request-log.js';

export type { SiteMapParams } from './franchisor-requests.js';

/** Options of {@link FranchisorClient}: an API key, or a dashboard session. */
export interface FranchisorClientOptions extends ConnectionOptions {
  /** API key sent as `X-API-Key`. */
  apiKey?: string | undefined;
  /** A dashboard session instead of a key: the cookie goes by itself, `csrfToken` on writes. */
  session?: { csrfToken: string } | undefined;
}

/** Body of a score request; `webhookUrl` switches to webhook mode. */
export interface FranchisorScoreParams {
  /** Full civic address, 3–300 characters. */
  address: string;
  /** One of the twelve categories. */
  category: Category;
}

/** Options of {@link FranchisorClient.score}: idempotency key, `onBehalfOf` (an operator session scoring as one key), signal. */
export type FranchisorScoreOptions = ScoreRequestOptions;

/**
 * The franchisor endpoints (`/api/franchisor/*`) in a form that runs in
 * browsers as well as Node (no `node:` imports): score, usage, the usage
 * report, the request log, the site map, the account's units and the
 * territory check, authenticated by an API key or
 * by the dashboard's session cookie. `LocScoreClient` (Node) adds batch
 * scoring and polling on top of the same endpoints.
 *
 * @example
 * const client = new FranchisorClient({ baseUrl: location.origin, session: { csrfToken } });
 * const page = await client.requests.list({ status: 'failed' });
 */
export class FranchisorClient {
  readonly #transport: JsonTransport;
  /** The calling key's requests: `list`, `all`, `get` (with deliveries), `redeliver`. */
  readonly requests: RequestLog;
  /** The account's own units: `create`, `list`, `all`, `get`, `update`, `delete`, `import`. Free of quota. */
  readonly units: Units;
  /** Checks of proposed territories: `check` (one evaluation of the quota). */
  readonly territories: Territories;
  /** The opportunity map: `list` (one evaluation per call). See {@link Opportunities}. */
  readonly opportunities: Opportunities;

  /**
   * @throws {TypeError} when `baseUrl` is not an absolute http(s) URL
   * @throws {RangeError} when `timeoutMs` or `maxRetries` is out of range
   */
  constructor(options: FranchisorClientOptions) {
    const connection = resolveConnection(options);
    this.#transport = createJsonTransport(connection, () => franchisorCredentials(options));
    this.requests = franchisorRequestLog(this.#transport);
    this.units = new Units(this.#transport);
    this.territories = new Territories(this.#transport);
    this.opportunities = new Opportunities(this.#transport);
  }

  /**
   * Scores one address for one category (`POST /api/franchisor/score`).
   *
   * @returns the validated {@link ScoreResult}
   * @throws the typed errors of `LocScoreClient.score`
   */
  score(params: FranchisorScoreParams, options: FranchisorScoreOptions = {}): Promise<ScoreResult> {
    return this.#transport.send(scoreRequest({ address: params.address, category: params.category }, options), ScoreResult, 'ScoreResult');
  }

  /**
   * Queues a webhook-mode score: 202 at once, the signed result POSTed to `webhookUrl` later.
   *
   * @returns the {@link QueuedAck} with the `requestId`
   */
  scoreAsync(params: FranchisorScoreParams & { webhookUrl: string }, options: FranchisorScoreOptions = {}): Promise<QueuedAck> {
    const body = { address: params.address, category: params.category, webhookUrl: params.webhookUrl };
    return this.#transport.send(scoreRequest(body, options), QueuedAck, 'QueuedAck');
  }

  /** Usage of the calling key in the current quota period (`GET /api/franchisor/usage`). Costs no quota. */
  usage(options: CallOptions = {}): Promise<Usage> {
    return this.#transport.send(usageRequest(options), Usage, 'Usage');
  }

  /**
   * The calling key's usage report for a month (`GET /api/franchisor/usage-report`):
   * evaluations, requests per UTC day, webhook outcomes.
   *
   * @param month - `YYYY-MM`; the current period's month when left out
   * @throws {BadRequestError} `month` is not `YYYY-MM`
   */
  usageReport(month?: string, options: CallOptions = {}): Promise<UsageReport> {
    return this.#transport.send(usageReportRequest(month, options), UsageReport, 'UsageReport');
  }

  /**
   * Roads, stations and (with a category) competitors within `radius` metres
   * of a point, as a GeoJSON FeatureCollection from the region pack
   * (`GET /api/franchisor/map`). Costs no quota.
   *
   * @throws {BadRequestError} a coordinate or the radius (50–2,000 m) is out of range (`fields` names it)
   */
  map(params: SiteMapParams, options: CallOptions = {}): Promise<SiteMap> {
    return this.#transport.send(siteMapRequest(params, options), SiteMap, 'SiteMap');
  }
}

function franchisorCredentials(options: FranchisorClientOptions): Credentials {
  if (options.session !== undefined) return { kind: 'session', csrfToken: options.session.csrfToken };
  if (options.apiKey !== undefined && options.apiKey !== '') return { kind: 'apiKey', apiKey: options.apiKey };
  throw missingCredentialsError('No API key: pass { apiKey } (or a dashboard { session }) to new FranchisorClient()', 'missing_api_key');
}
