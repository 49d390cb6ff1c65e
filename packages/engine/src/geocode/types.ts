import type { GeocodePrecision } from '@locscore/schema';

/**
 * The parts of a civic address as written, after {@link parseAddress}.
 * Every field is trimmed text in its original spelling (not folded), or
 * absent when the text did not hold it.
 */
export interface ParsedAddress {
  /** Civic (house) number, e.g. `350`, `12a`, `3755-3791`. */
  housenumber?: string;
  /** Street name with its type and direction, e.g. `Boul. Matte`, `Rue Sainte-Catherine O`. */
  street?: string;
  /** Apartment, suite or office, e.g. `4` for `Apt 4`, `200` for `#200 - 100 King St W`. */
  unit?: string;
  /** Municipality, e.g. `Brossard`, `Vaduz`. */
  city?: string;
  /** State or province code, upper case, e.g. `NY`, `QC`. */
  region?: string;
  /** Postal code, upper case: US ZIP `10118`, Canadian `J4Y 2P4`, `9490` (LI/CH), `75002` (DE/FR). */
  postcode?: string;
  /** ISO 3166-1 alpha-2 country code when written or implied (`FL-` → `LI`, a province → `CA`). */
  country?: string;
}

/** A located civic address. */
export interface GeocodeMatch {
  /** WGS 84 latitude, decimal degrees. */
  lat: number;
  /** WGS 84 longitude, decimal degrees. */
  lng: number;
  /** How the point was found: `address_point`, `interpolated` or `street`. */
  precision: GeocodePrecision;
  /** Clean display string of what matched, e.g. `Städtle 38, 9490 Vaduz`. */
  matchedAddress: string;
  /** 0-1: 1 for an exact mapped address in the named town; lower for interpolation, street fallback, typos and ambiguity. */
  confidence: number;
}

/** A geocoder over one region's address points, streets and interpolation lines. */
export interface Geocoder {
  /**
   * Locates a civic address written in English, French or German form.
   *
   * @param text - free text, e.g. `3777 Boul. Matte, Brossard, QC J4Y 2P4`
   * @returns the match, or `null` when no street of that name exists in the region
   *   (or only in another municipality than the one named), or the text is longer
   *   than 1,000 characters
   * @throws TypeError naming `address` when `text` is not a string
   */
  geocode(text: string): GeocodeMatch | null;
}
