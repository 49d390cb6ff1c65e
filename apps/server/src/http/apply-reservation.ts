import type { Response } from 'express';
import { type QuotaPeriod, secondsUntilReset } from '../services/usage/period.js';
import type { Reservation } from '../store/usage.js';
import { ApiError } from './api-error.js';
import { setQuotaHeaders } from './quota-headers.js';

/**
 * Sets the quota headers of a granted reservation; for a refused one (quota
 * spent) throws the 429 with `Retry-After` (seconds to the reset), the quota
 * headers and `details: { limit, used, resetAt }`.
 *
 * @param res - the response
 * @param period - the quota period the unit was asked in (UTC)
 * @param reservation - the store's answer
 * @param now - the current time
 * @throws ApiError 429 `quota_exceeded` when the reservation was refused
 */
export function applyReservation(res: Response, period: QuotaPeriod, reservation: Reservation, now: Date): void {
  const { limit } = reservation;
  setQuotaHeaders(res, { limit, used: reservation.used, period });
  if (reservation.ok) return;
  const resetAt = period.end.toISOString();
  throw new ApiError(
    'quota_exceeded',
    `monthly quota of ${limit ?? 0} evaluations is spent; it resets at ${resetAt}`,
    { limit: limit ?? 0, used: reservation.used, resetAt },
    { 'Retry-After': String(secondsUntilReset(now)) },
  );
}
