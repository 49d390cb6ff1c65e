import type { ErrorCode, ErrorDetails, FieldIssue } from '@locscore/schema';

/**
 * A request a service refuses by its rules (bad input, a spent budget, no
 * region loaded), named by the API's error code so that the HTTP layer
 * answers it as is (`http/error-handler.ts`'s `toApiError`). Services throw
 * it instead of an HTTP error, so they never import the HTTP layer.
 */
export class Refusal extends Error {
  /**
   * @param code - the API error code (its HTTP status is the schema's `ERROR_STATUS[code]`)
   * @param message - human-readable message
   * @param details - machine-readable details (`fields`, limits…)
   * @param headers - response headers the answer needs (e.g. `Retry-After`)
   */
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

/**
 * A refusal with code `invalid_request` naming every bad field.
 *
 * @param fields - one entry per invalid field (`field` is a dotted path or `body`)
 */
export function invalidInput(fields: FieldIssue[]): Refusal {
  const names = [...new Set(fields.map((issue) => issue.field))].join(', ');
  return new Refusal('invalid_request', `invalid request: ${names}`, { fields });
}
