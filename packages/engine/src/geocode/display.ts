import type { AddressPoint } from '../region/types.js';
import type { StreetEntry } from './street-entries.js';

/** Whether a display follows North American order (`350 5th Avenue, New York, NY 10118`) or continental European (`Städtle 38, 9490 Vaduz`). */
export type AddressStyle = 'number-first' | 'street-first';

/** What to show: the street, the number (absent for a street match) and the address it came from. */
export interface DisplayParts {
  entry: StreetEntry;
  housenumber?: string;
  address?: AddressPoint;
  /** Postal code to show when the address has none (normalised key of one of the entry's postcodes). */
  postcodeKey?: string;
  /** State or province to show when neither the address nor its street names one (the region's only state). */
  regionState?: string;
  style: AddressStyle;
}

/** The parts of {@link DisplayParts} that depend on what matched (the geocoder supplies the entry and style). */
export type DisplayDetails = Omit<DisplayParts, 'entry' | 'style' | 'regionState'>;

/** The entry's postcode to display: the given key if the entry has it, else its most common one. */
function entryPostcode(entry: StreetEntry, key: string | undefined): string | undefined {
  if (key !== undefined) {
    const known = entry.postcodes.get(key);
    if (known !== undefined) return known.display;
  }
  let best: string | undefined;
  let bestCount = 0;
  for (const { display, count } of entry.postcodes.values()) {
    if (count > bestCount) {
      best = display;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Formats the matched address for display, from the data's spelling:
 * `350 5th Avenue, New York, NY 10118` (number first, then city, state,
 * postcode) or `Städtle 38, 9490 Vaduz` (street first, then postcode and city).
 *
 * @param parts - what matched and in which style
 * @returns the display string; pieces the data lacks are left out
 */
export function formatMatchedAddress(parts: DisplayParts): string {
  const { entry, address } = parts;
  const street = address?.street.trim() ?? entry.name;
  const city = address?.city?.trim() ?? entry.city;
  const state = address?.state?.trim() ?? entry.state ?? parts.regionState;
  const postcode = address?.postcode?.trim() ?? entryPostcode(entry, parts.postcodeKey);
  const number = parts.housenumber;
  if (parts.style === 'street-first') {
    const locality = [postcode, city].filter((piece) => piece !== undefined && piece !== '').join(' ');
    return [number === undefined ? street : `${street} ${number}`, locality].filter((piece) => piece !== '').join(', ');
  }
  const regionLine = [state, postcode].filter((piece) => piece !== undefined && piece !== '').join(' ');
  return [number === undefined ? street : `${number} ${street}`, city ?? '', regionLine].filter((piece) => piece !== '').join(', ');
}
