import type { GeocodePrecision } from '@locscore/schema';
import type { AddressPoint, LatLng, RegionData } from '../region/types.js';
import type { AddressStyle, DisplayDetails } from './display.js';
import { formatMatchedAddress } from './display.js';
import { foldText, normalizePostcode } from './fold.js';
import { houseNumberParts, parseHouseNumber } from './house-number.js';
import { interpolateAlongLine, interpolateBetweenAddresses } from './interpolate.js';
import { analyzeStreet, type StreetParts } from './normalize-street.js';
import { MAX_ADDRESS_LENGTH, parseAddress } from './parse-address.js';
import { buildStreetEntries, exactKey, looseKey, newRegionSpellings, streetRepresentativePoint, type StreetEntry } from './street-entries.js';
import { DIRECTIONS, STREET_TYPES } from './street-words.js';
import { TypoIndex } from './typo-index.js';
import type { GeocodeMatch, Geocoder, ParsedAddress } from './types.js';

/** Shortest folded street core (letters and digits, no spaces) for which one typo is tolerated. */
export const MIN_TYPO_LENGTH = 6;

/**
 * Confidence factors (0-1), multiplied together. Precision: an exact address
 * 1, interpolated 0.8, street 0.5. Name: exact 1; the same core with the type
 * or direction missing on one side 0.9-0.95, with the type in the other
 * language (`rue`/`street`) 0.9; one typo
 * ×0.85. Town: city or postcode matched 1; none given 0.95; a city unknown to
 * the region 0.85; the postcode contradicting a matched city ×0.9. Several
 * equally good streets (e.g. `1239 Gouin` when `Gouin Est` and `Gouin Ouest`
 * both have a 1239, or a street fallback among several) ×0.8.
 */
export const CONFIDENCE = {
  precision: { address_point: 1, interpolated: 0.8, street: 0.5, approximate: 0.4 } satisfies Record<GeocodePrecision, number>,
  missingType: 0.95,
  translatedType: 0.9,
  missingDirection: 0.9,
  typo: 0.85,
  noTownGiven: 0.95,
  unknownTown: 0.85,
  postcodeContradicts: 0.9,
  ambiguous: 0.8,
} as const;

/**
 * Street types that name the same street in English and French (Montréal
 * signs both: `Rue Sainte-Catherine Ouest` = `Sainte-Catherine Street West`,
 * `Chemin de la Côte-des-Neiges` = `Côte-des-Neiges Road`). Any other pair of
 * different types (`5th Avenue` / `5th Street`) names different streets.
 */
const EQUIVALENT_TYPES: ReadonlySet<string> = new Set(
  [
    ['rue', 'street'],
    ['chemin', 'road'],
    ['route', 'road'],
    ['route', 'highway'],
    ['autoroute', 'highway'],
    ['place', 'square'],
    ['place', 'platz'],
    ['strasse', 'street'],
  ].flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]),
);

/** A street that matched the query's name, and how well. */
interface Candidate {
  entry: StreetEntry;
  nameScore: number;
}

/** Candidates of one town tier, with the town factor they share. */
interface RankedCandidates {
  candidates: Candidate[];
  townFactor: number;
}

/** How the query's town relates to a street: 2 matches, 1 cannot tell, 0 contradicts. */
type TownTier = 0 | 1 | 2;

/**
 * Display order for a street: North American (`350 5th Avenue, New York, NY
 * 10118`) when its addresses carry a state or province or a Canadian postal
 * code; continental European (`Städtle 38, 9490 Vaduz`) when they carry only
 * 4-digit postcodes (Switzerland, Liechtenstein, Austria) and no state; else
 * null: (5 digits are both US ZIP codes and German or French postcodes) the
 * order the query was written in. Computed once per street.
 */
function styleOfEntry(entry: StreetEntry): AddressStyle | null {
  if (entry.state !== undefined) return 'number-first';
  const postcodes = [...entry.postcodes.keys()];
  if (postcodes.some((postcode) => /^[A-Z]\d[A-Z]/.test(postcode))) return 'number-first';
  if (postcodes.length > 0 && postcodes.every((postcode) => /^\d{4}$/.test(postcode))) return 'street-first';
  return null;
}

