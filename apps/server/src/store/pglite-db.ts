import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { ClosableDb, Db, QueryResult } from './db.js';

type PgliteLike = Pick<PGlite, 'query' | 'exec'> | Transaction;

function wrap(handle: PgliteLike, transaction: Db['transaction']): Db {
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await handle.query<R>(sql, [...params]);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      const results = await handle.exec(sql);
      return results.map((result) => ({ rows: result.rows as Array<Record<string, unknown>> }));
    },
    transaction,
  };
}

/**
 * Opens PGlite (PostgreSQL in WASM) on a data directory.
 *
 * @param dataDir - directory of the database files, created when absent
 * @returns a {@link ClosableDb}; a nested `transaction` call on a transaction
 *   handle runs inside the same transaction
 */
export async function openPgliteDb(dataDir: string): Promise<ClosableDb> {
  const pglite = await PGlite.create(dataDir);
  const transaction: Db['transaction'] = (fn) =>
    pglite.transaction(async (tx) => {
      const inner: Db = wrap(tx, (nested) => nested(inner));
      return fn(inner);
    });
  const db = wrap(pglite, transaction);
  return {
    ...db,
    driver: 'pglite',
    async close() {
      if (!pglite.closed) await pglite.close();
    },
  };
}
