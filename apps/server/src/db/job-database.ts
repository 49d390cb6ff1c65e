import type PgBoss from 'pg-boss';
import type { Db } from './db.js';

/**
 * Adapts a {@link Db} (PGlite, pg, or an open transaction) to pg-boss's
 * `db: { executeSql }`. A script without parameters runs through `exec`; when
 * it holds several statements the answer is the array of every statement's
 * result (as node-postgres answers), which also carries the last one's `rows`.
 *
 * @param db - the database or transaction
 */
export function bossDb(db: Db): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values !== undefined && values.length > 0) return db.query(text, values);
      const results = await db.exec(text);
      if (results.length === 1 && results[0]) return results[0];
      return Object.assign(results, { rows: results.at(-1)?.rows ?? [] });
    },
  };
}

/** What the job queue (pg-boss, in the store's database) needs of the store. */
export interface JobDatabase {
  /** pg-boss's `db` adapter over the store's database. */
  readonly boss: PgBoss.Db;
  /**
   * Ids of the jobs of a queue in state `active`, read from pg-boss's table.
   *
   * @param schema - pg-boss's schema, a plain SQL identifier (e.g. `pgboss`)
   * @param queue - the queue's name
   * @throws Error when `schema` is not a plain identifier
   */
  activeJobIds(schema: string, queue: string): Promise<string[]>;
  /**
   * Runs `fn` while holding a PostgreSQL advisory lock, so that instances
   * starting together against one empty database install pg-boss one after
   * the other (pg-boss 10's own install races: a duplicate `pg_namespace` key,
   * or a deadlock in `createQueue`). On PGlite (one process) it just runs `fn`.
   */
  oneInstanceAtATime<T>(fn: () => Promise<T>): Promise<T>;
}

/** Arbitrary constant naming the advisory lock held while pg-boss installs itself (ASCII "locq"). */
const BOSS_START_LOCK_ID = 0x6c6f6371;

/**
 * The {@link JobDatabase} over a store's database.
 *
 * @param db - the store's database
 * @param driver - `pg` takes the advisory lock; `pglite` needs none
 */
export function createJobDatabase(db: Db, driver: 'pglite' | 'pg'): JobDatabase {
  return {
    boss: bossDb(db),
    async activeJobIds(schema, queue) {
      if (!/^[a-z_][a-z0-9_]*$/i.test(schema)) throw new Error(`bossSchema must be a plain SQL identifier (got ${schema})`);
      const active = await db.query<{ id: string }>(`SELECT id FROM ${schema}.job WHERE name = $1 AND state = 'active'`, [queue]);
      return active.rows.map((row) => row.id);
    },
    async oneInstanceAtATime(fn) {
      if (driver !== 'pg') return fn();
      return db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [BOSS_START_LOCK_ID]);
        return fn();
      });
    },
  };
}
