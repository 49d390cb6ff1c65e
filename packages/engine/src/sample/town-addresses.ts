import type { LatLng } from '../region/types.js';
import { ADDRESS_SPACING_METRES, type PlannedStreet, STREETS, streetPoint, toLatLng } from './town-plan.js';

/** Distance of house fronts from the street's centre line, metres. */
export const SETBACK_METRES = 15;

/** One planned civic address: even numbers on the left (north/west) side, odd on the right. */
export interface PlannedAddress {
  street: PlannedStreet;
  housenumber: number;
  along: number;
  side: number;
  at: LatLng;
}

/**
 * Every planned address of the town, deterministic: on each street, slots
 * every {@link ADDRESS_SPACING_METRES} from 50 m after its start; slot `k`
 * holds number `100 + 10k` on the left and `101 + 10k` on the right.
 */
export function plannedAddresses(): PlannedAddress[] {
  const addresses: PlannedAddress[] = [];
  for (const street of STREETS) {
    for (let k = 0; street.from + 50 + k * ADDRESS_SPACING_METRES < street.to; k++) {
      const along = street.from + 50 + k * ADDRESS_SPACING_METRES;
      for (const [offset, side] of [
        [0, SETBACK_METRES],
        [1, -SETBACK_METRES],
      ] as const) {
        addresses.push({ street, housenumber: 100 + 10 * k + offset, along, side, at: streetPoint(street, along, side) });
      }
    }
  }
  return addresses;
}

/**
 * Position of a planned address.
 *
 * @param streetName - one of the town's streets
 * @param housenumber - a planned number (`100 + 10k` or `101 + 10k`)
 * @returns its position
 * @throws Error for an unknown street or a number off the plan (a bug in the plan)
 */
export function addressPosition(streetName: string, housenumber: number): PlannedAddress {
  const found = plannedAddresses().find((a) => a.street.name === streetName && a.housenumber === housenumber);
  if (found === undefined) throw new Error(`sample plan: no address ${housenumber} ${streetName}`);
  return found;
}

/**
 * Corners of a square of `size` metres around a point `depth` metres behind an
 * address (away from the street), closed (first corner repeated).
 */
export function buildingSquare(address: PlannedAddress, size: number): LatLng[] {
  const half = size / 2;
  const depth = Math.sign(address.side) * (Math.abs(address.side) + half);
  const [cx, cy] = address.street.axis === 'x' ? [address.along, address.street.at + depth] : [address.street.at + depth, address.along];
  const corners = [toLatLng(cx - half, cy - half), toLatLng(cx + half, cy - half), toLatLng(cx + half, cy + half), toLatLng(cx - half, cy + half)];
  return [...corners, corners[0] ?? toLatLng(cx - half, cy - half)];
}
