import { type Encroachment, formatDistance, PLAN_QUOTAS, type Plan } from '@locscore/schema';

/** What the dashboard shows for a value that does not exist (no station, unlimited rate, no data). */
export const NONE = '—';

const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A great-circle distance for people, as every surface writes it
 * (`formatDistance` of `@locscore/schema`: `420 m`, `1.5 km`, `6,398 km`).
 *
 * @param metres - distance in metres, or null when there is none
 */
export function formatMetres(metres: number | null): string {
  if (metres === null || !Number.isFinite(metres)) return NONE;
  return formatDistance(metres);
}

/**
 * The units whose protected territory holds a site, each with its status and
 * great-circle distance (`Perry Street (open, 120 m away)`), joined by `; `.
 *
 * @param units - the encroached units, as a score or a territory check lists them
 * @param none - what to show when there are none
 */
export function formatEncroachments(units: readonly Encroachment[], none: string): string {
  if (units.length === 0) return none;
  return units.map((unit) => `${unit.name} (${unit.status}, ${formatMetres(unit.distanceMetres)} away)`).join('; ');
}

/**
 * A 0–10 score with its one decimal (`7.0`, never `7`).
 *
 * @param score - the score, or null before there is one
 */
export function formatScore(score: number | null): string {
  return score === null ? NONE : score.toFixed(1);
}

/**
 * A share as a whole percentage (`83%`).
 *
 * @param ratio - 0–1, or null when there is nothing to divide (no requests yet)
 */
export function formatPercent(ratio: number | null): string {
  return ratio === null ? NONE : percent.format(ratio);
}

/**
 * A quota limit: a whole number, or `unlimited`.
 *
 * @param limit - evaluations per period, null for unlimited
 */
export function formatLimit(limit: number | null): string {
  return limit === null ? 'unlimited' : whole.format(limit);
}

/**
 * A plan with its monthly quota, e.g. `Starter (20 a month)`.
 *
 * @param plan - the plan
 */
export function formatPlan(plan: Plan): string {
  const name = plan.charAt(0).toUpperCase() + plan.slice(1);
  const quota = PLAN_QUOTAS[plan];
  return quota === null ? `${name} (unlimited)` : `${name} (${whole.format(quota)} a month)`;
}

/**
 * A time in UTC, as the API keeps every time (`2 Nov 2026, 10:00 UTC`).
 *
 * @param iso - ISO 8601 time, or null
 */
export function formatDateTime(iso: string | null): string {
  if (iso === null) return NONE;
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? NONE : `${dateTime.format(time)} UTC`;
}

/**
 * A UTC day as a chart label (`2 Nov`), from `YYYY-MM-DD`.
 *
 * @param isoDate - `YYYY-MM-DD`
 */
export function formatDay(isoDate: string): string {
  return day.format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * A UTC date without the time (`1 Dec 2026`), for quota resets.
 *
 * @param iso - ISO 8601 time
 */
export function formatDate(iso: string): string {
  return date.format(new Date(iso));
}

/**
 * The month of a time in UTC, as quota periods are named (`2026-11`).
 *
 * @param now - the time
 */
export function monthOf(now: Date): string {
  return `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
}
