import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { spawnInOwnGroup } from './process-group.js';
import { tsCommand, waitForLine } from './spawn.js';

/** `src/main.ts`, the server's process entry. */
export const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** A server running as a child process, in a process group of its own ({@link spawnInOwnGroup}). */
export interface ServerProcess {
  /** Base URL it listens on. */
  url: string;
  /** Its pid (also its process group id), e.g. to send it SIGHUP. */
  pid: number;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** Resolves once its stderr so far contains `text` (at once when it already does). */
  stderrContains(text: string): Promise<void>;
  /**
   * SIGKILL to its process group, as a supervisor kills a crashed service;
   * returns at once: the process may still be exiting, then stays a zombie
   * until {@link ServerProcess.release}.
   */
  killGroup(): void;
  /** Resolves with the exit status once the (killed) process is collected. */
  release(): Promise<number | null>;
  /** SIGTERM, resolved with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts `src/main.ts` on port 0 with `LOCSCORE_*` variables, in a process
 * group of its own under a parent that does not collect it, and waits for
 * its "listening on" line.
 *
 * @param env - `LOCSCORE_*` variables (port and host are set here; no
 *   database URL is inherited, pass `LOCSCORE_DATABASE_URL` for PostgreSQL)
 * @throws Error when it exits first or does not listen within 90 s
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const { command, args, options } = tsCommand(MAIN, [], { LOCSCORE_PORT: '0', LOCSCORE_HOST: '127.0.0.1', ...env });
  const group = await spawnInOwnGroup(command, args, options);
  const child = group.parent;
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  child.stdout.resume();
  const [, url] = await waitForLine(child, 'stderr', /listening on (http:\/\/\S+)/);
  if (!url) throw new Error('no URL in the listening line');
  return {
    url,
    pid: group.pid,
    stderr: () => errors,
    stderrContains: (text) =>
      new Promise((resolve) => {
        const check = (): void => {
          if (!errors.includes(text)) return;
          child.stderr.off('data', check);
          resolve();
        };
        child.stderr.on('data', check);
        check();
      }),
    killGroup: () => group.killGroup(),
    release: () => group.release(),
    stop() {
      process.kill(group.pid, 'SIGTERM');
      return group.release();
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
