import { randomUUID } from 'node:crypto';
import type { Delivery, DeliveryStatus } from '@locscore/schema';
import type { Db } from '../db/db.js';
import { toIsoOrNull, toIsoString } from '../db/timestamps.js';

/** How a webhook delivery ended, or `pending` while attempts remain. */
export type DeliveryState = 'pending' | 'delivered' | 'stopped' | 'exhausted';

/** Why a delivery exists: the request finished (`original`), or someone asked again (`redelivery`). */
export type DeliveryKind = 'original' | 'redelivery';

/** One recorded attempt. */
export interface DeliveryAttempt {
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** One delivery's progress, as its next attempt needs it. */
export interface DeliveryProgress {
  id: string;
  requestId: string;
  state: DeliveryState;
  /** Attempts recorded so far. */
  attempts: number;
}

/** Where a delivery goes and whose it is: what the delivery dispatcher's limits count. */
export interface DeliveryTarget {
  deliveryId: string;
  requestId: string;
  state: DeliveryState;
  /** The request's webhook URL; null for a synchronous request. */
  webhookUrl: string | null;
  /** The account of the key the request was made with. */
  accountId: string;
}

/**
 * Webhook deliveries of asynchronous requests and every attempt made. A
 * request has one `original` delivery (started when it finished) and a
 * `redelivery` for each time one was asked for; each has its own attempts.
 */
export interface DeliveryRepository {
  /**
   * Starts a delivery of a request, first attempt due at `nextAttemptAt`.
   *
   * @param kind - `original` (at most one per request) or `redelivery`. @default 'original'
   * @returns the new delivery's id (UUID v4); null when the request already has its original
   */
  create(requestId: string, nextAttemptAt: Date, kind?: DeliveryKind): Promise<string | null>;
  /**
   * Records one attempt of a delivery and the resulting state.
   *
   * @param nextAttemptAt - when the next attempt is due (state `pending`), else null
   */
  recordAttempt(deliveryId: string, attempt: DeliveryAttempt, state: DeliveryState, nextAttemptAt: Date | null): Promise<void>;
  /** One delivery's progress; null when unknown. */
  progress(deliveryId: string): Promise<DeliveryProgress | null>;
  /** The id of a request's original delivery; null when it has none. */
  originalOf(requestId: string): Promise<string | null>;
  /** The progress of a request's latest delivery, as the status endpoint shows it (zeros when none exists). */
  status(requestId: string): Promise<DeliveryStatus & { state: DeliveryState | null }>;
  /** Every delivery of a request, oldest first, each with every attempt in order. */
  list(requestId: string): Promise<Delivery[]>;
  /** Where a delivery goes and whose it is, in one statement; null when unknown. */
  target(deliveryId: string): Promise<DeliveryTarget | null>;
  /** Redeliveries of the account's requests created since `since` (the per-account redelivery budget). */
  redeliveriesSince(accountId: string, since: Date): Promise<number>;
}

interface DeliveryRow {
  id: string;
  request_id: string;
  kind: DeliveryKind;
  state: DeliveryState;
  attempts: number;
  last_status_code: number | null;
  next_attempt_at: unknown;
  delivered_at: unknown;
  created_at: unknown;
}

interface AttemptRow {
  delivery_id: string;
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  attempted_at: unknown;
}

/**
 * The delivery repository over a database or transaction.
 *
 * @param db - a migrated database or transaction
 */
export function createDeliveryRepository(db: Db): DeliveryRepository {
  return {
    async create(requestId, nextAttemptAt, kind = 'original') {
      const conflict = kind === 'original' ? "ON CONFLICT (request_id) WHERE kind = 'original' DO NOTHING" : '';
      const result = await db.query<{ id: string }>(
        `INSERT INTO deliveries (id, request_id, kind, state, next_attempt_at) VALUES ($1, $2, $3, 'pending', $4) ${conflict} RETURNING id`,
        [randomUUID(), requestId, kind, nextAttemptAt],
      );
      return result.rows[0]?.id ?? null;
    },
    async recordAttempt(deliveryId, attempt, state, nextAttemptAt) {
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO delivery_attempts (request_id, delivery_id, attempt, status_code, error, duration_ms)
           SELECT request_id, id, $2, $3, $4, $5 FROM deliveries WHERE id = $1
           ON CONFLICT (delivery_id, attempt) DO NOTHING`,
          [deliveryId, attempt.attempt, attempt.statusCode, attempt.error, attempt.durationMs],
        );
        await tx.query(
          `UPDATE deliveries SET attempts = GREATEST(attempts, $2), last_status_code = $3, state = $4,
             next_attempt_at = $5, delivered_at = CASE WHEN $4 = 'delivered' THEN now() ELSE delivered_at END
           WHERE id = $1`,
          [deliveryId, attempt.attempt, attempt.statusCode, state, nextAttemptAt],
        );
      });
    },
    async progress(deliveryId) {
      const row = (await db.query<DeliveryRow>('SELECT * FROM deliveries WHERE id = $1', [deliveryId])).rows[0];
      return row ? { id: row.id, requestId: row.request_id, state: row.state, attempts: row.attempts } : null;
    },
    async originalOf(requestId) {
      const result = await db.query<{ id: string }>("SELECT id FROM deliveries WHERE request_id = $1 AND kind = 'original'", [requestId]);
      return result.rows[0]?.id ?? null;
    },
    async status(requestId) {
      const result = await db.query<DeliveryRow>('SELECT * FROM deliveries WHERE request_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1', [requestId]);
      const row = result.rows[0];
      if (!row) return { attempts: 0, lastStatusCode: null, nextAttemptAt: null, deliveredAt: null, state: null };
      return {
        attempts: row.attempts,
        lastStatusCode: row.last_status_code,
        nextAttemptAt: toIsoOrNull(row.next_attempt_at),
        deliveredAt: toIsoOrNull(row.delivered_at),
        state: row.state,
      };
    },
    async target(deliveryId) {
      const result = await db.query<{ id: string; request_id: string; state: DeliveryState; webhook_url: string | null; account_id: string }>(
        `SELECT d.id, d.request_id, d.state, r.webhook_url, k.account_id
         FROM deliveries d JOIN requests r ON r.id = d.request_id JOIN api_keys k ON k.id = r.key_id WHERE d.id = $1`,
        [deliveryId],
      );
      const row = result.rows[0];
      return row ? { deliveryId: row.id, requestId: row.request_id, state: row.state, webhookUrl: row.webhook_url, accountId: row.account_id } : null;
    },
    async redeliveriesSince(accountId, since) {
      const result = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM deliveries d JOIN requests r ON r.id = d.request_id JOIN api_keys k ON k.id = r.key_id
         WHERE k.account_id = $1 AND d.kind = 'redelivery' AND d.created_at >= $2`,
        [accountId, since],
      );
      return Number(result.rows[0]?.n ?? 0);
    },
    async list(requestId) {
      const deliveries = await db.query<DeliveryRow>('SELECT * FROM deliveries WHERE request_id = $1 ORDER BY created_at, id', [requestId]);
      const attempts = await db.query<AttemptRow>('SELECT * FROM delivery_attempts WHERE request_id = $1 ORDER BY attempt', [requestId]);
      return deliveries.rows.map((row) => ({
        deliveryId: row.id,
        kind: row.kind,
        state: row.state,
        createdAt: toIsoString(row.created_at),
        deliveredAt: toIsoOrNull(row.delivered_at),
        nextAttemptAt: toIsoOrNull(row.next_attempt_at),
        attempts: attempts.rows
          .filter((attempt) => attempt.delivery_id === row.id)
          .map((attempt) => ({
            attempt: attempt.attempt,
            at: toIsoString(attempt.attempted_at),
            statusCode: attempt.status_code,
            durationMs: attempt.duration_ms,
            error: attempt.error,
          })),
      }));
    },
  };
}
