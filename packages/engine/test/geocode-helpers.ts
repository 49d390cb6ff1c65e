import type { GeocodeMatch, Geocoder } from '../src/geocode/types.js';

/**
 * The match of a geocoder's answer, or null when it is `ambiguous` or `not_found`.
 *
 * @param geocoder - any geocoder
 * @param text - the address
 */
export function matchOf(geocoder: Geocoder, text: string): GeocodeMatch | null {
  const outcome = geocoder.geocode(text);
  return outcome.status === 'matched' ? outcome.match : null;
}
