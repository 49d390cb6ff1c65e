import { scratchSchema } from './stores.js';

/** Where a test server keeps its data, and what to remove after it. */
export interface TestDatabase {
  /** `startServer`'s `databaseUrl`, or undefined for PGlite in its `dataDir`. */
  databaseUrl: string | undefined;
  /** Which driver the server runs on, for test names and messages. */
  driver: 'PGlite' | 'PostgreSQL';
  /** Drops the scratch schema (nothing for PGlite, whose data directory the test removes). */
  dispose(): Promise<void>;
}

/**
 * The store of a browser test's server, chosen by the environment: a fresh
 * schema of `DATABASE_URL` (PostgreSQL) when it is set, as in CI, else
 * PGlite in the test's data directory. The dashboard's journeys are long, so
 * a run takes one driver rather than both; the store tests cover the two.
 */
export async function testDatabase(): Promise<TestDatabase> {
  if (!process.env.DATABASE_URL) return { databaseUrl: undefined, driver: 'PGlite', dispose: async () => {} };
  const scratch = await scratchSchema();
  return { databaseUrl: scratch.url, driver: 'PostgreSQL', dispose: () => scratch.drop() };
}
