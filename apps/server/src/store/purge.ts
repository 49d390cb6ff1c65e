import type { Db } from '../db/db.js';
import { IDEMPOTENCY_TTL_MS } from './idempotency.js';

/** Days a finished request (with its result, delivery and attempts) is kept: 30. */
export const DEFAULT_REQUEST_RETENTION_DAYS = 30;

/** Rows removed by {@link purgeExpired}. */
export interface PurgeReport {
  /** Finished requests older than the retention (their deliveries and attempts went with them). */
  requests: number;
  /** Idempotency keys older than 24 hours (they no longer replay). */
  idempotencyKeys: number;
  /** Dashboard sessions past their expiry (they no longer sign anyone in). */
  sessions: number;
}

/** Options of {@link purgeExpired}. */
export interface PurgeOptions {
  /** The current time (UTC); the server's clock. */
  now: Date;
  /** Days to keep finished requests; default {@link DEFAULT_REQUEST_RETENTION_DAYS}. */
  requestRetentionDays?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes, in one transaction, the requests that finished (`succeeded` or
 * `failed`) and were created more than `requestRetentionDays` before `now`,
 * with their delivery and delivery attempts, unless a webhook delivery is
 * still `pending`; the idempotency keys older than 24 hours; and the
 * dashboard sessions past their expiry. Usage
 * counters are kept (they are the billing record). Safe to run from several
 * instances at once.
 *
 * @param db - a migrated database
 * @param options - see {@link PurgeOptions}
 * @returns the counts removed
 * @throws RangeError when `requestRetentionDays` is not a positive number
 */
export async function purgeExpired(db: Db, options: PurgeOptions): Promise<PurgeReport> {
  const days = options.requestRetentionDays ?? DEFAULT_REQUEST_RETENTION_DAYS;
  if (!Number.isFinite(days) || days <= 0) {
    throw new RangeError(`requestRetentionDays must be a positive number of days (got ${days})`);
  }
  const requestsBefore = new Date(options.now.getTime() - days * DAY_MS);
  const keysBefore = new Date(options.now.getTime() - IDEMPOTENCY_TTL_MS);
  return db.transaction(async (tx) => {
    const expired = `SELECT r.id FROM requests r
      WHERE r.created_at < $1 AND r.status IN ('succeeded', 'failed')
        AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.request_id = r.id AND d.state = 'pending')`;
    await tx.query(`DELETE FROM delivery_attempts WHERE request_id IN (${expired})`, [requestsBefore]);
    await tx.query(`DELETE FROM deliveries WHERE request_id IN (${expired})`, [requestsBefore]);
    const requests = await tx.query(`DELETE FROM requests WHERE id IN (${expired}) RETURNING id`, [requestsBefore]);
    const keys = await tx.query('DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING key_id', [keysBefore]);
    const sessions = await tx.query('DELETE FROM dashboard_sessions WHERE expires_at <= $1 RETURNING kind', [options.now]);
    return { requests: requests.rows.length, idempotencyKeys: keys.rows.length, sessions: sessions.rows.length };
  });
}
