import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openStore, type Store } from '../../src/store/open-store.js';
import { templateDataDir } from './store-template.js';

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

/** A fresh schema of `DATABASE_URL`: the URL that puts it first on the search path, and its removal (with its pg-boss schema). */
export interface ScratchSchema {
  schema: string;
  url: string;
  drop(): Promise<void>;
}

/** Runs one statement on `DATABASE_URL` on a connection of its own. */
async function runOnDatabase(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates a {@link ScratchSchema} in `DATABASE_URL` (several stores may open its URL: several instances). */
export async function scratchSchema(): Promise<ScratchSchema> {
  const schema = `lst_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await runOnDatabase(`CREATE SCHEMA ${schema}`);
  const url = new URL(databaseUrl ?? '');
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    url: url.toString(),
    async drop() {
      await runOnDatabase(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await runOnDatabase(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
    },
  };
}

/** A PostgreSQL store in a fresh schema of `DATABASE_URL`, dropped afterwards. */
async function postgresStore(): Promise<TestStore> {
  const scratch = await scratchSchema();
  const store = await openStore({ databaseUrl: scratch.url });
  return {
    store,
    bossSchema: `${scratch.schema}_boss`,
    async dispose() {
      await store.close();
      await scratch.drop();
    },
  };
}

/**
 * The two stores of the server: PGlite (a copy of the migrated template
 * database in a temporary data directory, `store-template.ts`) and
 * PostgreSQL (a fresh schema of `DATABASE_URL`; skipped, saying so, when it is unset).
 */
export const STORE_DRIVERS: readonly StoreDriver[] = [
  {
    name: 'PGlite',
    skip: false,
    async open() {
      const store = await openStore({ dataDir: await templateDataDir() });
      return { store, bossSchema: 'pgboss', dispose: () => store.close() };
    },
  },
  { name: 'PostgreSQL', skip: !databaseUrl, open: postgresStore },
];

if (!databaseUrl) console.warn('[skip] PostgreSQL runs of the admin API and sessions: DATABASE_URL is not set (see .ci/run)');
