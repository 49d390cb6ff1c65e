import { type Category, HEADERS, MAP_PATH, SCORE_PATH, USAGE_PATH, USAGE_REPORT_PATH } from '@locscore/schema';
import type { CallOptions } from '../call-options.js';
import { newIdempotencyKey } from '../idempotency-key.js';
import type { JsonRequest } from '../json-transport.js';

/** Options of a score request. */
export interface ScoreRequestOptions extends CallOptions {
  /** Idempotency key; a UUID per call when left out, so the client's own retries are never charged twice. */
  idempotencyKey?: string | undefined;
  /** For an operator session: the prefix of the key to score as (charged to that key), sent as `X-On-Behalf-Of`. */
  onBehalfOf?: string | undefined;
}

/** Query of a site map request. */
export interface SiteMapParams {
  /** Latitude, WGS 84 degrees. */
  lat: number;
  /** Longitude, WGS 84 degrees. */
  lng: number;
  /** Radius in metres, 50–2,000. @default the category's trade-area radius, or 1000 without a category */
  radius?: number | undefined;
  /** Adds the category's competitors and trade-area radius. */
  category?: Category | undefined;
}

/**
 * `POST /api/franchisor/score` with `body` (`address`, `category`, and
 * `webhookUrl` in webhook mode), always with an idempotency key.
 *
 * @param body - the score request's body
 * @param options - idempotency key, on-behalf-of key prefix, signal
 */
export function scoreRequest(body: object, options: ScoreRequestOptions): JsonRequest {
  return {
    method: 'post',
    path: SCORE_PATH,
    body,
    idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
    headers: options.onBehalfOf === undefined ? undefined : { [HEADERS.onBehalfOf]: options.onBehalfOf },
    signal: options.signal,
  };
}

/** `GET /api/franchisor/usage`: the calling key's usage in the current quota period. */
export function usageRequest(options: CallOptions): JsonRequest {
  return { method: 'get', path: USAGE_PATH, signal: options.signal };
}

/**
 * `GET /api/franchisor/usage-report` for `month`.
 *
 * @param month - `YYYY-MM`; the current period's month when left out
 */
export function usageReportRequest(month: string | undefined, options: CallOptions): JsonRequest {
  return { method: 'get', path: USAGE_REPORT_PATH, query: { month }, signal: options.signal };
}

/** `GET /api/franchisor/map` around a point. */
export function siteMapRequest(params: SiteMapParams, options: CallOptions): JsonRequest {
  const query = { lat: params.lat, lng: params.lng, radius: params.radius, category: params.category };
  return { method: 'get', path: MAP_PATH, query, signal: options.signal };
}
