import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type PgBoss from 'pg-boss';
import type { ClosableDb } from '../db/db.js';
import { bossDb, createJobDatabase, type JobDatabase } from '../db/job-database.js';
import { lockDataDir } from '../db/lock.js';
import { migrate } from '../db/migrations.js';
import { openPgDb } from '../db/pg-db.js';
import { openPgliteDb } from '../db/pglite-db.js';
import { type AccountRepository, createAccountRepository } from './accounts.js';
import { type ChargedRequestRepository, createChargedRequestRepository } from './charged-requests.js';
import { createDeliveryRepository, type DeliveryRepository } from './deliveries.js';
import { createIdempotencyRepository, type IdempotencyRepository } from './idempotency.js';
import { cacheAuthenticatedKeys } from './key-cache.js';
import { type KeyChangeFeed, listenForKeyChanges } from './key-changes.js';
import { createKeyLastUseRepository, type KeyLastUseRepository } from './key-last-use.js';
import { createKeyRecordRepository, type KeyRecordRepository } from './key-records.js';
import { createKeyRepository, type KeyRepository } from './keys.js';
import { type PurgeOptions, type PurgeReport, purgeExpired } from './purge.js';
import { createRefusalRepository, type RefusalRepository } from './refusals.js';
import { createRequestLogRepository, type RequestLogRepository } from './request-log.js';
import { createRequestRepository, type RequestRepository } from './requests.js';
import { createSessionRepository, type SessionRepository } from './sessions.js';
import { createStatsRepository, type StatsRepository } from './stats.js';
import { createUnitRepository, type UnitRepository } from './units.js';
import { createUsageRepository, type UsageRepository } from './usage.js';
import { createUsageReportRepository, type UsageReportRepository } from './usage-report.js';

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

/**
 * The repositories that take part in one transaction: what they write
 * commits together, or not at all.
 */
export interface StoreTransaction {
  readonly usage: UsageRepository;
  readonly requests: RequestRepository;
  readonly deliveries: DeliveryRepository;
  /** pg-boss's `db` adapter of this transaction: a job sent with it commits with the rows. */
  readonly bossDb: PgBoss.Db;
}

/** The server's storage: accounts, keys, usage, requests, deliveries, sessions, over PGlite or PostgreSQL. */
export interface Store {
  /** Which driver backs it. */
  readonly driver: 'pglite' | 'pg';
  /** The PGlite data directory, or null on PostgreSQL. */
  readonly dataDir: string | null;
  /**
   * API keys; `authenticate` serves active keys from memory for
   * `KEY_CACHE_TTL_MS` (5 s, `key-cache.ts`). A revocation or plan change
   * through this store applies at once; on PostgreSQL one made by any other
   * instance (or by hand) does too, through `LISTEN locscore_key_changes`
   * (`key-changes.ts`), the cache being bypassed while that connection is
   * down. PGlite has one process per data directory, so every change goes
   * through its one store.
   */
  readonly keys: KeyRepository;
  /** Franchisor organisations, each owning keys. */
  readonly accounts: AccountRepository;
  /** Each account's own units and their protected territories. */
  readonly units: UnitRepository;
  /** Keys as the admin API lists them, with usage and last use. */
  readonly keyRecords: KeyRecordRepository;
  /** When each key last authenticated. */
  readonly lastUse: KeyLastUseRepository;
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
  /** Pages of requests and one request with its deliveries (the admin API and the dashboard). */
  readonly requestLog: RequestLogRepository;
  /** Monthly usage reports. */
  readonly usageReports: UsageReportRepository;
  /** Refused API requests per account and UTC day (the usage report's `refused`). */
  readonly refusals: RefusalRepository;
  /** Dashboard sessions. */
  readonly sessions: SessionRepository;
  readonly idempotency: IdempotencyRepository;
  /** Counts for `/metrics`, across every instance sharing the database. */
  readonly stats: StatsRepository;
  /** What the job queue (pg-boss) needs of this database. */
  readonly jobs: JobDatabase;
  /**
   * Runs `fn` in one transaction with repositories bound to it: committed
   * when `fn` resolves, rolled back when it rejects (the rejection is passed on).
   */
  transaction<T>(fn: (tx: StoreTransaction) => Promise<T>): Promise<T>;
  /**
   * Answers once the database runs `SELECT 1`.
   *
   * @throws the driver's error when it cannot
   */
  ping(): Promise<void>;
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
 * The store over an open, migrated database.
 *
 * @param db - the database; `close()` closes it
 * @param place - the PGlite data directory (null on PostgreSQL) and the release of its lock
 */
export function createStore(db: ClosableDb, place: { dataDir: string | null; unlock?: () => Promise<void>; keyChanges?: KeyChangeFeed }): Store {
  let closing: Promise<void> | null = null;
  // A lost count is not worth failing a request for; it is reported as a process warning.
  const refusals = createRefusalRepository(db, { onError: (error) => process.emitWarning(`could not count refused requests: ${String(error)}`) });
  return {
    driver: db.driver,
    dataDir: place.dataDir,
    keys: cacheAuthenticatedKeys(createKeyRepository(db), place.keyChanges === undefined ? {} : { changes: place.keyChanges }),
    accounts: createAccountRepository(db),
    units: createUnitRepository(db, { coalesce: true }),
    keyRecords: createKeyRecordRepository(db),
    lastUse: createKeyLastUseRepository(db),
    usage: createUsageRepository(db, { coalesce: true }),
    requests: createRequestRepository(db, { coalesce: true }),
    charged: createChargedRequestRepository(db, { coalesce: true }),
    deliveries: createDeliveryRepository(db),
    requestLog: createRequestLogRepository(db),
    usageReports: createUsageReportRepository(db),
    refusals,
    sessions: createSessionRepository(db),
    idempotency: createIdempotencyRepository(db, { coalesce: true }),
    stats: createStatsRepository(db),
    jobs: createJobDatabase(db, db.driver),
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({ usage: createUsageRepository(tx), requests: createRequestRepository(tx), deliveries: createDeliveryRepository(tx), bossDb: bossDb(tx) }),
      ),
    async ping() {
      await db.query('SELECT 1');
    },
    purge: (purgeOptions) => purgeExpired(db, purgeOptions),
    close() {
      closing ??= (async () => {
        try {
          await refusals.flush();
          await place.keyChanges?.close();
          await db.close();
        } finally {
          await place.unlock?.();
        }
      })();
      return closing;
    },
  };
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
  if (options.databaseUrl) {
    const db = await openPgDb(options.databaseUrl);
    await migrateOrClose(db);
    return createStore(db, { dataDir: null, keyChanges: await listenForKeyChanges(options.databaseUrl) });
  }
  const dataDir = resolve(options.dataDir ?? (await mkdtemp(join(tmpdir(), 'locscore-data-'))));
  const unlock = await lockDataDir(dataDir);
  try {
    const db = await openPgliteDb(join(dataDir, 'pgdata'));
    await migrateOrClose(db);
    return createStore(db, { dataDir, unlock });
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** Runs the migrations; closes the database when they fail. */
async function migrateOrClose(db: ClosableDb): Promise<void> {
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
}
