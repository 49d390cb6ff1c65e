/**
 * Civic-address geocoding: parse an English, French or German address,
 * normalise street names, and locate it in one region's address points,
 * interpolation lines and streets.
 */

export { foldText, normalizeCity, normalizePostcode } from './fold.js';
export { CONFIDENCE, createGeocoder, MIN_TYPO_LENGTH } from './geocoder.js';
export { MAX_NUMBER_SPAN, MAX_SPAN_METRES } from './interpolate.js';
export { analyzeStreet, normalizeStreet, type StreetParts } from './normalize-street.js';
export { MAX_ADDRESS_LENGTH, parseAddress } from './parse-address.js';
export type { GeocodeMatch, GeocodeOutcome, Geocoder, ParsedAddress, UnheldComponent } from './types.js';
