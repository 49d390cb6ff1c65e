import type { AddressPoint, LatLng } from '../region/types.js';

/** Metres per degree of latitude (mean Earth radius 6,371,008.8 m). */
const METRES_PER_DEGREE = 111_195.08;

/**
 * Objects with the same street and number within this distance (metres) are
 * one civic address: a node and its building, a building and its entrances,
 * a house and its annex. Measured on the real extracts, such pairs lie up to
 * about 160 m apart (Liechtenstein: a farm and its barn); the same number in
 * another town is kilometres away.
 */
export const SAME_ADDRESS_METRES = 200;

/** One civic address: the objects that carry it, and the one that stands for it. */
export interface AddressGroup<T> {
  /** The object whose position and tags answer for the group (see {@link groupSameAddress}). */
  representative: AddressPoint;
  /** Every object of the group with what the caller attached to it. */
  members: Array<{ address: AddressPoint; item: T }>;
}

/**
 * Groups objects that carry one street and number into civic addresses:
 * objects within {@link SAME_ADDRESS_METRES} of each other (single linkage)
 * are one. The representative is the member with the least total distance
 * to the others (the medoid), a building (way or relation) before a node on
 * a tie, then the lowest id, so the answer is the same whichever object a
 * lookup meets first.
 *
 * @param found - the objects, each with a payload (e.g. its street entry)
 * @returns the groups, in the order their first member was given
 */
export function groupSameAddress<T>(found: ReadonlyArray<{ address: AddressPoint; item: T }>): Array<AddressGroup<T>> {
  const distance = planarDistance(found[0]?.address.lat ?? 0);
  const groupOf = found.map((_, index) => index);
  const root = (index: number): number => {
    let at = index;
    while (groupOf[at] !== at) at = groupOf[at] ?? at;
    return at;
  };
  // Pairs are compared only within a band of latitude a little wider than the distance (sorted sweep):
  // the same components as comparing every pair, in O(n log n) for the same number in many towns.
  const byLat = found.map((_, index) => index).sort((a, b) => (found[a]?.address.lat ?? 0) - (found[b]?.address.lat ?? 0));
  const band = (SAME_ADDRESS_METRES + 1) / METRES_PER_DEGREE;
  for (let s = 0; s < byLat.length; s += 1) {
    const a = found[byLat[s] ?? 0];
    if (a === undefined) continue;
    for (let t = s + 1; t < byLat.length; t += 1) {
      const b = found[byLat[t] ?? 0];
      if (b === undefined) continue;
      if (b.address.lat - a.address.lat > band) break;
      if (a.address !== b.address && distance(a.address, b.address) <= SAME_ADDRESS_METRES) groupOf[root(byLat[t] ?? 0)] = root(byLat[s] ?? 0);
    }
  }
  const groups = new Map<number, Array<{ address: AddressPoint; item: T }>>();
  found.forEach((member, index) => {
    const key = root(index);
    const list = groups.get(key);
    if (list === undefined) groups.set(key, [member]);
    else if (!list.some((other) => other.address === member.address)) list.push(member);
  });
  return [...groups.values()].map((members) => ({
    representative: medoid(
      members.map((member) => member.address),
      distance,
    ),
    members,
  }));
}

/**
 * Distance in metres on a local equirectangular plane (exact to well under a
 * metre across the few hundred metres of one civic address, and a fraction
 * of the cost of the haversine: a shopping centre's 170 objects on one
 * number are 30,000 distances).
 */
function planarDistance(lat: number): (a: LatLng, b: LatLng) => number {
  const scale = Math.cos((lat * Math.PI) / 180);
  return (a, b) => {
    const dx = (a.lng - b.lng) * scale;
    const dy = a.lat - b.lat;
    return Math.sqrt(dx * dx + dy * dy) * METRES_PER_DEGREE;
  };
}

function medoid(addresses: readonly AddressPoint[], distance: (a: LatLng, b: LatLng) => number): AddressPoint {
  let best = addresses[0] as AddressPoint;
  let bestSum = Number.POSITIVE_INFINITY;
  for (const candidate of addresses) {
    let sum = 0;
    for (const other of addresses) sum += distance(candidate, other);
    if (sum < bestSum - 1e-9 || (Math.abs(sum - bestSum) <= 1e-9 && before(candidate, best))) {
      best = candidate;
      bestSum = sum;
    }
  }
  return best;
}

/** Tie order: a way or relation before a node, then by id. */
function before(a: AddressPoint, b: AddressPoint): boolean {
  const buildingA = !a.osmId.startsWith('n');
  const buildingB = !b.osmId.startsWith('n');
  if (buildingA !== buildingB) return buildingA;
  return a.osmId < b.osmId;
}
