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
  /** A building's name written before the street (`Asemahalli, Kaivokatu 1`): the match's `addr:housename` must agree. */
  housename?: string;
  /** Municipality (or the first locality written), e.g. `Brossard`, `Vaduz`, `København N`. */
  city?: string;
  /** Other localities written besides `city` (a suburb and its town: `Letňany, Praha`), each of which must agree with the match. */
  localities?: string[];
  /** State, province or Swiss canton code, upper case, e.g. `NY`, `QC`, `SG`. */
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

/** A component the input names that none of a region's data holds (`Zürich` in a Liechtenstein pack). */
export interface UnheldComponent {
  component: 'municipality' | 'postcode' | 'state' | 'country';
  /** As written, e.g. `Zürich`, `8001`. */
  value: string;
}

/**
 * What a geocoder answers for one input:
 * - `matched`: one civic address (or interpolated point, or street) fits;
 * - `ambiguous`: several fit equally and nothing in the input chooses
 *   (the same street and number in several municipalities), `candidates`
 *   best first (at most 5);
 * - `not_found`: nothing fits; `reason` says why in one phrase (`no
 *   municipality "Zürich"`), `candidates` are near misses ("did you mean",
 *   at most 3: a street one or two letters off, the same address in another
 *   town), and `unheld` the components this region's data does not hold.
 */
export type GeocodeOutcome =
  | { status: 'matched'; match: GeocodeMatch }
  | { status: 'ambiguous'; reason: string; candidates: GeocodeMatch[] }
  | { status: 'not_found'; reason: string; candidates: GeocodeMatch[]; unheld: UnheldComponent[] };

/** A geocoder over one region's address points, streets and interpolation lines. */
export interface Geocoder {
  /**
   * Locates a civic address written in English, French or German form.
   *
   * @param text - free text, e.g. `3777 Boul. Matte, Brossard, QC J4Y 2P4`
   * @returns the outcome (see {@link GeocodeOutcome}); `not_found` for text
   *   longer than 1,000 characters
   * @throws TypeError naming `address` when `text` is not a string
   */
  geocode(text: string): GeocodeOutcome;
  /**
   * Locates an address already taken apart (by another parser, or a form
   * with one field per part), under the same rules as {@link Geocoder.geocode}.
   *
   * @param parsed - the parts, as written
   * @returns the outcome
   */
  locate?(parsed: ParsedAddress): GeocodeOutcome;
}
