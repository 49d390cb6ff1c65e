import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../src/db/db.js';
import { migrate } from '../../src/db/migrations.js';
import { openPgliteDb } from '../../src/db/pglite-db.js';
import { createStore, type Store } from '../../src/store/open-store.js';

/**
 * A store over a new PGlite database in a temporary directory, with that
 * database, for tests that write rows no repository writes (answers stored
 * by older versions, a key revoked through another instance).
 */
export async function openStoreWithDb(): Promise<{ store: Store; db: Db }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'locscore-test-store-'));
  const db = await openPgliteDb(join(dataDir, 'pgdata'));
  await migrate(db);
  return { store: createStore(db, { dataDir }), db };
}
