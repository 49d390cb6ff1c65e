import type { DailyActivity, WebhookActivity } from '@locscore/schema';

/**
 * Share of finished requests that failed (scoring failed after the
 * retries), over the given days.
 *
 * @param days - requests per day
 * @returns 0–1, or null when no request has finished (no rate, not 0%)
 */
export function errorRate(days: readonly DailyActivity[]): number | null {
  let failed = 0;
  let finished = 0;
  for (const day of days) {
    failed += day.failed;
    finished += day.succeeded + day.failed;
  }
  return finished === 0 ? null : failed / finished;
}

/**
 * Share of finished webhook deliveries that reached the receiver (a 2xx);
 * deliveries still pending count in neither.
 *
 * @param webhooks - deliveries by state
 * @returns 0–1, or null when no delivery has finished
 */
export function webhookSuccessRate(webhooks: WebhookActivity): number | null {
  const finished = webhooks.delivered + webhooks.failed;
  return finished === 0 ? null : webhooks.delivered / finished;
}

/**
 * How much of a quota is used, for a meter.
 *
 * @param used - evaluations used this period
 * @param limit - evaluations per period; null is unlimited
 * @returns 0–1 (1 once spent, even after a downgrade below `used`), or null for unlimited
 */
export function quotaFraction(used: number, limit: number | null): number | null {
  if (limit === null) return null;
  return limit === 0 ? 1 : Math.min(1, used / limit);
}

/** Requests accepted over the given days. */
export function totalRequests(days: readonly DailyActivity[]): number {
  return days.reduce((sum, day) => sum + day.requests, 0);
}
