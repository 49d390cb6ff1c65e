import { HEADERS } from '@locscore/schema';
import type { Response } from 'express';
import type { QuotaPeriod } from '../services/usage/period.js';

/** Quota figures of one key in one period. */
export interface QuotaState {
  /** Evaluations per period; null is unlimited. */
  limit: number | null;
  /** Evaluations counted so far. */
  used: number;
  period: QuotaPeriod;
}

/**
 * Sets `X-Quota-Limit`, `X-Quota-Remaining` (never negative) and
 * `X-Quota-Reset` (ISO 8601 UTC); `unlimited` for the first two on an
 * unlimited plan.
 *
 * @param res - the response
 * @param state - the key's quota
 */
export function setQuotaHeaders(res: Response, state: QuotaState): void {
  res.setHeader(HEADERS.quotaLimit, state.limit === null ? 'unlimited' : String(state.limit));
  res.setHeader(HEADERS.quotaRemaining, state.limit === null ? 'unlimited' : String(Math.max(0, state.limit - state.used)));
  res.setHeader(HEADERS.quotaReset, state.period.end.toISOString());
}
