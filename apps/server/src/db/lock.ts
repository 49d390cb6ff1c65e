import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { waitWhileExiting } from './holder-state.js';

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
    super(`data dir ${dataDir} is in use by another locscore process (pid ${pid ?? 'unknown'}); stop that server, or give this one another data directory`);
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

/**
 * Milliseconds a start waits for a holder that is exiting (killed, its
 * memory and files still being released) to be gone, before it refuses: a
 * supervisor restarting a server it just killed gets in.
 */
export const HOLDER_EXIT_WAIT_MS = 5_000;

function isLocked(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ELOCKED';
}

/** The pid recorded in a data dir by its lock's holder, or null when none is. */
async function recordedPid(dataDir: string): Promise<number | null> {
  const parsed = Number.parseInt(await readFile(join(dataDir, PID_NAME), 'utf8').catch(() => ''), 10);
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Removes the lock of a data directory whose holder is gone (waiting up to
 * {@link HOLDER_EXIT_WAIT_MS} for one that is exiting).
 *
 * @throws StoreLockedError when the holder is unknown, this process, or still there
 */
async function removeAbandonedLock(dataDir: string): Promise<void> {
  const lockPath = join(dataDir, LOCK_NAME);
  const pid = await recordedPid(dataDir);
  if (pid === null || pid === process.pid || (await waitWhileExiting(pid, HOLDER_EXIT_WAIT_MS)) !== 'gone') {
    throw new StoreLockedError(dataDir, pid);
  }
  const age = await stat(lockPath).then(
    (info) => Date.now() - info.mtimeMs,
    () => 0,
  );
  if (age < TAKEOVER_MIN_AGE_MS) {
    // The recorded pid is gone, but a new holder may have taken the lock
    // without writing its pid yet: wait out that window, then look again.
    await new Promise((resolve) => setTimeout(resolve, TAKEOVER_MIN_AGE_MS - age + 50));
    const again = await recordedPid(dataDir);
    if (again !== pid) throw new StoreLockedError(dataDir, again);
  }
  await rm(lockPath, { recursive: true, force: true });
}

/**
 * Takes the exclusive lock of a data directory (created when absent). A lock
 * left by a process that died (its pid no longer exists or is a zombie, e.g.
 * after `kill -9` of its process group) is taken over at once (after at most
 * 1 s, the window in which a new holder may not have written its pid yet)
 * instead of after the 30 s staleness delay; a holder still exiting is waited
 * for, up to {@link HOLDER_EXIT_WAIT_MS} (see `holderState`).
 *
 * @param dataDir - the data directory
 * @returns a function releasing the lock
 * @throws StoreLockedError when another live process (or another open store
 *   of this process) holds it
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const take = (): Promise<() => Promise<void>> =>
    lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, LOCK_NAME),
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
    await removeAbandonedLock(dataDir);
    try {
      release = await take();
    } catch (retryError) {
      if (isLocked(retryError)) throw new StoreLockedError(dataDir, null);
      throw retryError;
    }
  }
  const pidFile = join(dataDir, PID_NAME);
  await writeFile(pidFile, String(process.pid));
  return async () => {
    await rm(pidFile, { force: true });
    await release().catch(() => undefined);
  };
}
