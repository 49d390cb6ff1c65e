import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createChargedRequestRepository, type ChargedRequestRepository } from './charged-requests.js';
import type { ClosableDb, Db } from './db.js';
import { createDeliveryRepository, type DeliveryRepository } from './deliveries.js';
import { createIdempotencyRepository, type IdempotencyRepository } from './idempotency.js';
import { cacheAuthenticatedKeys } from './key-cache.js';
import { createKeyRepository, type KeyRepository } from './keys.js';
import { lockDataDir } from './lock.js';
import { migrate } from './migrations.js';
import { openPgDb } from './pg-db.js';
import { openPgliteDb } from './pglite-db.js';
import { purgeExpired, type PurgeOptions, type PurgeReport } from './purge.js';
import { createRequestRepository, type RequestRepository } from './requests.js';
import { createUsageRepository, type UsageRepository } from './usage.js';

/** Where the store keeps its data. */
export interface OpenStoreOptions {
  /**
   * PGlite data directory (created when absent; the database lives in its
   * `pgdata/` folder). A new temporary directory when neither this nor
   * `databaseUrl` is given.
   */
  dataDir?: string;
  /** PostgreSQL connection URL; when set, PGlite is not used and no lock is taken. */
  databaseUrl?: string;
}

/** The server's storage: keys, usage, requests, over PGlite or PostgreSQL. */
export interface Store {
  /** Which driver backs it. */
  readonly driver: 'pglite' | 'pg';
  /** The PGlite data directory, or null on PostgreSQL. */
  readonly dataDir: string | null;
  /** The database, for transactions across repositories and for the job queue. */
  readonly db: Db;
  /**
   * API keys; `authenticate` serves active keys from memory for
   * `KEY_CACHE_TTL_MS` (5 s, `key-cache.ts`): a key revoked through another instance
   * still works here for up to that long; revoking through this store applies at once.
   */
  readonly keys: KeyRepository;
  /**
   * Monthly usage. `reserve`, like `requests.insert` and
   * `idempotency.claim` and `charged.record`, is group-committed: the calls of all
   * requests that reach it in one turn of the event loop run as one statement
   * (`coalesce.ts`), each keeping the semantics of a single call.
   */
  readonly usage: UsageRepository;
  readonly requests: RequestRepository;
  /**
   * Scored synchronous requests: the quota unit and the request row in one
   * group-committed statement.
   */
  readonly charged: ChargedRequestRepository;
  readonly deliveries: DeliveryRepository;
  readonly idempotency: IdempotencyRepository;
  /**
   * Deletes finished requests older than the retention (30 days by default)
   * and expired idempotency keys; see {@link purgeExpired}.
   *
   * @throws RangeError when `requestRetentionDays` is not positive
   */
  purge(options: PurgeOptions): Promise<PurgeReport>;
  /** Closes the database and releases the data dir lock; idempotent. */
  close(): Promise<void>;
}

/**
 * Opens the store and runs pending migrations.
 *
 * @param options - `dataDir` for PGlite, or `databaseUrl` for PostgreSQL
 * @returns the open store
 * @throws StoreLockedError when another process holds the PGlite data dir
 * @throws Error when PostgreSQL is unreachable or a migration fails
 */
export async function openStore(options: OpenStoreOptions = {}): Promise<Store> {
  let db: ClosableDb;
  let dataDir: string | null = null;
  let unlock: () => Promise<void> = async () => undefined;
  if (options.databaseUrl) {
    db = await openPgDb(options.databaseUrl);
  } else {
    dataDir = resolve(options.dataDir ?? (await mkdtemp(join(tmpdir(), 'locscore-data-'))));
    unlock = await lockDataDir(dataDir);
    try {
      db = await openPgliteDb(join(dataDir, 'pgdata'));
    } catch (error) {
      await unlock();
      throw error;
    }
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    await unlock();
    throw error;
  }
  let closing: Promise<void> | null = null;
  return {
    driver: db.driver,
    dataDir,
    db,
    keys: cacheAuthenticatedKeys(createKeyRepository(db)),
    usage: createUsageRepository(db, { coalesce: true }),
    requests: createRequestRepository(db, { coalesce: true }),
    charged: createChargedRequestRepository(db, { coalesce: true }),
    deliveries: createDeliveryRepository(db),
    idempotency: createIdempotencyRepository(db, { coalesce: true }),
    purge: (purgeOptions) => purgeExpired(db, purgeOptions),
    close() {
      closing ??= (async () => {
        try {
          await db.close();
        } finally {
          await unlock();
        }
      })();
      return closing;
    },
  };
}
