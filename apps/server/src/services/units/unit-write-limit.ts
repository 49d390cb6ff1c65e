import { type Plan, UNIT_NETWORK_BUDGETS, type UnitNetworkBudget } from '@locscore/schema';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Refusal } from '../refusal.js';

/** Seconds of the unit write window: an hour. */
const WINDOW_SECONDS = 3600;

/**
 * Unit writes per account per hour, by the plan of the key writing
 * (`UnitNetworkBudget.writesPerHour`; rate-limiter-flexible's in-memory
 * windows, so N instances admit up to N times as many).
 */
export interface UnitWriteLimit {
  /**
   * Counts `writes` unit writes of the account, or refuses them all when
   * fewer remain in the window (nothing counted then).
   *
   * @param accountId - the account written to
   * @param plan - the plan of the key writing
   * @param writes - 1 for a create, update or delete; the rows of an import
   * @throws Refusal 429 `rate_limited` with `Retry-After` and `details: { limit, windowSeconds, remaining, retryAfterSeconds }`
   */
  take(accountId: string, plan: Plan, writes: number): Promise<void>;
}

/**
 * A {@link UnitWriteLimit}.
 *
 * @param budgets - each plan's budget. @default UNIT_NETWORK_BUDGETS
 */
export function createUnitWriteLimit(budgets: Readonly<Record<Plan, UnitNetworkBudget>> = UNIT_NETWORK_BUDGETS): UnitWriteLimit {
  const limiters = new Map<Plan, RateLimiterMemory>();
  const limiterOf = (plan: Plan): RateLimiterMemory => {
    let limiter = limiters.get(plan);
    if (limiter === undefined) {
      limiter = new RateLimiterMemory({ points: budgets[plan].writesPerHour, duration: WINDOW_SECONDS, keyPrefix: `locscore-unit-writes-${plan}` });
      limiters.set(plan, limiter);
    }
    return limiter;
  };
  return {
    async take(accountId, plan, writes) {
      const limit = budgets[plan].writesPerHour;
      const limiter = limiterOf(plan);
      const state = await limiter.get(accountId);
      const remaining = Math.max(0, limit - (state?.consumedPoints ?? 0));
      if (writes <= remaining) {
        await limiter.penalty(accountId, writes);
        return;
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((state?.msBeforeNext ?? WINDOW_SECONDS * 1000) / 1000));
      throw new Refusal(
        'rate_limited',
        `the plan allows ${limit} unit writes an hour per account and ${remaining} remain; this request makes ${writes}. Retry after ${retryAfterSeconds} s (nothing was written)`,
        { limit, windowSeconds: WINDOW_SECONDS, remaining, retryAfterSeconds },
        { 'Retry-After': String(retryAfterSeconds) },
      );
    },
  };
}
