import type { Db } from '../db/db.js';

/** When each API key last authenticated (`ApiKeyRecord.lastUsedAt`). */
export interface KeyLastUseRepository {
  /** Records a use of the key at `at`; an earlier time than the stored one changes nothing. */
  record(keyId: string, at: Date): Promise<void>;
}

/**
 * The last-use repository over a database. The times live in `key_last_use`,
 * apart from the key row, so that writing one never waits on the key row's
 * lock that quota reservations take.
 *
 * @param db - a migrated database
 */
export function createKeyLastUseRepository(db: Db): KeyLastUseRepository {
  return {
    async record(keyId, at) {
      await db.query(
        `INSERT INTO key_last_use (key_id, used_at) VALUES ($1, $2)
         ON CONFLICT (key_id) DO UPDATE SET used_at = GREATEST(key_last_use.used_at, EXCLUDED.used_at)`,
        [keyId, at],
      );
    },
  };
}
