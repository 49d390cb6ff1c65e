import type { Terminal } from './terminal.js';

/**
 * Writes a value as JSON on stdout: indented when stdout is a terminal,
 * one compact line otherwise (for `jq` and pipes).
 *
 * @param terminal - the command's terminal
 * @param value - any JSON-serialisable value
 */
export function printJson(terminal: Terminal, value: unknown): void {
  terminal.stdout.write(`${JSON.stringify(value, null, terminal.stdoutIsTTY ? 2 : undefined)}\n`);
}
