/**
 * The few database operations the store needs, so that the same SQL runs on
 * PGlite (embedded, the default) and on PostgreSQL through node-postgres.
 */

/** Rows of one statement. */
export interface QueryResult<R> {
  rows: R[];
}

/** A connection-like handle: plain queries, multi-statement scripts, transactions. */
export interface Db {
  /**
   * Runs one parameterised statement (`$1`, `$2`, …).
   *
   * @param sql - one SQL statement
   * @param params - values for the placeholders
   * @returns the rows it returned (empty for statements without `RETURNING`)
   */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<R>>;
  /**
   * Runs a script of several statements without parameters.
   *
   * @returns the rows of every statement, in order (pg-boss relies on this)
   */
  exec(sql: string): Promise<Array<QueryResult<Record<string, unknown>>>>;
  /**
   * Runs `fn` inside one transaction: committed when it resolves, rolled back
   * when it rejects (the rejection is passed on).
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
}

/** A {@link Db} that owns its connection(s) and can be closed. */
export interface ClosableDb extends Db {
  /** Which driver backs it. */
  readonly driver: 'pglite' | 'pg';
  /** Closes the connection(s); later calls reject. */
  close(): Promise<void>;
}
