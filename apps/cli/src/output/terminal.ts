import { Chalk, type ChalkInstance } from 'chalk';
import ora, { type Ora } from 'ora';

/** A writable stream as the CLI uses it: `write` plus whether it is a terminal. */
export interface OutputStream {
  write(chunk: string): boolean;
  isTTY?: boolean;
  /** Width of the terminal in columns, when the stream is one. */
  columns?: number;
}

/**
 * The two output streams of a command and how to style them. Data goes to
 * `stdout`, progress and messages to `stderr` (clig.dev); colour and spinners
 * only where the stream is a terminal and `NO_COLOR` is unset.
 */
export interface Terminal {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Whether stdout is a terminal (cards instead of JSON where a command says so). */
  stdoutIsTTY: boolean;
  /** Whether stderr is a terminal (spinners and progress bars). */
  stderrIsTTY: boolean;
  /** Columns of the terminal on stdout, or `undefined` when stdout is not a terminal (cards then wrap at 80). */
  stdoutColumns: number | undefined;
  /** Styles for text written to stdout (level 0 = plain). */
  out: ChalkInstance;
  /** Styles for text written to stderr (level 0 = plain). */
  err: ChalkInstance;
}

/**
 * Colour level for one stream: 0 when `NO_COLOR` is set to any non-empty
 * value (https://no-color.org) or the stream is not a terminal, unless
 * `FORCE_COLOR` asks for colour; else 256 colours (level 2), or truecolor
 * (level 3) when `COLORTERM` says so.
 *
 * @param isTTY - whether the stream is a terminal
 * @param env - the environment (`process.env`)
 * @returns a chalk level 0–3
 */
export function colorLevel(isTTY: boolean, env: NodeJS.ProcessEnv): 0 | 1 | 2 | 3 {
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '' && force !== '0' && force !== 'false') return force === '3' ? 3 : force === '1' ? 1 : 2;
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return 0;
  if (!isTTY || env['TERM'] === 'dumb') return 0;
  return env['COLORTERM'] === 'truecolor' || env['COLORTERM'] === '24bit' ? 3 : 2;
}

/**
 * Builds the {@link Terminal} of the current process (or of the given streams, for tests).
 *
 * @param streams - stdout and stderr; default `process.stdout` / `process.stderr`
 * @param env - the environment; default `process.env`
 */
export function createTerminal(
  streams: { stdout: OutputStream; stderr: OutputStream } = { stdout: process.stdout, stderr: process.stderr },
  env: NodeJS.ProcessEnv = process.env,
): Terminal {
  const stdoutIsTTY = streams.stdout.isTTY === true;
  const stderrIsTTY = streams.stderr.isTTY === true;
  return {
    stdout: streams.stdout,
    stderr: streams.stderr,
    stdoutIsTTY,
    stderrIsTTY,
    stdoutColumns: stdoutIsTTY && typeof streams.stdout.columns === 'number' && streams.stdout.columns > 0 ? streams.stdout.columns : undefined,
    out: new Chalk({ level: colorLevel(stdoutIsTTY, env) }),
    err: new Chalk({ level: colorLevel(stderrIsTTY, env) }),
  };
}

/** A spinner on stderr that is a no-op when stderr is not a terminal. */
export interface Spinner {
  /** Replaces the spinner's text. */
  update(text: string): void;
  /** Leaves `line` on the terminal, above the spinner, which goes on. */
  persist(line: string): void;
  /** Stops and clears the spinner. */
  stop(): void;
}

/**
 * Starts an ora spinner on stderr when stderr is a terminal with a width;
 * otherwise returns a spinner that prints nothing (scripts get clean stderr).
 *
 * @param terminal - the command's terminal
 * @param text - the first line of text
 */
export function startSpinner(terminal: Terminal, text: string): Spinner {
  // A terminal that reports 0 columns (a pty with no size, as `script` or `docker exec -t` can give) makes ora
  // count its line as infinitely many and clear them for ever: such a terminal gets no spinner.
  if (!terminal.stderrIsTTY || terminal.stderr.columns === 0) return { update() {}, persist() {}, stop() {} };
  const spinner: Ora = ora({ text, stream: process.stderr, color: 'cyan' }).start();
  return {
    update(next) {
      spinner.text = next;
    },
    persist(line) {
      const current = spinner.text;
      spinner.stopAndPersist({ symbol: terminal.err.dim('·'), text: line });
      spinner.start(current);
    },
    stop() {
      spinner.stop();
    },
  };
}

/**
 * Writes one line to stderr (a message, never data).
 *
 * @param terminal - the command's terminal
 * @param line - the text, without newline
 */
export function note(terminal: Terminal, line: string): void {
  terminal.stderr.write(`${line}\n`);
}
