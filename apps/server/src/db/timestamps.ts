/**
 * An ISO 8601 UTC string from a `timestamptz` column value (both drivers
 * answer a `Date`; a string is parsed).
 *
 * @param value - the column value
 * @returns e.g. `2026-11-01T00:00:00.000Z`
 * @throws TypeError when the value is not a date
 */
export function toIsoString(value: unknown): string {
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (date === null || Number.isNaN(date.getTime())) throw new TypeError(`not a timestamp: ${String(value)}`);
  return date.toISOString();
}

/**
 * Like {@link toIsoString}, but null stays null.
 *
 * @param value - the column value, possibly null
 */
export function toIsoOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : toIsoString(value);
}
