/**
 * @packageDocumentation
 * The `locscore` command line, importable for embedding and tests: the
 * commander program, its entry function, exit codes and error mapping.
 */
export { CLI_VERSION, createProgram, main } from './program.js';
export { CliError, EXIT, type ExitCode } from './exit-codes.js';
export type { ErrorReport } from './error-report.js';
export { createTerminal, type Terminal, type OutputStream } from './output/terminal.js';
