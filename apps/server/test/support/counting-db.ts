import type { Db } from '../../src/db/db.js';

/**
 * A {@link Db} that counts the statements sent through `query` (how the
 * group-commit tests see how many round trips a burst of calls cost).
 *
 * @param db - the database to pass every call on to
 * @returns the same database, with `statements` counting `query` calls
 */
export function countingDb(db: Db): Db & { statements: number } {
  const counted = {
    statements: 0,
    query: <R>(sql: string, params?: readonly unknown[]) => {
      counted.statements += 1;
      return db.query<R>(sql, params);
    },
    exec: (sql: string) => db.exec(sql),
    transaction: <T>(fn: (tx: Db) => Promise<T>) => db.transaction(fn),
  };
  return counted;
}
