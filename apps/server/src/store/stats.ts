import type { Db } from '../db/db.js';

/**
 * Outcomes of a webhook delivery attempt: `delivered` (2xx), `gone` (410),
 * `http_error` (another status), `network_error` (no answer).
 */
export const WEBHOOK_OUTCOMES = ['delivered', 'gone', 'http_error', 'network_error'] as const;
/** One of {@link WEBHOOK_OUTCOMES}. */
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/** States of a webhook-mode request before it finishes. */
export const PENDING_STATUSES = ['queued', 'running'] as const;

/** Counts across every instance sharing the database, for `/metrics`. */
export interface StatsRepository {
  /** Webhook-mode requests waiting (`queued`) or being scored (`running`). */
  queueDepth(): Promise<Record<(typeof PENDING_STATUSES)[number], number>>;
  /** Delivery attempts recorded since the database was created (purged requests aside), by outcome. */
  webhookAttempts(): Promise<Record<WebhookOutcome, number>>;
}

/** Zero for every key, then the counted rows. */
function counts<K extends string>(keys: readonly K[], rows: ReadonlyArray<{ key: string; n: number }>): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, Number(rows.find((row) => row.key === key)?.n ?? 0)])) as Record<K, number>;
}

/**
 * The statistics repository over a database.
 *
 * @param db - a migrated database
 */
export function createStatsRepository(db: Db): StatsRepository {
  return {
    async queueDepth() {
      const { rows } = await db.query<{ key: string; n: number }>(
        "SELECT status AS key, count(*)::int AS n FROM requests WHERE status IN ('queued', 'running') GROUP BY status",
      );
      return counts(PENDING_STATUSES, rows);
    },
    async webhookAttempts() {
      const { rows } = await db.query<{ key: string; n: number }>(
        `SELECT CASE WHEN status_code BETWEEN 200 AND 299 THEN 'delivered'
                     WHEN status_code = 410 THEN 'gone'
                     WHEN status_code IS NULL THEN 'network_error'
                     ELSE 'http_error' END AS key,
                count(*)::int AS n
           FROM delivery_attempts GROUP BY 1`,
      );
      return counts(WEBHOOK_OUTCOMES, rows);
    },
  };
}
