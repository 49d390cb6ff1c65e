/** A quota period: one calendar month in UTC, `[start, end)`. */
export interface QuotaPeriod {
  /** 00:00 UTC on the 1st of the month. */
  start: Date;
  /** 00:00 UTC on the 1st of the next month: when the quota resets. */
  end: Date;
}

/**
 * The quota period containing `now` (docs/api.md: quotas reset at 00:00 UTC on
 * the 1st).
 *
 * @param now - any instant
 * @returns the UTC month around it
 */
export function quotaPeriod(now: Date): QuotaPeriod {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
}

/**
 * Whole seconds from `now` until the period resets, at least 1 (for `Retry-After`).
 *
 * @param now - the current instant
 */
export function secondsUntilReset(now: Date): number {
  return Math.max(1, Math.ceil((quotaPeriod(now).end.getTime() - now.getTime()) / 1000));
}
