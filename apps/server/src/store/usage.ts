import { PLAN_QUOTAS } from '@locscore/schema';
import { type CoalesceOptions, singleCall } from '../db/coalesce.js';
import type { Db } from '../db/db.js';

/**
 * Outcome of {@link UsageRepository.reserve}. `limit` is the limit of the
 * key's plan as stored when the unit was reserved (null: unlimited), the
 * figure for `X-Quota-Limit`.
 */
export type Reservation =
  /** The unit is counted; `used` includes it. */
  | { ok: true; used: number; limit: number | null }
  /** The quota is spent; nothing was counted. */
  | { ok: false; used: number; limit: number | null };

/** Each plan's limit as the JSON parameter of `locscore_reserve_plan_units` (null: unlimited), from `PLAN_QUOTAS`. */
export const PLAN_LIMITS_JSON = JSON.stringify(PLAN_QUOTAS);

/** Monthly usage per key: atomic reserve-and-count, and give-back. */
export interface UsageRepository {
  /**
   * Counts one evaluation in the period if the key is under the limit of its
   * plan, in one statement (`locscore_reserve_plan_units`, migration 4): the
   * plan is read from the key's row when the unit is reserved, under a share
   * lock that a plan change waits for, so concurrent requests never exceed the
   * quota and a plan change applies to the next reservation. `used` of a
   * refusal is the count read just after it.
   *
   * @param keyId - the key's internal id
   * @param periodStart - start of the quota period (UTC)
   * @throws the driver's error for an unknown key id (foreign key)
   */
  reserve(keyId: string, periodStart: Date): Promise<Reservation>;
  /** Gives one unit back (a 500 or a failed asynchronous job); never below 0. */
  release(keyId: string, periodStart: Date): Promise<void>;
  /** Evaluations counted in the period. */
  used(keyId: string, periodStart: Date): Promise<number>;
}

/** One call of {@link UsageRepository.reserve}. */
export interface ReserveCall {
  keyId: string;
  periodStart: Date;
}

/** `locscore_reserve_plan_units` answers one row per group of {@link ReservationGroups}. */
export interface ReservedRow {
  /** 1-based index of the group. */
  slot: number;
  /** Units granted to the group (its first calls, in call order). */
  granted: number;
  /** The period's count after the grant. */
  used_now: number;
  /** The limit of the key's plan the grant was made under; null when unlimited. */
  quota: number | null;
}

/** Calls of one batch grouped for `locscore_reserve_plan_units` (migration 4). */
export interface ReservationGroups {
  /**
   * The function's parameters: key ids, period starts, the number of calls
   * of each group, and each plan's limit ({@link PLAN_LIMITS_JSON}).
   */
  params: [string[], Date[], number[], string];
  /** For each call, in call order: its 1-based group and its 1-based rank in that group. */
  places: Array<{ group: number; rank: number }>;
  /** Each call's {@link Reservation}, in call order, from the function's rows. */
  outcomes(rows: readonly ReservedRow[]): Reservation[];
}

/**
 * Groups the reservations of one batch for `locscore_reserve_plan_units`:
 * the calls for one key and period are counted together, and the function
 * takes that key's row locks once and grants `min(count, limit - used)` in
 * one write. The first calls of a group get the units, in call order, each
 * with its own running count; the rest are refused at the limit: what the
 * same calls made one by one would answer.
 *
 * @param calls - the batch's reservations, in call order
 */
export function groupReservations(calls: readonly ReserveCall[]): ReservationGroups {
  const groups = new Map<string, { call: ReserveCall; index: number; slots: number[] }>();
  const places: Array<{ group: number; rank: number }> = [];
  calls.forEach((call, slot) => {
    const id = `${call.keyId}\u0000${call.periodStart.getTime()}`;
    let group = groups.get(id);
    if (!group) {
      group = { call, index: groups.size + 1, slots: [] };
      groups.set(id, group);
    }
    group.slots.push(slot);
    places.push({ group: group.index, rank: group.slots.length });
  });
  const list = [...groups.values()];
  return {
    params: [list.map((group) => group.call.keyId), list.map((group) => group.call.periodStart), list.map((group) => group.slots.length), PLAN_LIMITS_JSON],
    places,
    outcomes(rows) {
      const outcomes = new Array<Reservation>(calls.length);
      for (const row of rows) {
        const group = list[row.slot - 1] as (typeof list)[number];
        const before = row.used_now - row.granted;
        const limit = row.quota;
        group.slots.forEach((slot, i) => {
          outcomes[slot] = i < row.granted ? { ok: true, used: before + i + 1, limit } : { ok: false, used: row.used_now, limit };
        });
      }
      return outcomes;
    },
  };
}

/** Runs the reservations of one batch in one round trip ({@link groupReservations}). */
async function reserveAll(db: Db, calls: readonly ReserveCall[]): Promise<Reservation[]> {
  const groups = groupReservations(calls);
  const result = await db.query<ReservedRow>(
    'SELECT slot, granted, used_now, quota FROM locscore_reserve_plan_units($1::text[], $2::timestamptz[], $3::integer[], $4::jsonb)',
    groups.params,
  );
  return groups.outcomes(result.rows);
}

/**
 * The usage repository over a database (or a transaction, so that a
 * reservation commits together with the request it pays for).
 *
 * @param db - a migrated database or transaction
 * @param options - see {@link CoalesceOptions}
 */
export function createUsageRepository(db: Db, options: CoalesceOptions = {}): UsageRepository {
  const reserveOne = singleCall((calls: readonly ReserveCall[]) => reserveAll(db, calls), options);
  return {
    reserve: (keyId, periodStart) => reserveOne({ keyId, periodStart }),
    async release(keyId, periodStart) {
      await db.query('UPDATE usage SET used = used - 1 WHERE key_id = $1 AND period_start = $2 AND used > 0', [keyId, periodStart]);
    },
    async used(keyId, periodStart) {
      const result = await db.query<{ used: number }>('SELECT used FROM usage WHERE key_id = $1 AND period_start = $2', [keyId, periodStart]);
      return result.rows[0]?.used ?? 0;
    },
  };
}
