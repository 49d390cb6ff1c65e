import { join } from 'node:path';
import type { Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrations.js';
import { openPgliteDb } from '../../src/db/pglite-db.js';
import { createStore, type Store } from '../../src/store/open-store.js';
import { templateDataDir } from './store-template.js';

/**
 * A store over a PGlite database in a temporary directory (a copy of the
 * migrated template, `store-template.ts`), with that database, for tests
 * that write rows no repository writes (answers stored by older versions, a
 * key revoked through another instance).
 */
export async function openStoreWithDb(): Promise<{ store: Store; db: Db }> {
  const dataDir = await templateDataDir();
  const db = await openPgliteDb(join(dataDir, 'pgdata'));
  await migrate(db);
  return { store: createStore(db, { dataDir }), db };
}
