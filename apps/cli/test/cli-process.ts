import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Repository root (the CLI runs from there so that `--import tsx` resolves). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The CLI's entry, run from source. */
export const binPath = fileURLToPath(new URL('../src/bin.ts', import.meta.url));

/** What a finished CLI run printed and returned. */
export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Environment for the CLI: no colour, no inherited locscore settings. */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...extra };
  for (const name of ['LOCSCORE_API_KEY', 'LOCSCORE_BASE_URL', 'LOCSCORE_DATA_DIR', 'FORCE_COLOR']) if (!(name in extra)) delete env[name];
  return env;
}

/**
 * Starts the CLI from source (`node --conditions=@locscore/source --import tsx src/bin.ts`).
 *
 * @param args - CLI arguments
 * @param options - extra environment and stdin text
 */
export function startCli(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}): ChildProcess {
  const child = spawn(process.execPath, ['--conditions=@locscore/source', '--import', 'tsx', binPath, ...args], {
    cwd: repoRoot,
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
 * @param options - extra environment and stdin text
 */
export function runCli(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}): Promise<CliRun> {
  return finished(startCli(args, options));
}

/** Resolves with the first line a child prints on stdout (e.g. the URL of `locscore serve`). */
export function firstLine(child: ChildProcess, timeoutMs = 60_000): Promise<string> {
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
