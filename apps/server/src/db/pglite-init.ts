/**
 * Creating a PGlite database (initdb) in a short-lived child process, so
 * that the memory it takes leaves with that process.
 *
 * Why: PGlite's WebAssembly memory only grows, and creating a database
 * touches far more of it than opening one (`bench/server-memory.ts` measures
 * both). The server's PGlite worker keeps its memory for the server's whole
 * life, and the default data directory is a new one at every start, so
 * without this the embedded default would hold memory it never uses again.
 * The price is one Node process start and one extra open the first time a
 * directory is used.
 *
 * @module
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * Run as `node --input-type=module -e INIT <pgliteModuleUrl> <dataDir>`:
 * creates the database, closes it (flushing it to disk), and on failure
 * prints only the error's message.
 */
const INIT = `
try {
  const { PGlite } = await import(process.argv[1]);
  const db = await PGlite.create(process.argv[2]);
  await db.close();
} catch (error) {
  process.stderr.write(String(error?.message ?? error));
  process.exitCode = 1;
}
`;

/**
 * Whether `dataDir` holds nothing yet: it does not exist, or it is an empty
 * directory. Anything else (a database, a file, an unreadable or broken
 * directory) is for `PGlite.create` to open or to reject with its own error.
 *
 * @param dataDir - a PGlite data directory path
 */
export async function isNewDataDir(dataDir: string): Promise<boolean> {
  try {
    return (await readdir(dataDir)).length === 0;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/**
 * Creates a PGlite database in `dataDir` (and the directory with its
 * parents, when absent) in a child Node process, and waits for that process
 * to exit. The database is made in a sibling folder, `<dataDir>.new-<pid>`,
 * and renamed into place once complete, so a start killed during initdb
 * leaves no half-made database at `dataDir` (only that folder, which can be
 * deleted). The caller must hold the data directory (`lockDataDir`) and open
 * the database itself afterwards.
 *
 * @param dataDir - a new data directory (see {@link isNewDataDir})
 * @throws Error `could not create a PGlite database in <dataDir>: <reason>`
 *   when PGlite fails (a parent that is not writable, a full disk) or the
 *   child process cannot run; nothing is left at `dataDir` or beside it then
 */
export async function createPgliteDataDir(dataDir: string): Promise<void> {
  const staging = `${dataDir}.new-${process.pid}`;
  try {
    // PGlite creates the last folder of the path only.
    await mkdir(dirname(dataDir), { recursive: true });
    await rm(staging, { recursive: true, force: true });
    await execFileAsync(process.execPath, ['--input-type=module', '-e', INIT, import.meta.resolve('@electric-sql/pglite'), staging]);
    // rename(2) replaces an empty directory, as `dataDir` may be.
    await rename(staging, dataDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    // The child prints only the error's message; anything else failed here.
    const stderr = (error as { stderr?: unknown }).stderr;
    const reason = typeof stderr === 'string' && stderr.trim() !== '' ? stderr.trim() : error instanceof Error ? error.message : String(error);
    throw new Error(`could not create a PGlite database in ${dataDir}: ${reason}`, { cause: error });
  }
}
