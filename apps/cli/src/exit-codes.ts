/**
 * Exit codes of the `locscore` command, as agreed for every command
 * (after the conventions of gh and clig.dev: distinct codes a script can
 * branch on, 130 = 128 + SIGINT for an interrupted run).
 */
export const EXIT = {
  /** Everything worked. */
  ok: 0,
  /** An unexpected fault (a bug, an unreadable file we did not expect). */
  unexpected: 1,
  /** Wrong usage or invalid input: unknown flag, bad category, bad CSV, address refused (400). */
  usage: 2,
  /** The API key is missing or refused (401). */
  auth: 3,
  /** The key's monthly quota is spent (429 `quota_exceeded`). */
  quota: 4,
  /** The server failed (5xx), is not configured (503), or could not be reached. */
  server: 5,
  /** Interrupted by SIGINT (128 + 2). */
  interrupted: 130,
} as const;

/** One of the {@link EXIT} codes. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/**
 * An error the CLI reports as one message on stderr and a chosen exit code,
 * without a stack trace. Commands throw it for usage errors and refusals.
 */
export class CliError extends Error {
  /**
   * @param message - the message printed on stderr (one or more lines)
   * @param exitCode - the process exit code, one of {@link EXIT}
   */
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.usage,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
