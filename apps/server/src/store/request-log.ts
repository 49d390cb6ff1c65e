import type { RequestDetail, RequestMode, RequestPage, RequestState, RequestSummary, ScoreResult } from '@locscore/schema';
import type { Db } from '../db/db.js';
import { toIsoOrNull, toIsoString } from '../db/timestamps.js';
import { createDeliveryRepository } from './deliveries.js';
import { keysetPage } from './keyset-page.js';

/** Which requests a listing shows; every filter is optional and they combine. */
export interface RequestFilter {
  /** One key's requests, by internal id (a franchisor's own listing). */
  keyId?: string;
  /** One key's requests, by visible prefix (the admin listing's `key`). */
  keyPrefix?: string;
  /** One account's requests. */
  accountId?: string;
  status?: RequestState;
  mode?: RequestMode;
  /** Requests made at or after this time. */
  since?: Date;
}

/** A cursor that does not decode to a listing position. */
export class InvalidCursorError extends Error {
  constructor() {
    super('cursor is not one this server gave; start again without it');
    this.name = 'InvalidCursorError';
  }
}

/** The request log as the dashboard and the admin API read it: pages of requests, and one with its deliveries. */
export interface RequestLogRepository {
  /**
   * A page of requests, newest first (`createdAt`, then `requestId`).
   *
   * @param limit - requests per page, 1–100
   * @param cursor - the `nextCursor` of the previous page
   * @throws InvalidCursorError when `cursor` was not made by this server
   */
  page(filter: RequestFilter, limit: number, cursor?: string): Promise<RequestPage>;
  /**
   * One request with its result or error and every delivery with its attempts.
   *
   * @param keyId - when given, only that key's request is found
   * @returns null when unknown (or another key's)
   */
  detail(requestId: string, keyId?: string): Promise<RequestDetail | null>;
}

interface SummaryRow {
  id: string;
  key_prefix: string;
  account_id: string;
  mode: RequestMode;
  status: RequestState;
  body: { address: string; category: RequestSummary['category'] };
  result: ScoreResult | null;
  error: RequestDetail['error'];
  webhook_url: string | null;
  delivery_state: RequestSummary['deliveryState'];
  created_at: unknown;
  completed_at: unknown;
  /** `created_at` in microseconds since the epoch, as text: the cursor keeps full precision. */
  created_us: string;
}

const SELECT_SUMMARIES = `SELECT r.id, k.prefix AS key_prefix, k.account_id, r.mode, r.status, r.body, r.result, r.error, r.webhook_url,
  r.created_at, r.completed_at, (extract(epoch FROM r.created_at) * 1000000)::bigint::text AS created_us,
  (SELECT d.state FROM deliveries d WHERE d.request_id = r.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1) AS delivery_state
FROM requests r JOIN api_keys k ON k.id = r.key_id`;

function summaryOf(row: SummaryRow): RequestSummary {
  return {
    requestId: row.id,
    keyPrefix: row.key_prefix,
    accountId: row.account_id,
    mode: row.mode,
    status: row.status,
    address: row.body.address,
    category: row.body.category,
    score: row.result?.score ?? null,
    passed: row.result?.passed ?? null,
    errorCode: row.error?.code ?? null,
    deliveryState: row.delivery_state,
    createdAt: toIsoString(row.created_at),
    completedAt: toIsoOrNull(row.completed_at),
  };
}

/** The cursor of the row after which the next page starts: base64url of `<microseconds>.<request id>`. */
function cursorOf(row: SummaryRow): string {
  return Buffer.from(`${row.created_us}.${row.id}`, 'utf8').toString('base64url');
}

function positionOf(cursor: string): { micros: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,20})\.([0-9a-f-]{36})$/.exec(text);
  if (!match?.[1] || !match[2]) throw new InvalidCursorError();
  return { micros: match[1], id: match[2] };
}

/** The WHERE clause and parameters of a filter (and a cursor position). */
function whereOf(filter: RequestFilter, position: { micros: string; id: string } | null): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown): void => {
    params.push(value);
    conditions.push(condition(`$${params.length}`));
  };
  if (filter.keyId !== undefined) add((p) => `r.key_id = ${p}`, filter.keyId);
  if (filter.keyPrefix !== undefined) add((p) => `k.prefix = ${p}`, filter.keyPrefix);
  if (filter.accountId !== undefined) add((p) => `k.account_id = ${p}`, filter.accountId);
  if (filter.status !== undefined) add((p) => `r.status = ${p}`, filter.status);
  if (filter.mode !== undefined) add((p) => `r.mode = ${p}`, filter.mode);
  if (filter.since !== undefined) add((p) => `r.created_at >= ${p}`, filter.since);
  if (position !== null) {
    params.push(position.micros, position.id);
    const at = `'epoch'::timestamptz + $${params.length - 1}::bigint * interval '1 microsecond'`;
    conditions.push(`(r.created_at, r.id) < (${at}, $${params.length})`);
  }
  return { sql: conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`, params };
}

/**
 * The request log over a database. Listings read the requests kept by the
 * retention (30 days by default) without an index of their own, so that
 * scoring inserts stay as cheap as they were; a page is one query.
 *
 * @param db - a migrated database
 */
export function createRequestLogRepository(db: Db): RequestLogRepository {
  const deliveries = createDeliveryRepository(db);
  return {
    async page(filter, limit, cursor) {
      const { sql, params } = whereOf(filter, cursor === undefined ? null : positionOf(cursor));
      params.push(limit + 1);
      const result = await db.query<SummaryRow>(`${SELECT_SUMMARIES} ${sql} ORDER BY r.created_at DESC, r.id DESC LIMIT $${params.length}`, params);
      return keysetPage(result.rows, limit, summaryOf, cursorOf);
    },
    async detail(requestId, keyId) {
      const { sql, params } = whereOf(keyId === undefined ? {} : { keyId }, null);
      params.push(requestId);
      const where = `${sql === '' ? 'WHERE' : `${sql} AND`} r.id = $${params.length}`;
      const row = (await db.query<SummaryRow>(`${SELECT_SUMMARIES} ${where}`, params)).rows[0];
      if (!row) return null;
      return { ...summaryOf(row), webhookUrl: row.webhook_url, result: row.result, error: row.error, deliveries: await deliveries.list(row.id) };
    },
  };
}
