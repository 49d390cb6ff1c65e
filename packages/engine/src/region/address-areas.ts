import type { AreaIndex } from './area-index.js';
import type { AddressPoint, Area } from './types.js';

/**
 * Whether an administrative area is a municipality for addressing: OSM
 * `admin_level` 8 (city, town, Gemeinde, commune in most countries) or 7
 * (where a country maps its municipalities one level up).
 */
function isMunicipality(area: Area): boolean {
  return area.kind === 'administrative' && (area.adminLevel === 8 || area.adminLevel === 7);
}

/**
 * Gives each address the areas that hold it (`areas`, innermost first) and,
 * where the object has no `addr:city`, the name of the innermost
 * municipality holding it, and where it has no `addr:postcode`, the
 * innermost postal-code area's postcode (else a municipality's
 * `addr:postcode`).
 *
 * @param addresses - changed in place
 * @param index - the pack's areas
 * @returns how many addresses took a municipality and how many a postcode from an area
 */
export function placeAddressesInAreas(addresses: AddressPoint[], index: AreaIndex): { cities: number; postcodes: number } {
  let cities = 0;
  let postcodes = 0;
  for (const address of addresses) {
    const holding = index.containing(address);
    if (holding.length === 0) continue;
    address.areas = holding.map((area) => area.id);
    if (address.city === undefined || address.city.trim() === '') {
      const name = holding.find(isMunicipality)?.name;
      if (name !== undefined) {
        address.city = name;
        cities += 1;
      }
    }
    if (address.postcode === undefined || address.postcode.trim() === '') {
      const postcode =
        holding.find((area) => area.kind === 'postal_code' && area.postcode !== undefined)?.postcode ??
        holding.find((area) => isMunicipality(area) && area.postcode !== undefined)?.postcode;
      if (postcode !== undefined) {
        address.postcode = postcode;
        postcodes += 1;
      }
    }
  }
  return { cities, postcodes };
}
