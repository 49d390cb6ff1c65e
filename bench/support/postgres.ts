/**
 * A fresh PostgreSQL database for a benchmark: `locscore_bench`, dropped and
 * created again on the server of `DATABASE_URL`, else on a local cluster at
 * postgres://postgres@127.0.0.1:5432/. Uses the `pg` driver the reference
 * server depends on (resolved from `apps/server`).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { REPO_ROOT } from './machine.js';

/**
 * Name of the benchmark database: `LOCSCORE_BENCH_DATABASE` when set (so that
 * engineers sharing a cluster do not drop each other's), else `locscore_bench`.
 */
export const BENCH_DATABASE = process.env.LOCSCORE_BENCH_DATABASE || 'locscore_bench';
/** Local cluster tried when `DATABASE_URL` is not set. */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The parts of `pg.Client` used here (pg's types are not visible from `bench/`). */
interface MiniClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
interface MiniPg {
  Client: new (options: { connectionString: string; connectionTimeoutMillis?: number }) => MiniClient;
}

/** The database to use, or why there is none. */
export type BenchDatabase = { url: string; server: string } | { unavailable: string };

/**
 * Drops and creates a benchmark database on the PostgreSQL server of
 * `DATABASE_URL` (or the local cluster).
 *
 * @param name - the database, its own per benchmark when benchmarks may run at once; @default {@link BENCH_DATABASE}
 * @returns its URL, or `{ unavailable }` with the connection error (never throws)
 */
export async function freshBenchDatabase(name: string = BENCH_DATABASE): Promise<BenchDatabase> {
  const adminUrl = process.env.DATABASE_URL || LOCAL_POSTGRES_URL;
  const pg = createRequire(join(REPO_ROOT, 'apps', 'server', 'package.json'))('pg') as MiniPg;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    return { unavailable: `PostgreSQL at ${adminUrl.replace(/\/\/[^@]*@/, '//***@')}: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await client.end().catch(() => undefined);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), server: `${url.hostname}:${url.port || '5432'}` };
}

/**
 * Drops a benchmark database again (best effort).
 *
 * @param name - the database; @default {@link BENCH_DATABASE}
 */
export async function dropBenchDatabase(name: string = BENCH_DATABASE): Promise<void> {
  const adminUrl = process.env.DATABASE_URL || LOCAL_POSTGRES_URL;
  const pg = createRequire(join(REPO_ROOT, 'apps', 'server', 'package.json'))('pg') as MiniPg;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch {
    // best effort: a leftover database is dropped by the next run
  } finally {
    await client.end().catch(() => undefined);
  }
}
