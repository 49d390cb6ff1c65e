import type { Db } from '../db/db.js';

/** The account under which requests without one (no or unknown credentials) are counted. */
export const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/** Counts of refused API requests per account and UTC day (table `refused_requests`). */
export interface RefusalRepository {
  /**
   * Counts one refused request. Synchronous and cheap: the count is added in
   * memory and written with every other count of the same event-loop turn in
   * one statement (an upsert adding to the day's row), so a burst of 429s
   * costs one round trip.
   *
   * @param accountId - the account of the request's key or session; null when it has none
   * @param at - when it was answered (its UTC day is the row's)
   */
  count(accountId: string | null, at: Date): void;
  /**
   * Resolves once every count made before the call is written (the usage
   * report calls it first, so that it shows every refusal this instance answered).
   * A failed write is reported to `onError` and its counts are lost; `flush` still resolves.
   */
  flush(): Promise<void>;
}

/** Options of {@link createRefusalRepository}. */
export interface RefusalRepositoryOptions {
  /** Called when a write fails (its counts are dropped). @default ignore */
  onError?: (error: unknown) => void;
}

/**
 * The refusal counter over a database.
 *
 * @param db - a migrated database
 * @param options - see {@link RefusalRepositoryOptions}
 */
export function createRefusalRepository(db: Db, options: RefusalRepositoryOptions = {}): RefusalRepository {
  /** Counts not yet written, by `accountId|YYYY-MM-DD`. */
  let pending = new Map<string, number>();
  /** The last write started: writes run one after another, so a flush awaits every earlier one. */
  let written: Promise<void> = Promise.resolve();
  let scheduled = false;

  const write = (): Promise<void> => {
    scheduled = false;
    if (pending.size === 0) return written;
    const batch = pending;
    pending = new Map();
    const accounts: string[] = [];
    const days: string[] = [];
    const counts: number[] = [];
    for (const [slot, refused] of batch) {
      accounts.push(slot.slice(0, 36));
      days.push(slot.slice(37));
      counts.push(refused);
    }
    written = written.then(() =>
      db
        .query(
          `INSERT INTO refused_requests (account_id, day, refused)
           SELECT * FROM unnest($1::text[], $2::date[], $3::int[])
           ON CONFLICT (account_id, day) DO UPDATE SET refused = refused_requests.refused + EXCLUDED.refused`,
          [accounts, days, counts],
        )
        .then(
          () => undefined,
          (error: unknown) => options.onError?.(error),
        ),
    );
    return written;
  };

  return {
    count(accountId, at) {
      const slot = `${accountId ?? NO_ACCOUNT}|${at.toISOString().slice(0, 10)}`;
      pending.set(slot, (pending.get(slot) ?? 0) + 1);
      if (!scheduled) {
        scheduled = true;
        setImmediate(write);
      }
    },
    flush: write,
  };
}
