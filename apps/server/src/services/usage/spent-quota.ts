import { PLAN_QUOTAS, type Plan } from '@locscore/schema';
import type { Reservation, UsageRepository } from '../../store/usage.js';
import type { QuotaPeriod } from './period.js';

/**
 * A refused reservation when the key's plan has a limit and the period's
 * count has already reached it, else null: read (one primary-key lookup)
 * before a request does any work for its account, so that a key with no
 * quota left is answered 429 without scoring, building its account's unit
 * network or checking a territory. The reservation made after the work
 * stays the one that counts (it also refuses the requests that raced past
 * this read); an unlimited plan reads nothing.
 *
 * @param usage - the usage repository
 * @param key - the key's internal id and plan
 * @param period - the quota period the request would count in
 */
export async function spentQuota(usage: UsageRepository, key: { id: string; plan: Plan }, period: QuotaPeriod): Promise<Reservation | null> {
  const limit = PLAN_QUOTAS[key.plan];
  if (limit === null) return null;
  const used = await usage.used(key.id, period.start);
  return used >= limit ? { ok: false, used, limit } : null;
}
