import { haversineMetres, meanPoint } from '../region/geometry.js';
import type { AddressPoint, InterpolationLine, LatLng, RegionData, Street } from '../region/types.js';
import { foldText, normalizeCity, normalizePostcode } from './fold.js';
import { houseNumberKeys, houseNumberParts } from './house-number.js';
import { midpointOfLongestLine, nearestPointOnLines } from './line-geometry.js';
import { analyzeStreet, type StreetParts } from './normalize-street.js';
import { SpellingTable } from './spelling-table.js';

/** {@link SpellingTable}s of a region's street names (`analyzeStreet`) and municipalities (`normalizeCity`). */
export interface RegionSpellings {
  streets: SpellingTable<StreetParts>;
  cities: SpellingTable<string>;
}

/** Empty spelling tables for one region, to be filled by {@link buildStreetEntries}. */
export function newRegionSpellings(): RegionSpellings {
  return { streets: new SpellingTable(analyzeStreet), cities: new SpellingTable(normalizeCity) };
}

/** A mapped address with one of the numbers it stands for. */
export interface NumberedAddress {
  value: number;
  suffix: string;
  address: AddressPoint;
}

/**
 * One street of one municipality, with everything the geocoder needs:
 * its mapped addresses by number, sorted numbers for interpolation, its
 * geometry and interpolation lines.
 */
export interface StreetEntry {
  /** Display name: the most common spelling among its addresses, else the OSM way name. */
  name: string;
  parts: StreetParts;
  /** {@link normalizeCity} key of its municipality; `''` when unknown. */
  cityKey: string;
  /** Display municipality, when known. */
  city?: string;
  /** Normalised postcode → display postcode and how many addresses carry it. */
  postcodes: Map<string, { display: string; count: number }>;
  /** State or province of its addresses, when given. */
  state?: string;
  /** House-number key (`38`, `12a`, `3755-3791`, `3755`) → every address carrying it (a node and its building, entrances…). */
  byNumber: Map<string, AddressPoint[]>;
  /** Other names of its ways (`alt_name`, `old_name`, `name:*`…), as written. */
  aliases: Set<string>;
  /** Numbered addresses sorted by value, then by suffix (no suffix first). */
  numbered: NumberedAddress[];
  /**
   * The region's streets (ways grouped by name) that make up this entry, in
   * the order met; their `lines` are read only when the entry's point is
   * first needed ({@link streetRepresentativePoint}), so a pack's lazy line
   * geometry is never held per entry.
   */
  streets: Street[];
  /** {@link streetRepresentativePoint} once worked out (undefined until then). */
  point?: LatLng | null;
  interpolations: InterpolationLine[];
  /** Mean of its addresses' positions, or null when it has none. */
  centroid: LatLng | null;
}

/** Files one address under its street entry (its spelling in `spellings`): postcode, state, number keys and street numbers. */
function addAddress(entry: StreetEntry, spellings: Map<string, number>, address: AddressPoint): void {
  const spelling = streetOf(address).trim();
  spellings.set(spelling, (spellings.get(spelling) ?? 0) + 1);
  if (address.postcode !== undefined && address.postcode.trim() !== '') {
    const postcode = normalizePostcode(address.postcode);
    const known = entry.postcodes.get(postcode);
    if (known === undefined) entry.postcodes.set(postcode, { display: address.postcode.trim(), count: 1 });
    else known.count += 1;
  }
  if (address.state !== undefined && entry.state === undefined) entry.state = address.state;
  for (const key of numberKeysOf(address)) {
    const list = entry.byNumber.get(key);
    if (list === undefined) entry.byNumber.set(key, [address]);
    else list.push(address);
  }
  for (const part of streetNumbersOf(address)) entry.numbered.push({ value: part.value, suffix: part.suffix, address });
}

/**
 * The street an address is on: its `addr:street`, or the last part of one
 * written with a building's name before it (`Asemahalli, Kaivokatu`).
 *
 * @param address - a mapped address
 */
export function streetOf(address: AddressPoint): string {
  const comma = address.street.lastIndexOf(',');
  return comma < 0 ? address.street : address.street.slice(comma + 1).trim() || address.street;
}

/**
 * The names of the building an address is in, folded: its `addr:housename`
 * and any name written before its street (`Asemahalli` of `Asemahalli, Kaivokatu`).
 *
 * @param address - a mapped address
 */
export function housenamesOf(address: AddressPoint): string[] {
  const comma = address.street.lastIndexOf(',');
  const names = [address.housename ?? '', comma < 0 ? '' : address.street.slice(0, comma)];
  return names.map(foldText).filter((name) => name !== '');
}

