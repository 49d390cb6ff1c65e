import { createTerminal, type OutputStream } from '../src/output/terminal.js';
import { main } from '../src/program.js';
import { type CliRun, cliEnv } from './cli-process.js';

/** Options of {@link runCliInProcess}. */
export interface InProcessOptions {
  /** Variables on top of {@link cliEnv}'s, set in `process.env` for the run only. */
  env?: Record<string, string>;
}

/** Runs take turns: each one swaps `process.env`, which must not overlap. */
let turn: Promise<unknown> = Promise.resolve();

/**
 * Runs the CLI's `main` in this process, with stdout and stderr captured as
 * text streams that are not terminals, and `process.env` set to what
 * {@link cliEnv} gives a child for the duration of the run. For tests of what
 * a command prints and returns; the tests of the process boundary (signals,
 * exit codes of the executable, pipes, stdin) use `runCli` from
 * `cli-process.ts`. Commands that write to `process.stdout` themselves
 * (`batch` to `-`) and commands that read stdin are not for this runner.
 *
 * @param args - CLI arguments
 * @param options - extra environment
 * @returns the exit code `main` returned and the text written; `signal` is always null
 */
export function runCliInProcess(args: string[], options: InProcessOptions = {}): Promise<CliRun> {
  const run = turn.then(() => runOnce(args, options));
  turn = run.catch(() => undefined);
  return run;
}

async function runOnce(args: string[], options: InProcessOptions): Promise<CliRun> {
  const output = { stdout: '', stderr: '' };
  const stream = (name: 'stdout' | 'stderr'): OutputStream => ({
    write(chunk: string) {
      output[name] += chunk;
      return true;
    },
    isTTY: false,
  });
  const saved = { ...process.env };
  replaceEnv(cliEnv(options.env));
  try {
    const code = await main(['node', 'locscore', ...args], createTerminal({ stdout: stream('stdout'), stderr: stream('stderr') }, process.env));
    return { code, signal: null, ...output };
  } finally {
    replaceEnv(saved);
  }
}

/** Makes `process.env` hold exactly `env`, in place (so native code such as `os.homedir()` sees it too). */
function replaceEnv(env: NodeJS.ProcessEnv): void {
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  for (const [name, value] of Object.entries(env)) if (value !== undefined) process.env[name] = value;
}
