import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * Another process holds the PGlite data directory (PGlite admits one process
 * per data directory). `pid` is that process's id when it recorded one.
 */
export class StoreLockedError extends Error {
  /**
   * @param dataDir - the data directory
   * @param pid - the holder's process id, or null when unknown
   */
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `data dir ${dataDir} is in use by another locscore process (pid ${pid ?? 'unknown'}); stop it or use --demo-key`,
    );
    this.name = 'StoreLockedError';
  }
}

/** Name of the lock directory proper-lockfile creates inside the data dir. */
const LOCK_NAME = 'locscore.lock';
/** File inside the data dir recording the holder's pid, for the error message. */
const PID_NAME = 'locscore.pid';
/**
 * A lock whose mtime is older than this (ms) belongs to a dead process and is
 * taken over; the holder refreshes it every half of this.
 */
const STALE_MS = 10_000;

/**
 * Takes the exclusive lock of a data directory (created when absent).
 *
 * @param dataDir - the data directory
 * @returns a function releasing the lock
 * @throws StoreLockedError when another process (or another open store of
 *   this process) holds it
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const pidFile = join(dataDir, PID_NAME);
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, LOCK_NAME),
      stale: STALE_MS,
      retries: 0,
      realpath: false,
      onCompromised: (error) => {
        process.emitWarning(`locscore data dir lock compromised: ${error.message}`);
      },
    });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ELOCKED') {
      const text = await readFile(pidFile, 'utf8').catch(() => '');
      const pid = Number.parseInt(text, 10);
      throw new StoreLockedError(dataDir, Number.isFinite(pid) ? pid : null);
    }
    throw error;
  }
  await writeFile(pidFile, String(process.pid));
  return async () => {
    await rm(pidFile, { force: true });
    await release().catch(() => undefined);
  };
}
