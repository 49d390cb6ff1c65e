/**
 * The address could not be located in any loaded region (nor by a configured
 * third-party geocoder). The server answers 400 `address_not_found`.
 */
export class AddressNotFoundError extends Error {
  /** API error code. */
  readonly code = 'address_not_found' as const;

  /**
   * @param address - the address as given
   * @param reason - what was missing, e.g. `no street named "Foo" in any region`
   */
  constructor(
    readonly address: string,
    readonly reason: string,
  ) {
    super(`address not found: ${reason}`);
    this.name = 'AddressNotFoundError';
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
