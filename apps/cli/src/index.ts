/**
 * @packageDocumentation
 * The `locscore` command line, importable for embedding and tests: the
 * commander program, its entry function, exit codes and error mapping.
 */

export type { ErrorReport } from './error-report.js';
export { CliError, EXIT, type ExitCode } from './exit-codes.js';
export { createTerminal, type OutputStream, type Terminal } from './output/terminal.js';
export { CLI_VERSION, createProgram, main } from './program.js';
