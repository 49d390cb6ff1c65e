import { type ApiKeyRecord, PLAN_QUOTAS, type Plan } from '@locscore/schema';
import type { Db } from '../db/db.js';
import { toIsoOrNull, toIsoString } from '../db/timestamps.js';

/** Keys as the admin API lists them: account, plan, usage this period and last use. */
export interface KeyRecordRepository {
  /**
   * Keys oldest first (revoked ones included), each with its usage in the
   * current quota period under its current plan's limit and when it last authenticated.
   *
   * @param filter - `accountId`: one account's keys; `prefix`: the one key with that prefix
   * @param period - the quota period (UTC month, `[start, end)`) whose usage is reported
   */
  records(filter: { accountId?: string; prefix?: string }, period: { start: Date; end: Date }): Promise<ApiKeyRecord[]>;
}

interface RecordRow {
  prefix: string;
  name: string | null;
  plan: Plan;
  account_id: string;
  account_name: string;
  created_at: unknown;
  revoked_at: unknown;
  last_used_at: unknown;
  used: number;
}

/**
 * The key record repository over a database.
 *
 * @param db - a migrated database
 */
export function createKeyRecordRepository(db: Db): KeyRecordRepository {
  return {
    async records(filter, period) {
      const params: unknown[] = [period.start];
      const conditions: string[] = [];
      if (filter.accountId !== undefined) {
        params.push(filter.accountId);
        conditions.push(`k.account_id = $${params.length}`);
      }
      if (filter.prefix !== undefined) {
        params.push(filter.prefix);
        conditions.push(`k.prefix = $${params.length}`);
      }
      const result = await db.query<RecordRow>(
        `SELECT k.prefix, k.name, k.plan, k.account_id, a.name AS account_name, k.created_at, k.revoked_at,
           l.used_at AS last_used_at, coalesce(u.used, 0)::int AS used
         FROM api_keys k JOIN accounts a ON a.id = k.account_id
         LEFT JOIN key_last_use l ON l.key_id = k.id
         LEFT JOIN usage u ON u.key_id = k.id AND u.period_start = $1
         ${conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`}
         ORDER BY k.created_at, k.prefix`,
        params,
      );
      return result.rows.map((row) => ({
        prefix: row.prefix,
        name: row.name,
        plan: row.plan,
        accountId: row.account_id,
        accountName: row.account_name,
        createdAt: toIsoString(row.created_at),
        revokedAt: toIsoOrNull(row.revoked_at),
        lastUsedAt: toIsoOrNull(row.last_used_at),
        usage: { used: Number(row.used), limit: PLAN_QUOTAS[row.plan], resetAt: period.end.toISOString() },
      }));
    },
  };
}
