import type { AddressPoint } from '../region/types.js';

/**
 * An address point written as an address the geocoder locates, in the
 * order of its region: North American (`350 5th Avenue, New York, NY 10118`)
 * when the point carries a state or province or a Canadian postal code,
 * continental European (`Städtle 38, 9490 Vaduz`) otherwise. The same
 * choice the geocoder makes for a street's display (`styleOfEntry`), read
 * from the one point. Pieces the point lacks are left out.
 *
 * @param address - an address point of the pack
 * @returns the address, e.g. `Städtle 38, 9490 Vaduz`
 */
export function addressLabel(address: AddressPoint): string {
  const street = address.street.trim();
  const number = address.housenumber.trim();
  const city = address.city?.trim() ?? '';
  const postcode = address.postcode?.trim() ?? '';
  const state = address.state?.trim() ?? '';
  const numberFirst = state !== '' || /^[A-Z]\d[A-Z]/i.test(postcode);
  if (numberFirst) {
    const regionLine = [state, postcode].filter((piece) => piece !== '').join(' ');
    return [`${number} ${street}`.trim(), city, regionLine].filter((piece) => piece !== '').join(', ');
  }
  const locality = [postcode, city].filter((piece) => piece !== '').join(' ');
  return [`${street} ${number}`.trim(), locality].filter((piece) => piece !== '').join(', ');
}
