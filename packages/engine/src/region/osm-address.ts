import type { OsmTags } from './osm-elements.js';
import type { AddressPoint } from './types.js';

/**
 * OSM keys naming a locality below the municipality, in the order they are
 * kept: `addr:suburb`, `addr:district`, `addr:quarter`, `addr:neighbourhood`,
 * `addr:hamlet` (see the OSM wiki's `Key:addr:*`).
 */
const LOCALITY_KEYS = ['addr:suburb', 'addr:district', 'addr:quarter', 'addr:neighbourhood', 'addr:hamlet'] as const;

/** The address fields beside position, number, street and id. */
export type AddressDetails = Omit<AddressPoint, 'lat' | 'lng' | 'housenumber' | 'street' | 'osmId' | 'areas'>;

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/**
 * The address fields an OSM object's tags give, besides its number and
 * street: `addr:unit` (else `addr:flats`), `addr:housename`, `addr:city`
 * (else `addr:municipality`), `addr:postcode`, `addr:state` (else
 * `addr:province`), `addr:country`, `addr:conscriptionnumber`,
 * `addr:streetnumber`, and the localities below the municipality
 * ({@link LOCALITY_KEYS}, and `addr:place` when `addr:street` is given:
 * then it names the part of the municipality, as in Czech and Slovak
 * addresses, `Nepomuckých 780/11, 199 00 Praha-Letňany`).
 *
 * @param tags - the object's tags
 * @returns the fields the tags give (absent keys left out)
 */
export function addressDetails(tags: OsmTags): AddressDetails {
  const details: AddressDetails = {};
  const unit = text(tags['addr:unit']) ?? text(tags['addr:flats']);
  if (unit !== undefined) details.unit = unit;
  const housename = text(tags['addr:housename']);
  if (housename !== undefined) details.housename = housename;
  const city = text(tags['addr:city']) ?? text(tags['addr:municipality']);
  if (city !== undefined) details.city = city;
  const postcode = text(tags['addr:postcode']);
  if (postcode !== undefined) details.postcode = postcode;
  const state = text(tags['addr:state']) ?? text(tags['addr:province']);
  if (state !== undefined) details.state = state;
  const country = text(tags['addr:country']);
  if (country !== undefined) details.country = country;
  const conscription = text(tags['addr:conscriptionnumber']);
  if (conscription !== undefined) details.conscriptionNumber = conscription;
  const streetNumber = text(tags['addr:streetnumber']);
  if (streetNumber !== undefined) details.streetNumber = streetNumber;
  const localities = new Set<string>();
  if (text(tags['addr:street']) !== undefined) {
    const place = text(tags['addr:place']);
    if (place !== undefined) localities.add(place);
  }
  for (const key of LOCALITY_KEYS) {
    const value = text(tags[key]);
    if (value !== undefined) localities.add(value);
  }
  if (localities.size > 0) details.localities = [...localities];
  return details;
}
