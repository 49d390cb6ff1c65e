/** Why a pack could not be read or written. */
export type PackErrorCode = 'not_found' | 'previous_format' | 'newer_format' | 'invalid' | 'damaged' | 'exists' | 'write_failed';

/**
 * A region pack that cannot be read (missing, of another format version,
 * invalid or damaged) or written. `path` names the directory or file, and
 * the message says what to do, e.g. the command that rebuilds a pack of a
 * previous format.
 */
export class PackError extends Error {
  /**
   * @param path - the pack directory or the file inside it
   * @param code - the kind of failure
   * @param reason - what is wrong and what to do
   */
  constructor(
    readonly path: string,
    readonly code: PackErrorCode,
    readonly reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'PackError';
  }
}

/**
 * Whether a value is a {@link PackError}.
 *
 * @param error - anything caught
 */
export function isPackError(error: unknown): error is PackError {
  return error instanceof PackError;
}
