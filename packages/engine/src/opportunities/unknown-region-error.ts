import { EngineError } from '../errors.js';

/**
 * The opportunity map was asked for a region the engine has not loaded, or
 * for no region while several are loaded. The server answers 400
 * `invalid_request` naming `region`, with the loaded regions in the message.
 */
export class UnknownRegionError extends EngineError {
  /** API error code. */
  readonly code = 'invalid_request' as const;
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

  /** `error.details` of the API answer: the field `region`, with the message. */
  get details(): { fields: Array<{ field: string; message: string }> } {
    return { fields: [{ field: this.field, message: this.message }] };
  }
}
