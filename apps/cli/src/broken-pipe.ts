/** What {@link exitOnBrokenPipe} calls to end the process. */
export type Exit = (code: number) => void;

/**
 * Ends the process quietly, with exit 0, once the reader of `stream` has gone
 * away (`locscore … --json | head -1`, `| (exit 0)`). Node reports a write to
 * a closed pipe as an `EPIPE` error event on the stream, which is unhandled
 * by default (a stack trace and exit 1). A reader that closes the pipe has
 * taken what it wanted, as with a C program's SIGPIPE, so the CLI stops at
 * once rather than go on working for nobody (a `batch` stops sending rows).
 * Any other stream error is left to Node's default handling.
 *
 * @param stream - stdout or stderr
 * @param exit - ends the process; default `process.exit`
 */
export function exitOnBrokenPipe(stream: NodeJS.EventEmitter, exit: Exit = (code) => process.exit(code)): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    exit(0);
  });
}
