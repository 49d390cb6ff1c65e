import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openStore, type Store } from '../../src/store/open-store.js';

/** A store of one driver for one test file, with what to remove after it. */
export interface TestStore {
  store: Store;
  /** pg-boss schema for `startJobQueue` (its own per run on PostgreSQL, so parallel files never share jobs). */
  bossSchema: string;
  /** Closes the store and drops what the run created. */
  dispose(): Promise<void>;
}

/** One store driver the server runs on, for `describe.each`. */
export interface StoreDriver {
  name: 'PGlite' | 'PostgreSQL';
  /** True when the driver cannot run here (PostgreSQL without `DATABASE_URL`). */
  skip: boolean;
  open(): Promise<TestStore>;
}

const databaseUrl = process.env.DATABASE_URL;

/** A PostgreSQL store in a fresh schema of `DATABASE_URL`, dropped afterwards. */
async function postgresStore(): Promise<TestStore> {
  const schema = `lst_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl ?? '');
  url.searchParams.set('options', `-c search_path=${schema}`);
  const store = await openStore({ databaseUrl: url.toString() });
  return {
    store,
    bossSchema: `${schema}_boss`,
    async dispose() {
      await store.close();
      await admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
    },
  };
}

/**
 * The two stores of the server: PGlite (a temporary data directory) and
 * PostgreSQL (a fresh schema of `DATABASE_URL`; skipped, saying so, when it is unset).
 */
export const STORE_DRIVERS: readonly StoreDriver[] = [
  {
    name: 'PGlite',
    skip: false,
    async open() {
      const store = await openStore();
      return { store, bossSchema: 'pgboss', dispose: () => store.close() };
    },
  },
  { name: 'PostgreSQL', skip: !databaseUrl, open: postgresStore },
];

if (!databaseUrl) console.warn('[skip] PostgreSQL runs of the admin API and sessions: DATABASE_URL is not set (see .ci/run)');
