import type { GeocodePrecision } from '@locscore/schema';

/**
 * The factors (0–1) that make `meta.geocodeConfidence`, multiplied together
 * (see {@link geocodeConfidence} and `docs/geocoding.md`):
 *
 * - `precision`: an exact mapped address 1, interpolated 0.8, the street's
 *   point 0.5, approximate 0.4;
 * - the street name: exact or one of the street's other OSM names 1, its
 *   `old_name` 0.95; the same core with the type missing on one side 0.95,
 *   in the other language (`rue`/`street`) 0.9, a direction missing 0.9;
 *   one typo 0.85;
 * - the place: no municipality and no postcode written 0.9 (nothing
 *   confirmed the town); each written component (municipality, postcode,
 *   state, country) the data can neither confirm nor deny 0.9;
 * - `otherTowns`: the street also exists in another municipality of the
 *   loaded regions where the number is only interpolated or the street's
 *   point, and the input names no town 0.9.
 *
 * A result under 0.8 is flagged by the CLI card.
 */
export const CONFIDENCE = {
  precision: { address_point: 1, interpolated: 0.8, street: 0.5, approximate: 0.4 } satisfies Record<GeocodePrecision, number>,
  oldName: 0.95,
  missingType: 0.95,
  translatedType: 0.9,
  missingDirection: 0.9,
  typo: 0.85,
  noTownGiven: 0.9,
  unconfirmed: 0.9,
  otherTowns: 0.9,
} as const;

/** What a confidence is computed from. */
export interface ConfidenceInputs {
  precision: GeocodePrecision;
  /** The street name's factor (1 for an exact name). */
  nameScore: number;
  /** Whether the input named a municipality or a postcode. */
  townGiven: boolean;
  /** Written components the data could neither confirm nor contradict. */
  unconfirmed: number;
  /** Whether other municipalities hold the street with a lesser match and no town was named. */
  otherTowns: boolean;
}

/**
 * `meta.geocodeConfidence`: the product of the {@link CONFIDENCE} factors,
 * rounded to two decimals. 1 is an exact mapped address, named as the data
 * names it, in the municipality or postcode the input gives.
 *
 * @param inputs - what the match rests on
 * @returns 0–1
 */
export function geocodeConfidence(inputs: ConfidenceInputs): number {
  const value =
    CONFIDENCE.precision[inputs.precision] *
    inputs.nameScore *
    (inputs.townGiven ? 1 : CONFIDENCE.noTownGiven) *
    CONFIDENCE.unconfirmed ** inputs.unconfirmed *
    (inputs.otherTowns ? CONFIDENCE.otherTowns : 1);
  return Math.round(value * 100) / 100;
}
