import type { AddressCandidate, ErrorDetails } from '@locscore/schema';

/**
 * The API error code an {@link EngineError} answers with: a request the
 * engine cannot answer as asked (an address it cannot locate, a field it
 * cannot honour), always HTTP 400.
 */
export type EngineErrorCode = 'address_not_found' | 'address_ambiguous' | 'invalid_request';

/**
 * The base of every error the engine throws on purpose. A server maps every
 * engine error in one place: one with a {@link EngineError.code} is the
 * request's fault and answers 400 with that code and
 * {@link EngineError.details}; one without (a region pack that cannot be
 * read) is the server's and answers 500.
 */
export abstract class EngineError extends Error {
  /** The API error code of the answer, or null when the fault is not the request's. */
  abstract readonly code: EngineErrorCode | null;

  /** `error.details` of the API answer (the invalid fields, or the address's reason and candidates); undefined when there are none. */
  abstract get details(): ErrorDetails | undefined;
}

/** What the server puts in `error.details` for an address that could not be located. */
export type AddressErrorDetails = {
  field: 'address';
  reason: string;
  /** Ambiguous: the equally good matches (up to 5); not found: "did you mean" near misses (up to 3). */
  candidates: AddressCandidate[];
};

/**
 * The address could not be located in any loaded region (nor by a configured
 * third-party geocoder). The server answers 400 `address_not_found` with
 * {@link AddressNotFoundError.details}.
 */
export class AddressNotFoundError extends EngineError {
  /** API error code. */
  readonly code = 'address_not_found' as const;

  /**
   * @param address - the address as given
   * @param reason - what was missing, e.g. `no municipality "Zürich" in the loaded regions`
   * @param candidates - "did you mean" near misses, at most 3 (default none)
   */
  constructor(
    readonly address: string,
    readonly reason: string,
    readonly candidates: readonly AddressCandidate[] = [],
  ) {
    super(`address not found: ${reason}`);
    this.name = 'AddressNotFoundError';
  }

  /** `error.details` of the API answer. */
  get details(): AddressErrorDetails {
    return { field: 'address', reason: this.reason, candidates: [...this.candidates] };
  }
}

/**
 * The address fits several places equally well (the same street and number
 * in several municipalities) and nothing in it chooses between them. The
 * server answers 400 `address_ambiguous` with the candidates.
 */
export class AddressAmbiguousError extends EngineError {
  /** API error code. */
  readonly code = 'address_ambiguous' as const;

  /**
   * @param address - the address as given
   * @param reason - e.g. `"Landstrasse 92" is in 2 places; add the municipality or postcode`
   * @param candidates - the equally good matches, 2 to 5
   */
  constructor(
    readonly address: string,
    readonly reason: string,
    readonly candidates: readonly AddressCandidate[],
  ) {
    super(`address ambiguous: ${reason}`);
    this.name = 'AddressAmbiguousError';
  }

  /** `error.details` of the API answer. */
  get details(): AddressErrorDetails {
    return { field: 'address', reason: this.reason, candidates: [...this.candidates] };
  }
}

/**
 * A point outside every loaded region: nothing can be drawn or scored there.
 * The server answers 400 `invalid_request` naming `lat`.
 */
export class OutsideRegionsError extends EngineError {
  /** API error code. */
  readonly code = 'invalid_request' as const;

  /**
   * @param lat - latitude asked for, decimal degrees
   * @param lng - longitude asked for, decimal degrees
   */
  constructor(
    readonly lat: number,
    readonly lng: number,
  ) {
    super(`the point ${lat}, ${lng} is outside every loaded region`);
    this.name = 'OutsideRegionsError';
  }

  /** `error.details` of the API answer: the field `lat`, with the message. */
  get details(): { fields: Array<{ field: string; message: string }> } {
    return { fields: [{ field: 'lat', message: this.message }] };
  }
}

/**
 * A region pack is missing, unreadable, or of another format version: the
 * fault of the server's set-up, not of a request ({@link EngineError.code} null).
 */
export class RegionPackError extends EngineError {
  /** Not a request's fault. */
  readonly code = null;

  /**
   * @param path - the pack directory or file
   * @param message - what is wrong with it
   */
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'RegionPackError';
  }

  /** No details: the server answers 500 and logs the message. */
  get details(): undefined {
    return undefined;
  }
}
