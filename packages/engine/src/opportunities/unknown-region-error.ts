/**
 * The opportunity map was asked for a region the engine has not loaded, or
 * for no region while several are loaded. The server answers 400
 * `invalid_request` naming `region`, with the loaded regions in the message.
 */
export class UnknownRegionError extends Error {
  /** The field the server names. */
  readonly field = 'region' as const;

  /**
   * @param asked - the region asked for, or null when none was given
   * @param loaded - names of the loaded regions
   */
  constructor(
    readonly asked: string | null,
    readonly loaded: readonly string[],
  ) {
    const known = loaded.length === 0 ? 'no region is loaded' : `loaded: ${loaded.join(', ')}`;
    super(asked === null ? `region is required when several regions are loaded (${known})` : `region ${JSON.stringify(asked)} is not loaded (${known})`);
    this.name = 'UnknownRegionError';
  }
}
