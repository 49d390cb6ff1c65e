import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { stat, watch } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Repository root (the CLI runs from there so that `--import tsx` resolves). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The CLI's entry, run from source. */
export const binPath = fileURLToPath(new URL('../src/bin.ts', import.meta.url));

/** tsx's loader as a file URL, so that the CLI runs from source in any working directory. */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * How long a test waits for a child's output or a file before failing with
 * what it waited for: just under the e2e project's 5-minute test limit
 * (`vitest.config.ts`), so that a server start on a loaded machine is not
 * cut short by a tighter limit of its own.
 */
export const WAIT_MS = 240_000;

/** Options of {@link startCli} and {@link runCli}. */
export interface CliOptions {
  /** Variables on top of {@link cliEnv}'s. */
  env?: Record<string, string>;
  /** Text written to stdin, which is then closed. */
  stdin?: string;
  /** Working directory. @default the repository's root */
  cwd?: string;
}

/** What a finished CLI run printed and returned. */
export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Variables besides `LOCSCORE_*` that the CLI reads and a test process must
 * not pass on unless a test sets them (pnpm's say how the CLI was started,
 * which its hints follow: `pnpm locscore` or `locscore`).
 */
const INHERITED_SETTINGS = ['DATABASE_URL', 'FORCE_COLOR', 'npm_config_user_agent', 'npm_command', 'npm_lifecycle_event'];

/** Environment for the CLI: no colour, no inherited `LOCSCORE_*` settings (nor `DATABASE_URL`, nor pnpm's variables). */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...extra };
  for (const name of Object.keys(env)) {
    if ((name.startsWith('LOCSCORE_') || INHERITED_SETTINGS.includes(name)) && !(name in extra)) delete env[name];
  }
  return env;
}

/** The built CLI's entry (`pnpm build`), which {@link startCli} runs instead of the source under {@link BUILT_CLI}. */
export const builtBinPath = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/**
 * Whether {@link startCli} runs the built CLI (`apps/cli/dist/bin.js`) rather
 * than its sources through tsx: set `LOCSCORE_TEST_ENTRIES=built` where the
 * build has just run from the same sources, as `.ci/run` does (it builds
 * before it tests), to spare each spawned CLI tsx's start-up. Unset, the
 * sources run, so a test run needs no build first.
 */
export const BUILT_CLI = process.env['LOCSCORE_TEST_ENTRIES'] === 'built';

/**
 * The node arguments that run the CLI with `args`: the built entry under
 * {@link BUILT_CLI}, else the sources (`--conditions=@locscore/source --import tsx src/bin.ts`).
 *
 * @throws Error under {@link BUILT_CLI} when `apps/cli/dist/bin.js` is absent
 */
export function cliNodeArgs(args: readonly string[]): string[] {
  if (!BUILT_CLI) return ['--conditions=@locscore/source', '--import', tsxLoader, binPath, ...args];
  if (!existsSync(builtBinPath)) throw new Error(`LOCSCORE_TEST_ENTRIES=built but ${builtBinPath} is absent: run \`pnpm build\` first`);
  return [builtBinPath, ...args];
}

/**
 * Starts the CLI ({@link cliNodeArgs}: from source, or built under {@link BUILT_CLI}).
 *
 * @param args - CLI arguments
 * @param options - extra environment, stdin text, working directory
 */
export function startCli(args: string[], options: CliOptions = {}): ChildProcess {
  const child = spawn(process.execPath, cliNodeArgs(args), {
    cwd: options.cwd ?? repoRoot,
    env: cliEnv(options.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  else child.stdin?.end();
  return child;
}

/** Collects a child's output until it exits. */
export function finished(child: ChildProcess): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/**
 * Runs the CLI to completion.
 *
 * @param args - CLI arguments
 * @param options - extra environment, stdin text, working directory
 */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  return finished(startCli(args, options));
}

/** Resolves with the first line a child prints on stdout (e.g. the URL of `locscore serve`). */
export function firstLine(child: ChildProcess, timeoutMs = WAIT_MS): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`no output within ${timeoutMs} ms; stderr: ${stderr}`)), timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const newline = buffer.indexOf('\n');
      if (newline !== -1) {
        clearTimeout(timer);
        resolve(buffer.slice(0, newline));
      }
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before printing a line; stderr: ${stderr}`));
    });
  });
}

/** A child's output so far, collected from the moment {@link collectOutput} was called. */
export interface CollectedOutput {
  stdout: string;
  stderr: string;
  /** Resolves with the stream's text once `test` accepts it; rejects after `timeoutMs` or when the child exits first. */
  until(stream: 'stdout' | 'stderr', test: (text: string) => boolean, timeoutMs?: number): Promise<string>;
}

/**
 * Collects a running child's stdout and stderr, for long-running commands
 * (`listen`, `serve`) whose output a test waits on.
 *
 * @param child - a child from {@link startCli}
 */
export function collectOutput(child: ChildProcess): CollectedOutput {
  const output = { stdout: '', stderr: '' };
  const waiters = new Set<() => void>();
  let exited = false;
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output.stdout += chunk;
    for (const wake of waiters) wake();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output.stderr += chunk;
    for (const wake of waiters) wake();
  });
  child.on('close', () => {
    exited = true;
    for (const wake of waiters) wake();
  });
  return {
    get stdout() {
      return output.stdout;
    },
    get stderr() {
      return output.stderr;
    },
    until(stream, test, timeoutMs = WAIT_MS) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out after ${timeoutMs} ms; stdout: ${output.stdout}; stderr: ${output.stderr}`));
        }, timeoutMs);
        function check(): void {
          if (test(output[stream])) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(output[stream]);
          } else if (exited) {
            clearTimeout(timer);
            waiters.delete(check);
            reject(new Error(`exited before the expected output; stdout: ${output.stdout}; stderr: ${output.stderr}`));
          }
        }
        waiters.add(check);
        check();
      });
    },
  };
}

/**
 * Resolves once the file at `path` holds more than `bytes` bytes, woken by
 * the file system's change events on its folder (not by polling).
 *
 * @param path - a file the child writes
 * @param bytes - size to exceed
 * @param timeoutMs - reject after this long
 */
export async function fileGrowsPast(path: string, bytes: number, timeoutMs = WAIT_MS): Promise<void> {
  const big = async (): Promise<boolean> =>
    (await stat(path).then(
      (info) => info.size,
      () => 0,
    )) > bytes;
  const signal = AbortSignal.timeout(timeoutMs);
  const events = watch(dirname(path), { signal });
  if (await big()) return;
  try {
    for await (const event of events) {
      if (event.filename === basename(path) && (await big())) return;
    }
  } catch (error) {
    if (signal.aborted) throw new Error(`${path} did not grow past ${bytes} bytes within ${timeoutMs} ms`);
    throw error;
  }
}
