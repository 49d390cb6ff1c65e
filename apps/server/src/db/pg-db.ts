import pg from 'pg';
import type { ClosableDb, Db, QueryResult } from './db.js';

type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

function toResults(result: pg.QueryResult | pg.QueryResult[]): Array<QueryResult<Record<string, unknown>>> {
  const list = Array.isArray(result) ? result : [result];
  return list.map((one) => ({ rows: one.rows as Array<Record<string, unknown>> }));
}

function wrap(handle: Queryable, transaction: Db['transaction']): Db {
  return {
    async query<R>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
      const result = await handle.query(sql, [...params]);
      return { rows: result.rows as R[] };
    },
    async exec(sql: string) {
      // A query without parameters uses the simple protocol, which accepts
      // several statements and answers one result per statement.
      const result: pg.QueryResult | pg.QueryResult[] = await handle.query(sql);
      return toResults(result);
    },
    transaction,
  };
}

/**
 * Connects to PostgreSQL through a node-postgres pool.
 *
 * @param databaseUrl - `postgres://user:password@host:port/database`
 * @returns a {@link ClosableDb}; each `transaction` checks out one client and
 *   runs `BEGIN` … `COMMIT` (or `ROLLBACK` when `fn` rejects)
 */
export async function openPgDb(databaseUrl: string): Promise<ClosableDb> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client's connection lost (a database restart, an administrator's
  // termination) is reported here; the pool drops that client and connects
  // anew on next use. Unheard, the event would end the process.
  pool.on('error', () => undefined);
  // Fail at open, not at the first request, when the server is unreachable.
  await pool.query('SELECT 1');
  const transaction: Db['transaction'] = async (fn) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const inner: Db = wrap(client, (nested) => nested(inner));
      const value = await fn(inner);
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return { ...wrap(pool, transaction), driver: 'pg', close: () => pool.end() };
}