/** Keys an address is found by: its `addr:housenumber` ({@link houseNumberKeys}), conscription number and street number. */
function numberKeysOf(address: AddressPoint): Set<string> {
  const keys = new Set(houseNumberKeys(address.housenumber));
  for (const extra of [address.conscriptionNumber, address.streetNumber]) if (extra !== undefined) for (const key of houseNumberKeys(extra)) keys.add(key);
  return keys;
}

/**
 * The numbers of an address along its street, for interpolation and the
 * street's range: its `addr:streetnumber`; none for a conscription number
 * alone or a `806/3` pair (a building's number in its part of town does not
 * run along the street); else the numbers of its `addr:housenumber`.
 */
function streetNumbersOf(address: AddressPoint): ReturnType<typeof houseNumberParts> {
  if (address.streetNumber !== undefined) return houseNumberParts(address.streetNumber);
  if (address.conscriptionNumber !== undefined || /^\d+\/\d/.test(address.housenumber.trim())) return [];
  return houseNumberParts(address.housenumber);
}

/** How far (metres) a street way or interpolation line without a municipality may be from a same-named street's addresses to join it. */
export const ATTACH_RADIUS_METRES = 5_000;

/**
 * Exact comparison key of a street: core words without spaces, type,
 * directions, e.g. `saintecatherine|rue|west`.
 *
 * @param parts - from `analyzeStreet`
 * @param useArticles - keep the French articles in the core (`delamontagne` rather than `montagne`)
 * @returns the key
 */
export function exactKey(parts: StreetParts, useArticles = false): string {
  const core = (useArticles ? parts.coreWithArticles : parts.core).join('');
  return `${core}|${parts.type ?? ''}|${parts.directions.join(',')}`;
}

/**
 * Loose comparison key: the core words only, without spaces, type or
 * directions, e.g. `saintecatherine`; used when the exact key finds nothing.
 *
 * @param parts - from `analyzeStreet`
 * @param useArticles - keep the French articles in the core
 * @returns the key
 */
export function looseKey(parts: StreetParts, useArticles = false): string {
  return (useArticles ? parts.coreWithArticles : parts.core).join('');
}

function newEntry(name: string, parts: StreetParts, cityKey: string, city: string | undefined): StreetEntry {
  const entry: StreetEntry = {
    name,
    parts,
    cityKey,
    postcodes: new Map(),
    byNumber: new Map(),
    aliases: new Set(),
    numbered: [],
    streets: [],
    interpolations: [],
    centroid: null,
  };
  if (city !== undefined) entry.city = city;
  return entry;
}

/**
 * Groups a region's address points, street ways and interpolation lines
 * into {@link StreetEntry}s, one per (normalised street name, municipality).
 * An address without a municipality takes the one of its postcode
 * (`cityOfPostcode`, learnt from the other addresses). A street way or interpolation line
 * without a municipality joins the nearest same-named entry within
 * {@link ATTACH_RADIUS_METRES}, else forms its own entry.
 *
 * @param region - the region's layers (only `addresses`, `streets`, `interpolations` are read)
 * @param cityOfPostcode - the municipality of a postcode key, e.g. `RegionPlaces.cityOf`
 * @param spellings - tables that learn every street and municipality spelling met
 *   (default: fresh ones, dropped afterwards)
 * @returns the entries, in first-seen order
 */
