import type PgBoss from 'pg-boss';
import type { Db } from '../store/db.js';

/**
 * Fails (so that pg-boss retries them under their retry limit) the jobs of
 * `queues` left in state `active` by a process that died (SIGKILL, power
 * loss): pg-boss would otherwise wait for their expiry.
 *
 * Only correct when no other process can be running jobs of this database,
 * i.e. on PGlite, whose data directory one process holds at a time; on
 * PostgreSQL shared by several instances, expiry (`expireInSeconds`) does it.
 *
 * @param boss - the started pg-boss
 * @param db - its database
 * @param schema - pg-boss's schema (e.g. `pgboss`), a plain SQL identifier
 * @param queues - queue names to sweep
 * @returns how many jobs were failed for a retry
 * @throws Error when `schema` is not a plain identifier
 */
export async function retryOrphanedJobs(boss: PgBoss, db: Db, schema: string, queues: readonly string[]): Promise<number> {
  if (!/^[a-z_][a-z0-9_]*$/i.test(schema)) throw new Error(`bossSchema must be a plain SQL identifier (got ${schema})`);
  let count = 0;
  for (const queue of queues) {
    const active = await db.query<{ id: string }>(`SELECT id FROM ${schema}.job WHERE name = $1 AND state = 'active'`, [queue]);
    for (const { id } of active.rows) {
      await boss.fail(queue, id, { message: 'the server stopped while this job ran; retried at restart' });
      count += 1;
    }
  }
  return count;
}
