import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { exited, spawnTs, waitForLine } from './spawn.js';

/** `src/main.ts`, the server's process entry. */
export const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** A server running as a child process (`node --import tsx src/main.ts`). */
export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** Base URL it listens on. */
  url: string;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** SIGKILL, resolved once it is gone. */
  kill(): Promise<void>;
  /** SIGTERM, resolved with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `src/main.ts` on port 0 with `LOCSCORE_*` variables and waits for its
 * "listening on" line.
 *
 * @param env - `LOCSCORE_*` variables (port and host are set here; no
 *   database URL is inherited, pass `LOCSCORE_DATABASE_URL` for PostgreSQL)
 * @throws Error when it exits first or does not listen within 90 s
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // The child inherits this process's environment: clear the database URLs
  // so that a PGlite server never lands on the PostgreSQL of DATABASE_URL.
  const child = spawnTs(MAIN, [], {
    LOCSCORE_PORT: '0',
    LOCSCORE_HOST: '127.0.0.1',
    DATABASE_URL: '',
    LOCSCORE_DATABASE_URL: '',
    ...env,
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  child.stdout.resume();
  const [, url] = await waitForLine(child, 'stderr', /listening on (http:\/\/\S+)/, 90_000);
  if (!url) throw new Error('no URL in the listening line');
  return {
    child,
    url,
    stderr: () => errors,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      return exited(child);
    },
  };
}

/** A database created for one test file on the PostgreSQL of `DATABASE_URL`. */
export interface ScratchDatabase {
  /** URL of the new database. */
  url: string;
  /** Drops it (terminating leftover connections). */
  drop(): Promise<void>;
}

/**
 * Creates `locscore_test_<random>` through the maintenance database `postgres`
 * of the server in `databaseUrl`.
 *
 * @param databaseUrl - any database URL on that server (e.g. `DATABASE_URL`)
 */
export async function createScratchDatabase(databaseUrl: string): Promise<ScratchDatabase> {
  const name = `locscore_test_${Math.random().toString(36).slice(2, 12)}`;
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