export function buildStreetEntries(
  region: Pick<RegionData, 'addresses' | 'streets' | 'interpolations'>,
  cityOfPostcode: (postcodeKey: string) => string | undefined,
  spellings: RegionSpellings = newRegionSpellings(),
): StreetEntry[] {
  const entries = new Map<string, StreetEntry>();
  // Spellings of each entry's name among its addresses, with counts: they choose its display name, then are dropped.
  const spellingsOf = new Map<StreetEntry, Map<string, number>>();
  const entriesByKey = new Map<string, StreetEntry[]>();
  const entryFor = (streetName: string, cityName: string | undefined): StreetEntry | null => {
    const parts = spellings.streets.learn(streetName);
    if (parts.core.length === 0) return null;
    const key = exactKey(parts);
    const city = cityName?.trim() === '' ? undefined : cityName?.trim();
    const cityKey = city === undefined ? '' : spellings.cities.learn(city);
    const groupKey = `${key}\u0000${cityKey}`;
    let entry = entries.get(groupKey);
    if (entry === undefined) {
      entry = newEntry(streetName.trim(), parts, cityKey, city);
      entries.set(groupKey, entry);
      const list = entriesByKey.get(key);
      if (list === undefined) entriesByKey.set(key, [entry]);
      else list.push(entry);
    }
    return entry;
  };

  for (const address of region.addresses) {
    const city = address.city ?? (address.postcode === undefined ? undefined : cityOfPostcode(normalizePostcode(address.postcode)));
    // `Asemahalli, Kaivokatu`: a building's name before the street, as some objects write it.
    const entry = entryFor(streetOf(address), city);
    if (entry === null) continue;
    let spellings = spellingsOf.get(entry);
    if (spellings === undefined) {
      spellings = new Map();
      spellingsOf.set(entry, spellings);
    }
    addAddress(entry, spellings, address);
  }
  const addressesOf = new Map<StreetEntry, AddressPoint[]>();
  for (const entry of entries.values()) {
    entry.numbered.sort((a, b) => a.value - b.value || a.suffix.localeCompare(b.suffix));
    addressesOf.set(entry, [...new Set(entry.numbered.map((item) => item.address))]);
    entry.centroid = meanPoint(addressesOf.get(entry) ?? []);
    let best = entry.name;
    let bestCount = 0;
    for (const [spelling, count] of spellingsOf.get(entry) ?? []) {
      if (count > bestCount) {
        best = spelling;
        bestCount = count;
      }
    }
    entry.name = best;
  }

  const attach = (streetName: string, cityName: string | undefined, near: LatLng | undefined): StreetEntry | null => {
    if (cityName === undefined || cityName.trim() === '') {
      const parts = spellings.streets.learn(streetName);
      const sameName = entriesByKey.get(exactKey(parts)) ?? [];
      let nearest: StreetEntry | null = null;
      let nearestDistance = ATTACH_RADIUS_METRES;
      for (const candidate of sameName) {
        const distance = candidate.centroid === null || near === undefined ? Number.POSITIVE_INFINITY : haversineMetres(candidate.centroid, near);
        if (distance <= nearestDistance) {
          nearest = candidate;
          nearestDistance = distance;
        }
      }
      if (nearest !== null) return nearest;
      if (sameName.length === 1 && sameName[0] !== undefined && sameName[0].centroid === null) return sameName[0];
    }
    return entryFor(streetName, cityName);
  };
  for (const street of region.streets) {
    const entry = attach(street.name, street.city, firstPointOf(street));
    if (entry !== null) {
      entry.streets.push(street);
      for (const alias of street.altNames ?? []) entry.aliases.add(alias);
    }
  }
  for (const line of region.interpolations) {
    const entry = attach(line.street, line.city, line.points[0]);
    if (entry !== null) entry.interpolations.push(line);
  }
  return [...entries.values()];
}

/**
 * Where a street's ways start: the first point of its first line that has
 * one (a pack's street gives it without reading its lines: `start`).
 */
function firstPointOf(street: Street & { start?: LatLng }): LatLng | undefined {
  if (street.start !== undefined) return street.start;
  for (const line of street.lines) if (line[0] !== undefined) return line[0];
  return undefined;
}

/** The non-empty lines of an entry's streets, in the order its streets were met. */
function linesOf(entry: StreetEntry): LatLng[][] {
  const lines: LatLng[][] = [];
  for (const street of entry.streets) for (const line of street.lines) if (line.length > 0) lines.push(line);
  return lines;
}

/**
 * The point that stands for a whole street (precision `street`): the point
 * of its geometry nearest the centroid of its mapped addresses; without
 * addresses, the midpoint of its longest line; without geometry, the mapped
 * address nearest that centroid.
 *
 * @param entry - a street entry
 * @returns the point, or null when the entry has neither geometry nor addresses
 */
export function streetRepresentativePoint(entry: StreetEntry): LatLng | null {
  if (entry.point === undefined) entry.point = representativePoint(entry);
  return entry.point === null ? null : { lat: entry.point.lat, lng: entry.point.lng };
}

function representativePoint(entry: StreetEntry): LatLng | null {
  const lines = linesOf(entry);
  if (entry.centroid === null) return midpointOfLongestLine(lines);
  if (lines.length > 0) return nearestPointOnLines(lines, entry.centroid);
  let nearest: LatLng | null = null;
  let nearestDistance = Number.POSITIVE_INFINITY;
  for (const { address } of entry.numbered) {
    const distance = haversineMetres(address, entry.centroid);
    if (distance < nearestDistance) {
      nearest = { lat: address.lat, lng: address.lng };
      nearestDistance = distance;
    }
  }
  return nearest;
}
