import { foldText } from '@locscore/schema';
/**
 * Groups a region's named street ways into streets, in time linear in the
 * ways and addresses (each way looks only at the addresses of its name near
 * it, through a spatial index) rather than comparing every way with every
 * address of its name.
 */
import Flatbush from 'flatbush';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { haversineMetres } from './geometry.js';
import type { AddressPoint, LatLng, Street } from './types.js';

/** A named street way as the OSM collector read it. */
export interface StreetLine {
  name: string;
  altNames: string[];
  /** At least two points. */
  line: LatLng[];
}

/** How far (metres) a street way may be from an address on it to take that address's municipality. */
export const STREET_CITY_RADIUS_METRES = 3_000;

/**
 * How far apart (metres, between the ways' bounding boxes) two ways of one
 * name with no municipality may be and still be one street; farther apart
 * they are different streets that share a name (each village's `Feldweg`).
 */
export const TOWNLESS_STREET_GAP_METRES = 500;

/** Lists shorter than this are scanned whole; a spatial index pays off above. */
const INDEX_FROM = 32;

/** Metres per degree of latitude on the haversine sphere (6,371,008.8 m). */
const METRES_PER_DEGREE = 111_195;

/**
 * The addresses that carry a municipality, by folded street name, each name's
 * list with a geokdbush index once it is long.
 */
class StreetCities {
  private readonly byName = new Map<string, { addresses: AddressPoint[]; index?: KDBush }>();

  constructor(addresses: readonly AddressPoint[]) {
    for (const address of addresses) {
      if (address.city === undefined) continue;
      const key = foldText(address.street);
      const entry = this.byName.get(key);
      if (entry === undefined) this.byName.set(key, { addresses: [address] });
      else entry.addresses.push(address);
    }
    for (const entry of this.byName.values()) {
      if (entry.addresses.length < INDEX_FROM) continue;
      const index = new KDBush(entry.addresses.length);
      for (const { lng, lat } of entry.addresses) index.add(lng, lat);
      index.finish();
      entry.index = index;
    }
  }

  /**
   * The municipality of the nearest address on a street of this name within
   * {@link STREET_CITY_RADIUS_METRES} of `point` (haversine), the first in
   * address order among equally near ones; undefined when none.
   */
  cityNear(key: string, point: LatLng): string | undefined {
    const entry = this.byName.get(key);
    if (entry === undefined) return undefined;
    const { addresses, index } = entry;
    // Padded by 1 % so geokdbush's distance never drops one the haversine check keeps.
    const ids =
      index === undefined
        ? addresses.keys()
        : around(index, point.lng, point.lat, Number.POSITIVE_INFINITY, (STREET_CITY_RADIUS_METRES * 1.01) / 1000).sort((a, b) => a - b);
    let best = STREET_CITY_RADIUS_METRES;
    let city: string | undefined;
    for (const id of ids) {
      const address = addresses[id] as AddressPoint;
      const distance = haversineMetres(point, address);
      if (distance < best) {
        best = distance;
        city = address.city;
      }
    }
    return city;
  }
}

/** Bounding box of a line, grown by `metres` on every side: [minLng, minLat, maxLng, maxLat]. */
function grownBox(line: readonly LatLng[], metres: number): [number, number, number, number] {
  let [minLng, minLat, maxLng, maxLat] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const { lng, lat } of line) {
    minLng = Math.min(minLng, lng);
    minLat = Math.min(minLat, lat);
    maxLng = Math.max(maxLng, lng);
    maxLat = Math.max(maxLat, lat);
  }
  const dLat = metres / METRES_PER_DEGREE;
  const cos = Math.max(0.01, Math.cos(((Math.max(Math.abs(minLat), Math.abs(maxLat)) + dLat) * Math.PI) / 180));
  const dLng = dLat / cos;
  return [minLng - dLng, minLat - dLat, maxLng + dLng, maxLat + dLat];
}

/**
 * For the ways of one name without a municipality (indexes into `lines`),
 * the first way of the cluster each belongs to: ways whose boxes grown by
 * half of {@link TOWNLESS_STREET_GAP_METRES} overlap are one street, and so
 * are chains of them (union-find over a Flatbush of the boxes).
 */
function townlessClusters(lines: readonly StreetLine[], members: readonly number[]): Map<number, number> {
  const parent = members.map((_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    parent[i] = r;
    return r;
  };
  const union = (a: number, b: number): void => {
    const [ra, rb] = [root(a), root(b)];
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const boxes = members.map((m) => grownBox((lines[m] as StreetLine).line, TOWNLESS_STREET_GAP_METRES / 2));
  if (members.length > 1) {
    const index = new Flatbush(members.length);
    for (const box of boxes) index.add(...box);
    index.finish();
    boxes.forEach((box, i) => {
      for (const j of index.search(...box)) if (j !== i) union(i, j);
    });
  }
  return new Map(members.map((m, i) => [m, members[root(i)] as number]));
}

/** Per way of `lines`, the key of the street it belongs to: folded name, and the municipality or the townless cluster. */
function groupKeys(lines: readonly StreetLine[], cities: StreetCities): Array<{ key: string; city?: string }> {
  const townless = new Map<string, number[]>();
  const keys = lines.map(({ name, line }, i) => {
    const folded = foldText(name);
    const middle = line[Math.floor(line.length / 2)] ?? line[0];
    const city = middle === undefined ? undefined : cities.cityNear(folded, middle);
    if (city !== undefined) return { key: `${folded}\u0000${foldText(city)}`, city };
    const list = townless.get(folded);
    if (list === undefined) townless.set(folded, [i]);
    else list.push(i);
    return { key: folded };
  });
  for (const members of townless.values()) {
    for (const [member, first] of townlessClusters(lines, members)) {
      const entry = keys[member];
      if (entry !== undefined) entry.key = `${entry.key}\u0000\u0000${first}`;
    }
  }
  return keys;
}

/**
 * Groups named street ways by folded name, then by the municipality of the
 * nearest address on a street of that name within
 * {@link STREET_CITY_RADIUS_METRES} of the way's middle point, so that e.g.
 * each town's `Landstrasse` is its own street. Ways with no such address are
 * grouped by name and nearness ({@link TOWNLESS_STREET_GAP_METRES}), never
 * across a country. Streets come in the order of their first way; each
 * gathers its ways' lines and other names.
 *
 * @param lines - the named street ways, in file order
 * @param addresses - the region's address points
 * @returns the streets
 */
export function groupStreets(lines: readonly StreetLine[], addresses: readonly AddressPoint[]): Street[] {
  const keys = groupKeys(lines, new StreetCities(addresses));
  const grouped = new Map<string, Street>();
  lines.forEach(({ name, altNames, line }, i) => {
    const { key, city } = keys[i] as { key: string; city?: string };
    const street = grouped.get(key);
    if (street === undefined) {
      const created: Street = { name, lines: [line] };
      if (altNames.length > 0) created.altNames = altNames;
      if (city !== undefined) created.city = city;
      grouped.set(key, created);
      return;
    }
    street.lines.push(line);
    const known = new Set(street.altNames ?? []);
    for (const other of altNames) known.add(other);
    if (known.size > 0) street.altNames = [...known];
  });
  return [...grouped.values()];
}
