import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Repository root, where `node_modules/.bin/tsx` resolves. */
export const REPO_ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** How {@link spawnTs} runs a TypeScript entry: the command, its arguments, working directory and environment. */
export interface TsCommand {
  command: string;
  args: string[];
  options: { cwd: string; env: NodeJS.ProcessEnv };
}

/** The server's process entry, `src/main.ts`, and its build, `dist/main.js`. */
const MAIN_SOURCE = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const MAIN_BUILT = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/**
 * Whether {@link tsCommand} runs the built server entry (`dist/main.js`) for
 * `src/main.ts`: set `LOCSCORE_TEST_ENTRIES=built` where the build has just
 * run from the same sources, as `.ci/run` does, to spare each server process
 * tsx's start-up. Other files (the tests' own scripts) always run from source.
 */
const BUILT_ENTRIES = process.env['LOCSCORE_TEST_ENTRIES'] === 'built';

/**
 * The command `node --conditions=@locscore/source --import tsx <file> ...args`,
 * as the workspace runs TypeScript sources without a build; for the server's
 * `src/main.ts` under `LOCSCORE_TEST_ENTRIES=built`, `node dist/main.js ...args`.
 *
 * @param file - absolute path of a `.ts` entry
 * @param args - its arguments
 * @param env - extra environment variables (`DATABASE_URL` and
 *   `LOCSCORE_DATABASE_URL` are not inherited; set them here)
 * @throws Error under `LOCSCORE_TEST_ENTRIES=built` when `dist/main.js` is absent
 */
export function tsCommand(file: string, args: string[] = [], env: Record<string, string> = {}): TsCommand {
  const built = BUILT_ENTRIES && file === MAIN_SOURCE;
  if (built && !existsSync(MAIN_BUILT)) throw new Error(`LOCSCORE_TEST_ENTRIES=built but ${MAIN_BUILT} is absent: run \`pnpm build\` first`);
  return {
    command: process.execPath,
    args: built ? [MAIN_BUILT, ...args] : ['--conditions=@locscore/source', '--import', 'tsx', file, ...args],
    // No inherited database URL: a child meant for PGlite must not land on the
    // PostgreSQL of the test run's DATABASE_URL (pass one in `env` to use it).
    options: { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: '', LOCSCORE_DATABASE_URL: '', ...env } },
  };
}

/**
 * Spawns a TypeScript entry ({@link tsCommand}) with piped stdio.
 *
 * @param file - absolute path of a `.ts` entry
 * @param args - its arguments
 * @param env - extra environment variables
 */
export function spawnTs(file: string, args: string[] = [], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const { command, args: argv, options } = tsCommand(file, args, env);
  return spawn(command, argv, { ...options, stdio: 'pipe' });
}

/**
 * Resolves with the first line of `stream` matching `pattern`, or rejects
 * after `timeoutMs` or when the process exits first. The default sits just
 * under the e2e project's 5-minute test limit (`vitest.config.ts`), so that a
 * process start on a loaded machine is not cut short by a tighter limit.
 */
export function waitForLine(
  child: ChildProcessWithoutNullStreams,
  stream: 'stdout' | 'stderr',
  pattern: RegExp,
  timeoutMs = 240_000,
): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let errors = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; stderr: ${errors}`)), timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child[stream].on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = buffered.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`process exited with ${code} before ${pattern}; stderr: ${errors}`));
    });
  });
}

/** Resolves with the exit code once the process ends. */
export function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}
