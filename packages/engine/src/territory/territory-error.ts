import { EngineError } from '../errors.js';

/**
 * A territory that cannot be built or measured as asked, e.g. a population
 * territory of more residents than the region holds. The server answers 400
 * `invalid_request` naming {@link TerritoryError.field}.
 */
export class TerritoryError extends EngineError {
  /** API error code. */
  readonly code = 'invalid_request' as const;

  /**
   * @param field - the request field at fault, dotted, e.g. `territory.residents`
   * @param message - what is wrong, starting with the field's name
   */
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'TerritoryError';
  }

  /** `error.details` of the API answer: the field and the message, as for any invalid field. */
  get details(): { fields: Array<{ field: string; message: string }> } {
    return { fields: [{ field: this.field, message: this.message }] };
  }
}