/** Query pieces derived once per lookup. */
interface Query {
  parsed: ParsedAddress;
  cityKey?: string;
  postcodeKey?: string;
  style: AddressStyle;
}

function addAll(map: Map<string, StreetEntry[]>, key: string, entry: StreetEntry): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [entry]);
  else if (!list.includes(entry)) list.push(entry);
}

/**
 * Name score of a street found by its core words only: the type and the
 * directions must not contradict (a missing one on either side is allowed).
 */
function looseScore(query: StreetParts, entry: StreetParts): number | null {
  let score = 1;
  const queryDirections = query.directions.join(',');
  const entryDirections = entry.directions.join(',');
  if (queryDirections !== entryDirections) {
    if (queryDirections !== '' && entryDirections !== '') return null;
    score *= CONFIDENCE.missingDirection;
  }
  if (query.type !== entry.type) {
    if (query.type === null || entry.type === null) score *= CONFIDENCE.missingType;
    else if (EQUIVALENT_TYPES.has(`${query.type}|${entry.type}`)) score *= CONFIDENCE.translatedType;
    else return null;
  }
  return score;
}

/**
 * Builds a geocoder over one region, indexing its streets once: by exact
 * normalised name (core, type, directions; with and without French
 * articles), by core name alone, and by one-edit typo variants (see
 * `TypoIndex`). Each lookup then costs a few map lookups plus a binary
 * search on the matched street's numbers, independent of the region's size.
 *
 * Matching rules, in order:
 * 1. the street: exact normalised name; else the same core name with the
 *    type or direction missing or (scored lower) another type; else one typo
 *    (restricted Damerau-Levenshtein ≤ 1) for cores of at least
 *    {@link MIN_TYPO_LENGTH} characters. A street named with a wrong town is
 *    never preferred: streets whose municipality or postcode matches the
 *    query come first; streets of another known municipality are dropped
 *    unless the postcode matches; a missing or unknown town is accepted.
 * 2. the number: an exact house number (`address_point`), never another one;
 * 3. else interpolation along an `addr:interpolation` way, or between the
 *    nearest lower and higher mapped numbers (`interpolated`, caps in `interpolate.ts`);
 * 4. else the street's representative point (`street`);
 * 5. else null.
 *
 * @param region - a loaded region (its `addresses`, `streets` and `interpolations` are read)
 * @returns the geocoder
 * @throws TypeError naming `region` when it lacks those arrays
 */
