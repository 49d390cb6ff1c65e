import type { Db } from './db.js';

/** Outcome of {@link UsageRepository.reserve}. */
export type Reservation =
  /** The unit is counted; `used` includes it. */
  | { ok: true; used: number }
  /** The quota is spent; nothing was counted. */
  | { ok: false; used: number };

/** Monthly usage per key: atomic reserve-and-count, and give-back. */
export interface UsageRepository {
  /**
   * Counts one evaluation in the period if the key is under its limit, in one
   * statement (`INSERT … ON CONFLICT DO UPDATE … WHERE used < limit RETURNING`),
   * so that concurrent requests never exceed the quota.
   *
   * @param keyId - the key's internal id
   * @param periodStart - start of the quota period (UTC)
   * @param limit - evaluations per period, or null for unlimited
   */
  reserve(keyId: string, periodStart: Date, limit: number | null): Promise<Reservation>;
  /** Gives one unit back (a 500 or a failed asynchronous job); never below 0. */
  release(keyId: string, periodStart: Date): Promise<void>;
  /** Evaluations counted in the period. */
  used(keyId: string, periodStart: Date): Promise<number>;
}

/** SQL of the atomic reservation; `$3` null means unlimited. */
export const RESERVE_SQL = `INSERT INTO usage (key_id, period_start, used)
SELECT $1, $2, 1 WHERE $3::integer IS NULL OR $3::integer > 0
ON CONFLICT (key_id, period_start) DO UPDATE SET used = usage.used + 1
  WHERE $3::integer IS NULL OR usage.used < $3::integer
RETURNING used`;

/**
 * The usage repository over a database (or a transaction, so that a
 * reservation commits together with the request it pays for).
 *
 * @param db - a migrated database or transaction
 */
export function createUsageRepository(db: Db): UsageRepository {
  const repository: UsageRepository = {
    async reserve(keyId, periodStart, limit) {
      const result = await db.query<{ used: number }>(RESERVE_SQL, [keyId, periodStart, limit]);
      const row = result.rows[0];
      if (row) return { ok: true, used: row.used };
      return { ok: false, used: await repository.used(keyId, periodStart) };
    },
    async release(keyId, periodStart) {
      await db.query('UPDATE usage SET used = used - 1 WHERE key_id = $1 AND period_start = $2 AND used > 0', [
        keyId,
        periodStart,
      ]);
    },
    async used(keyId, periodStart) {
      const result = await db.query<{ used: number }>(
        'SELECT used FROM usage WHERE key_id = $1 AND period_start = $2',
        [keyId, periodStart],
      );
      return result.rows[0]?.used ?? 0;
    },
  };
  return repository;
}
