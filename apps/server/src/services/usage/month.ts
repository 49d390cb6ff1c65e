import type { QuotaPeriod } from './period.js';
import { quotaPeriod } from './period.js';

/**
 * The month (`YYYY-MM`, UTC) of an instant, as usage reports name periods.
 *
 * @param at - any instant
 */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/**
 * The quota period of a month.
 *
 * @param month - `YYYY-MM` (already validated by `UsageMonth`)
 * @returns 00:00 UTC on its 1st to 00:00 UTC on the next month's 1st
 */
export function periodOfMonth(month: string): QuotaPeriod {
  const [year, number] = month.split('-').map(Number);
  return quotaPeriod(new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)));
}
