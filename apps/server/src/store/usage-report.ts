import { type DailyActivity, type KeyMonthUsage, PLAN_QUOTAS, type RefusedDay, type UsageReport, type WebhookActivity } from '@locscore/schema';
import type { Db } from '../db/db.js';

/** An interval of UTC instants, `[start, end)`: a quota period as the usage service computes it. */
export interface ReportPeriod {
  start: Date;
  end: Date;
}

/** What one usage report covers. */
export interface UsageReportQuery {
  /** `YYYY-MM`. */
  month: string;
  /** The month's quota period (UTC). */
  period: ReportPeriod;
  /** The last instant with activity to show: the end of the period, or now in the current month. */
  until: Date;
  /** Only this key (a franchisor's own report); every key when absent. */
  keyId?: string;
}

/** Monthly usage reports for the dashboard's Overview and the admin API. */
export interface UsageReportRepository {
  /**
   * A month's report: each key's evaluations counted in its quota period
   * (every active key, and revoked keys that used any), requests per UTC day
   * of the month up to `until` (zeros included), and the outcomes of the
   * webhook deliveries started in the month. Daily counts come from the
   * stored requests, so days older than the request retention (30 days by
   * default) count none; `used` is the billing counter and is kept.
   * `refused` counts the refused requests of the key's account (of every
   * account, and those without one, in the operator's report).
   */
  report(query: UsageReportQuery): Promise<UsageReport>;
}

interface KeyRow {
  prefix: string;
  name: string | null;
  account_id: string;
  account_name: string;
  plan: KeyMonthUsage['plan'];
  used: number;
}

interface DayRow {
  day: string;
  requests: number;
  succeeded: number;
  failed: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of an instant, `YYYY-MM-DD`. */
function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Every UTC day from `start` up to `until` (inclusive), `YYYY-MM-DD`, at most to the period's end. */
function daysOf(period: ReportPeriod, until: Date): string[] {
  const last = Math.min(until.getTime(), period.end.getTime() - 1);
  const days: string[] = [];
  for (let at = period.start.getTime(); at <= last; at += DAY_MS) days.push(isoDay(new Date(at)));
  return days;
}

/**
 * The usage report repository over a database.
 *
 * @param db - a migrated database
 */
export function createUsageReportRepository(db: Db): UsageReportRepository {
  return {
    async report({ month, period, until, keyId }) {
      const keys = await db.query<KeyRow>(
        `SELECT k.prefix, k.name, k.account_id, a.name AS account_name, k.plan, coalesce(u.used, 0)::int AS used
         FROM api_keys k JOIN accounts a ON a.id = k.account_id
         LEFT JOIN usage u ON u.key_id = k.id AND u.period_start = $1
         WHERE ${keyId === undefined ? 'k.revoked_at IS NULL OR u.used > 0' : 'k.id = $2'}
         ORDER BY k.created_at, k.prefix`,
        keyId === undefined ? [period.start] : [period.start, keyId],
      );
      const scope = keyId === undefined ? '' : 'AND r.key_id = $3';
      const rangeParams = keyId === undefined ? [period.start, period.end] : [period.start, period.end, keyId];
      const days = await db.query<DayRow>(
        `SELECT to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS requests,
           (count(*) FILTER (WHERE r.status = 'succeeded'))::int AS succeeded, (count(*) FILTER (WHERE r.status = 'failed'))::int AS failed
         FROM requests r WHERE r.created_at >= $1 AND r.created_at < $2 ${scope} GROUP BY 1`,
        rangeParams,
      );
      const webhooks = await db.query<WebhookActivity>(
        `SELECT (count(*) FILTER (WHERE d.state = 'delivered'))::int AS delivered,
           (count(*) FILTER (WHERE d.state IN ('stopped', 'exhausted')))::int AS failed,
           (count(*) FILTER (WHERE d.state = 'pending'))::int AS pending
         FROM deliveries d JOIN requests r ON r.id = d.request_id WHERE d.created_at >= $1 AND d.created_at < $2 ${scope}`,
        rangeParams,
      );
      const refused = await db.query<{ day: string; refused: number }>(
        `SELECT to_char(f.day, 'YYYY-MM-DD') AS day, sum(f.refused)::int AS refused FROM refused_requests f
         WHERE f.day >= $1::date AND f.day < $2::date
         ${keyId === undefined ? '' : 'AND f.account_id = (SELECT account_id FROM api_keys WHERE id = $3)'} GROUP BY 1`,
        [isoDay(period.start), isoDay(period.end), ...(keyId === undefined ? [] : [keyId])],
      );
      const refusedOn = new Map(refused.rows.map((row) => [row.day, Number(row.refused)]));
      const refusedDays = daysOf(period, until).map((date): RefusedDay => ({ date, refused: refusedOn.get(date) ?? 0 }));
      const counted = new Map(days.rows.map((row) => [row.day, row]));
      return {
        month,
        periodStart: period.start.toISOString(),
        periodEnd: period.end.toISOString(),
        keys: keys.rows.map((row) => ({
          prefix: row.prefix,
          name: row.name,
          accountId: row.account_id,
          accountName: row.account_name,
          plan: row.plan,
          limit: PLAN_QUOTAS[row.plan],
          used: Number(row.used),
        })),
        days: daysOf(period, until).map((date): DailyActivity => {
          const row = counted.get(date);
          return { date, requests: row?.requests ?? 0, succeeded: row?.succeeded ?? 0, failed: row?.failed ?? 0 };
        }),
        refused: { total: refusedDays.reduce((sum, day) => sum + day.refused, 0), days: refusedDays },
        webhooks: webhooks.rows[0] ?? { delivered: 0, failed: 0, pending: 0 },
      };
    },
  };
}
