/**
 * Seconds to wait before each webhook delivery attempt (DESIGN.md): at once,
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: 8 attempts over about 28 hours
 * (the Standard Webhooks/Svix schedule).
 */
export const DEFAULT_RETRY_SCHEDULE: readonly number[] = [0, 5, 300, 1800, 7200, 18000, 36000, 36000];

/**
 * Parses `LOCSCORE_WEBHOOK_RETRY_SCHEDULE`: comma-separated non-negative
 * seconds (decimals allowed), one per attempt.
 *
 * @param text - e.g. `0,5,300`
 * @returns the delays in seconds
 * @throws Error naming the variable when an entry is not a non-negative number or the list is empty
 */
export function parseRetrySchedule(text: string): number[] {
  const parts = text.split(',').map((part) => part.trim()).filter((part) => part !== '');
  const values = parts.map(Number);
  if (values.length === 0 || values.some((value) => !Number.isFinite(value) || value < 0)) {
    throw new Error(`LOCSCORE_WEBHOOK_RETRY_SCHEDULE must be comma-separated non-negative seconds (got ${text})`);
  }
  return values;
}
