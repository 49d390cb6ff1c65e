import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
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
 * taken over; the holder refreshes it every half of this. Generous, because
 * a dead holder on this host is recognised by its pid at once, and a live one
 * can stall its event loop for seconds (PGlite's WASM start on a busy machine).
 */
const STALE_MS = 30_000;

/**
 * A lock younger than this (ms) is never taken over, even when its recorded
 * pid is dead: its new holder may not have written its pid yet.
 */
const TAKEOVER_MIN_AGE_MS = 1_000;

/** Whether a process with this id exists (signal 0 probes without signalling). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

function isLocked(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ELOCKED';
}

/**
 * Takes the exclusive lock of a data directory (created when absent). A lock
 * left by a process that died (its pid no longer exists, e.g. after
 * `kill -9`) is taken over at once (after at most 1 s, the window in which a
 * new holder may not have written its pid yet) instead of after the 30 s
 * staleness delay.
 *
 * @param dataDir - the data directory
 * @returns a function releasing the lock
 * @throws StoreLockedError when another live process (or another open store
 *   of this process) holds it
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const pidFile = join(dataDir, PID_NAME);
  const lockPath = join(dataDir, LOCK_NAME);
  const take = (): Promise<() => Promise<void>> =>
    lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      stale: STALE_MS,
      retries: 0,
      realpath: false,
      onCompromised: (error) => {
        process.emitWarning(`locscore data dir lock compromised: ${error.message}`);
      },
    });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (error) {
    if (!isLocked(error)) throw error;
    const text = await readFile(pidFile, 'utf8').catch(() => '');
    const parsed = Number.parseInt(text, 10);
    const pid = Number.isFinite(parsed) ? parsed : null;
    const age = await stat(lockPath).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    );
    if (pid === null || pid === process.pid || isAlive(pid)) {
      throw new StoreLockedError(dataDir, pid);
    }
    if (age < TAKEOVER_MIN_AGE_MS) {
      // The recorded pid is dead, but a new holder may have taken the lock
      // without writing its pid yet: wait out that window, then look again
      // (a supervisor restarting a killed server at once gets in).
      await new Promise((resolve) => setTimeout(resolve, TAKEOVER_MIN_AGE_MS - age + 50));
      const again = Number.parseInt(await readFile(pidFile, 'utf8').catch(() => ''), 10);
      if (!Number.isFinite(again) || again !== pid) throw new StoreLockedError(dataDir, Number.isFinite(again) ? again : null);
    }
    await rm(lockPath, { recursive: true, force: true });
    try {
      release = await take();
    } catch (retryError) {
      if (isLocked(retryError)) throw new StoreLockedError(dataDir, null);
      throw retryError;
    }
  }
  await writeFile(pidFile, String(process.pid));
  return async () => {
    await rm(pidFile, { force: true });
    await release().catch(() => undefined);
  };
}
