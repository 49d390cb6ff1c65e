import type { DeliveryStatus } from '@locscore/schema';
import type { Db } from './db.js';
import { toIsoOrNull } from './timestamps.js';

/** How a webhook delivery ended, or `pending` while attempts remain. */
export type DeliveryState = 'pending' | 'delivered' | 'stopped' | 'exhausted';

/** One recorded attempt. */
export interface DeliveryAttempt {
  attempt: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Webhook deliveries of asynchronous requests and every attempt made. */
export interface DeliveryRepository {
  /** Starts the delivery of a request, first attempt due at `nextAttemptAt`. */
  create(requestId: string, nextAttemptAt: Date): Promise<void>;
  /**
   * Records one attempt and the resulting state.
   *
   * @param nextAttemptAt - when the next attempt is due (state `pending`), else null
   */
  recordAttempt(requestId: string, attempt: DeliveryAttempt, state: DeliveryState, nextAttemptAt: Date | null): Promise<void>;
  /** The delivery progress shown by the status endpoint (zeros when none exists). */
  status(requestId: string): Promise<DeliveryStatus & { state: DeliveryState | null }>;
  /** Every attempt of a request, in order. */
  attempts(requestId: string): Promise<DeliveryAttempt[]>;
}

/**
 * The delivery repository over a database or transaction.
 *
 * @param db - a migrated database or transaction
 */
export function createDeliveryRepository(db: Db): DeliveryRepository {
  return {
    async create(requestId, nextAttemptAt) {
      await db.query(
        `INSERT INTO deliveries (request_id, state, next_attempt_at) VALUES ($1, 'pending', $2)
         ON CONFLICT (request_id) DO NOTHING`,
        [requestId, nextAttemptAt],
      );
    },
    async recordAttempt(requestId, attempt, state, nextAttemptAt) {
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO delivery_attempts (request_id, attempt, status_code, error, duration_ms) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (request_id, attempt) DO NOTHING`,
          [requestId, attempt.attempt, attempt.statusCode, attempt.error, attempt.durationMs],
        );
        await tx.query(
          `UPDATE deliveries SET attempts = GREATEST(attempts, $2), last_status_code = $3, state = $4,
             next_attempt_at = $5, delivered_at = CASE WHEN $4 = 'delivered' THEN now() ELSE delivered_at END
           WHERE request_id = $1`,
          [requestId, attempt.attempt, attempt.statusCode, state, nextAttemptAt],
        );
      });
    },
    async status(requestId) {
      const result = await db.query<{
        attempts: number;
        last_status_code: number | null;
        next_attempt_at: unknown;
        delivered_at: unknown;
        state: DeliveryState;
      }>('SELECT * FROM deliveries WHERE request_id = $1', [requestId]);
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
    async attempts(requestId) {
      const result = await db.query<{ attempt: number; status_code: number | null; error: string | null; duration_ms: number }>(
        'SELECT * FROM delivery_attempts WHERE request_id = $1 ORDER BY attempt',
        [requestId],
      );
      return result.rows.map((row) => ({
        attempt: row.attempt,
        statusCode: row.status_code,
        error: row.error,
        durationMs: row.duration_ms,
      }));
    },
  };
}