export function createGeocoder(region: Pick<RegionData, 'addresses' | 'streets' | 'interpolations'>): Geocoder {
  if (
    typeof region !== 'object' ||
    region === null ||
    !Array.isArray(region.addresses) ||
    !Array.isArray(region.streets) ||
    !Array.isArray(region.interpolations)
  ) {
    throw new TypeError('region: must have addresses, streets and interpolations arrays');
  }
  const spellings = newRegionSpellings();
  const entries = buildStreetEntries(region, spellings);
  const exact = new Map<string, StreetEntry[]>();
  const loose = new Map<string, StreetEntry[]>();
  const typos = new TypoIndex<StreetEntry>();
  const knownCities = new Set<string>();
  const cityOfPostcode = new Map<string, string>();
  const styles = new Map<StreetEntry, AddressStyle | null>();
  for (const entry of entries) {
    styles.set(entry, styleOfEntry(entry));
    addAll(exact, exactKey(entry.parts), entry);
    addAll(exact, exactKey(entry.parts, true), entry);
    addAll(loose, looseKey(entry.parts), entry);
    addAll(loose, looseKey(entry.parts, true), entry);
    const key = looseKey(entry.parts);
    if (key.length >= MIN_TYPO_LENGTH) typos.add(key, entry);
    if (entry.cityKey !== '') knownCities.add(entry.cityKey);
    for (const postcode of entry.postcodes.keys()) if (entry.cityKey !== '') cityOfPostcode.set(postcode, entry.cityKey);
  }

  const findByName = (parts: StreetParts): Candidate[] => {
    const key = exactKey(parts);
    const keyWithArticles = exactKey(parts, true);
    const byKey = exact.get(key);
    const byKeyWithArticles = keyWithArticles === key ? undefined : exact.get(keyWithArticles);
    // The usual case: one list, already without repeats.
    if (byKeyWithArticles === undefined && byKey !== undefined) return byKey.map((entry) => ({ entry, nameScore: 1 }));
    const found = new Map<StreetEntry, number>();
    for (const entry of [...(byKey ?? []), ...(byKeyWithArticles ?? [])]) found.set(entry, 1);
    if (found.size > 0) return [...found].map(([entry, nameScore]) => ({ entry, nameScore }));
    const consider = (entry: StreetEntry, factor: number): void => {
      const score = looseScore(parts, entry.parts);
      if (score !== null && score * factor > (found.get(entry) ?? 0)) found.set(entry, score * factor);
    };
    for (const key of new Set([looseKey(parts), looseKey(parts, true)])) {
      for (const entry of loose.get(key) ?? []) consider(entry, 1);
    }
    if (found.size === 0 && looseKey(parts).length >= MIN_TYPO_LENGTH) {
      for (const { values } of typos.near(looseKey(parts))) for (const entry of values) consider(entry, CONFIDENCE.typo);
    }
    return [...found].map(([entry, nameScore]) => ({ entry, nameScore }));
  };

  const townTier = (entry: StreetEntry, query: Query): TownTier => {
    const postcodeMatches =
      query.postcodeKey !== undefined &&
      (entry.postcodes.has(query.postcodeKey) ||
        // A Canadian postcode names one block face; its first three characters (the FSA) name the area.
        (/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(query.postcodeKey) &&
          [...entry.postcodes.keys()].some((known) => known.slice(0, 3) === query.postcodeKey?.slice(0, 3))));
    if (query.parsed.region !== undefined && entry.state !== undefined && entry.state.toUpperCase() !== query.parsed.region) return 0;
    if (query.cityKey !== undefined && entry.cityKey === query.cityKey) return 2;
    if (postcodeMatches) return 2;
    if (entry.cityKey === '') return 1;
    if (query.cityKey !== undefined && knownCities.has(query.cityKey)) return 0;
    if (query.postcodeKey !== undefined) {
      const postcodeCity = cityOfPostcode.get(query.postcodeKey);
      if (postcodeCity !== undefined && postcodeCity !== entry.cityKey) return 0;
    }
    return 1;
  };

  const rank = (candidates: Candidate[], query: Query): RankedCandidates | null => {
    const tiers: [Candidate[], Candidate[], Candidate[]] = [[], [], []];
    for (const candidate of candidates) tiers[townTier(candidate.entry, query)].push(candidate);
    const order = (list: Candidate[]): Candidate[] =>
      list.sort((a, b) => b.nameScore - a.nameScore || b.entry.numbered.length - a.entry.numbered.length);
    if (tiers[2].length > 0) {
      const contradicts =
        query.postcodeKey !== undefined && query.cityKey !== undefined && tiers[2].every((c) => !c.entry.postcodes.has(query.postcodeKey ?? ''));
      return { candidates: order(tiers[2]), townFactor: contradicts && tiers[2].some((c) => c.entry.postcodes.size > 0) ? CONFIDENCE.postcodeContradicts : 1 };
    }
    if (tiers[1].length > 0) {
      const noTown = query.cityKey === undefined && query.postcodeKey === undefined;
      return { candidates: order(tiers[1]), townFactor: noTown ? CONFIDENCE.noTownGiven : CONFIDENCE.unknownTown };
    }
    return null;
  };

  const resolve = (ranked: RankedCandidates, query: Query): GeocodeMatch | null => {
    const { candidates, townFactor } = ranked;
    const best = candidates[0];
    if (best === undefined) return null;
    const topScore = best.nameScore;
    const top = candidates.filter((candidate) => candidate.nameScore === topScore);
    const result = (precision: GeocodePrecision, at: LatLng, candidate: Candidate, display: DisplayDetails, ambiguous: boolean): GeocodeMatch => ({
      lat: at.lat,
      lng: at.lng,
      precision,
      matchedAddress: formatMatchedAddress({ entry: candidate.entry, style: styles.get(candidate.entry) ?? query.style, ...display }),
      confidence:
        Math.round(CONFIDENCE.precision[precision] * candidate.nameScore * townFactor * (ambiguous ? CONFIDENCE.ambiguous : 1) * 100) / 100,
    });
    const written = query.parsed.housenumber;
    if (written !== undefined) {
      const whole = written.toLowerCase().replace(/\s+/g, ' ').trim();
      const parts = houseNumberParts(written);
      const keys = [whole, ...parts.map((part) => part.key)];
      const numberOn = (candidate: Candidate): AddressPoint | undefined =>
        keys.map((key) => candidate.entry.byNumber.get(key)).find((address) => address !== undefined);
      for (const candidate of candidates) {
        const address = numberOn(candidate);
        if (address !== undefined) {
          // e.g. `1239 Gouin` when both Gouin Est and Gouin Ouest have a 1239.
          const ambiguous = top.some((other) => other !== candidate && other.nameScore === candidate.nameScore && numberOn(other) !== undefined);
          return result('address_point', address, candidate, { housenumber: address.housenumber.trim(), address }, ambiguous);
        }
      }
      const value = parseHouseNumber(written)?.value ?? parts[0]?.value;
      if (value !== undefined) {
        for (const candidate of candidates) {
          for (const line of candidate.entry.interpolations) {
            const at = interpolateAlongLine(line, value);
            if (at !== null) return result('interpolated', at, candidate, { housenumber: written, postcodeKey: query.postcodeKey }, false);
          }
          const between = interpolateBetweenAddresses(candidate.entry.numbered, value);
          if (between !== null) {
            const { neighbour } = between;
            const display = {
              housenumber: written,
              address: { ...neighbour, housenumber: written },
            };
            return result('interpolated', between, candidate, display, false);
          }
        }
      }
    }
    for (const candidate of candidates) {
      const at = streetRepresentativePoint(candidate.entry);
      if (at !== null) {
        const ambiguous = top.length > 1 && candidate.nameScore === topScore;
        return result('street', at, candidate, { postcodeKey: query.postcodeKey }, ambiguous);
      }
    }
    return null;
  };

  const lookup = (parsed: ParsedAddress, style: AddressStyle): GeocodeMatch | null => {
    if (parsed.street === undefined) return null;
    const query: Query = { parsed, style };
    if (parsed.city !== undefined && parsed.city.trim() !== '') query.cityKey = spellings.cities.get(parsed.city);
    if (parsed.postcode !== undefined) query.postcodeKey = normalizePostcode(parsed.postcode);
    const parts = spellings.streets.get(parsed.street);
    if (parts.core.length === 0) return null;
    const candidates = findByName(parts);
    if (candidates.length === 0) return null;
    const ranked = rank(candidates, query);
    return ranked === null ? null : resolve(ranked, query);
  };

  return {
    geocode(text: string): GeocodeMatch | null {
      if (typeof text !== 'string') throw new TypeError('address: must be a string');
      if (text.length > MAX_ADDRESS_LENGTH) return null;
      const parsed = parseAddress(text);
      const style: AddressStyle =
        /^\s*(?:#|\d|apt|apartment|unit|suite|app|bureau|local)/i.test(text) || parsed.region !== undefined ? 'number-first' : 'street-first';
      const direct = lookup(parsed, style);
      if (direct !== null || parsed.street === undefined || parsed.city !== undefined) return direct;
      // Written without commas, the city may trail the street: `12 Main St Springfield`.
      const words = parsed.street.split(' ');
      for (let cut = 1; cut <= Math.min(3, words.length - 1); cut += 1) {
        const city = words.slice(-cut).join(' ');
        const street = words.slice(0, -cut).join(' ');
        if (!/^\p{L}[\p{L}\s.'-]*$/u.test(city) || foldText(city).split(' ').some((word) => STREET_TYPES.has(word) || DIRECTIONS.has(word))) continue;
        if (!analyzeStreet(street).core.some((word) => /\p{L}{2}/u.test(word))) continue;
        const split = parseAddress(`${street}, ${city}`);
        const retry = lookup({ ...parsed, ...split, housenumber: split.housenumber ?? parsed.housenumber }, style);
        if (retry !== null) return retry;
      }
      return null;
    },
  };
}
