import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { ClosableDb } from '../../src/db/db.js';
import { openPgDb } from '../../src/db/pg-db.js';
import { openPgliteDb } from '../../src/db/pglite-db.js';
import { templatePgdata } from './store-template.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.warn('[skip] migration tests on PostgreSQL: DATABASE_URL is not set (see .ci/run)');

/** One empty database per driver (PGlite: a copy of the empty template, as initdb leaves it, in a temporary folder; PostgreSQL in a fresh schema of `DATABASE_URL`), dropped afterwards. */
export const MIGRATION_DRIVERS: Array<{ name: string; skip: boolean; open(): Promise<{ db: ClosableDb; dispose(): Promise<void> }> }> = [
  {
    name: 'PGlite',
    skip: false,
    async open() {
      const db = await openPgliteDb(await templatePgdata(undefined, 'empty'));
      return { db, dispose: () => db.close() };
    },
  },
  {
    name: 'PostgreSQL',
    skip: !databaseUrl,
    async open() {
      const schema = `lsm_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      const admin = async (sql: string): Promise<void> => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(sql).finally(() => client.end());
      };
      await admin(`CREATE SCHEMA ${schema}`);
      const url = new URL(databaseUrl ?? '');
      url.searchParams.set('options', `-c search_path=${schema}`);
      const db = await openPgDb(url.toString());
      return {
        db,
        async dispose() {
          await db.close();
          await admin(`DROP SCHEMA ${schema} CASCADE`);
        },
      };
    },
  },
];
