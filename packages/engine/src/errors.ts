import type { AddressCandidate } from '@locscore/schema';

/** What the server puts in `error.details` for an address that could not be located. */
export interface AddressErrorDetails {
  field: 'address';
  reason: string;
  /** Ambiguous: the equally good matches (up to 5); not found: "did you mean" near misses (up to 3). */
  candidates: AddressCandidate[];
}

/**
 * The address could not be located in any loaded region (nor by a configured
 * third-party geocoder). The server answers 400 `address_not_found` with
 * {@link AddressNotFoundError.details}.
 */
export class AddressNotFoundError extends Error {
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
export class AddressAmbiguousError extends Error {
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
export class OutsideRegionsError extends Error {
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
}

/** A region pack is missing, unreadable, or of another format version. */
export class RegionPackError extends Error {
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
}
