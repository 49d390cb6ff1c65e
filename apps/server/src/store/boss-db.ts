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
