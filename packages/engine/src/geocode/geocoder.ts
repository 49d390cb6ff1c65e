import { GEOCODE_PRECISIONS, type GeocodePrecision } from '@locscore/schema';
import { areaIndexOf } from '../region/area-index.js';
import { coverageTest } from '../region/coverage.js';
import type { AddressPoint, LatLng, RegionData } from '../region/types.js';
import { groupSameAddress } from './address-groups.js';
import { CONFIDENCE, geocodeConfidence } from './confidence.js';
import type { AddressStyle, DisplayDetails } from './display.js';
import { formatMatchedAddress } from './display.js';
import { foldText, normalizePostcode } from './fold.js';
import { houseNumberParts, parseHouseNumber } from './house-number.js';
import { interpolateAlongLine, interpolateBetweenAddresses } from './interpolate.js';
import { nearMisses } from './near-miss.js';
import { analyzeStreet } from './normalize-street.js';
import { MAX_ADDRESS_LENGTH, parseAddress } from './parse-address.js';
import { compare, describeUnheld, mergeProfiles, type PlaceProfile, type QueryPlace, RegionPlaces } from './places.js';
import { buildStreetEntries, exactKey, newRegionSpellings, type StreetEntry, streetRepresentativePoint } from './street-entries.js';
import { type Candidate, fullKey, type NameTier, StreetIndex } from './street-index.js';
import { DIRECTIONS, STREET_TYPES } from './street-words.js';
import type { GeocodeMatch, GeocodeOutcome, Geocoder, ParsedAddress } from './types.js';

export { CONFIDENCE } from './confidence.js';
export { MIN_TYPO_LENGTH } from './street-index.js';

/** At most this many candidates in an `ambiguous` answer (the API contract's limit). */
export const MAX_AMBIGUOUS = 5;
/** At most this many "did you mean" candidates in a `not_found` answer. */
export const MAX_SUGGESTIONS = 3;

const TIERS: readonly NameTier[] = ['exact', 'loose', 'typo'];

/**
 * Display order for a street: North American (`350 5th Avenue, New York, NY
 * 10118`) when its addresses carry a state or province or a Canadian postal
 * code; continental European (`Städtle 38, 9490 Vaduz`) when they carry only
 * 4-digit postcodes (Switzerland, Liechtenstein, Austria) and no state; else
 * null: (5 digits are both US ZIP codes and German or French postcodes) the
 * order the query was written in.
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
  place: QueryPlace;
  /** The input named a municipality or a postcode. */
  townGiven: boolean;
  style: AddressStyle;
  /** House-number keys to look up (`12a`, `12`), empty without a number. */
  numberKeys: string[];
  /** The number's integer value, for interpolation. */
  numberValue?: number;
}

/** A located candidate before it becomes a {@link GeocodeMatch}. */
interface Located {
  at: LatLng;
  precision: GeocodePrecision;
  candidate: Candidate;
  display: DisplayDetails;
  /** Written components the data could not confirm. */
  unconfirmed: number;
  /** The municipalities (keys) of this candidate, to tell towns apart. */
  towns: ReadonlySet<string>;
  /** The street was written exactly as the data writes it (breaks ties between names that fold alike: `Bodastrasse`/`Bödastrasse`). */
  verbatim?: boolean;
}

/** The answer of one name tier: an outcome, or the candidates ruled out by a component (for "did you mean"). */
interface TierResult {
  outcome: GeocodeOutcome | null;
  ruledOut: Located[];
}

function rankOf(located: Located): [number, number] {
  return [located.candidate.nameScore, -located.unconfirmed];
}

function compareRank(a: Located, b: Located): number {
  const [scoreA, unconfirmedA] = rankOf(a);
  const [scoreB, unconfirmedB] = rankOf(b);
  return scoreB - scoreA || unconfirmedB - unconfirmedA || Number(b.verbatim === true) - Number(a.verbatim === true);
}

/** Lower case, NFC, single spaces: how a street was written, for {@link Located.verbatim}. */
function written(text: string | undefined): string {
  return (text ?? '').normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Builds a geocoder over one region, indexing its streets once (see
 * `StreetIndex`) and the places its data knows (`RegionPlaces`: every
 * address's municipality names, postcodes, state and country, from its tags
 * and the boundaries holding it).
 *
 * Rules (`docs/geocoding.md`), in order:
 * 1. every component the input names (municipality, postcode, state or
 *    province, country) must be held by the region's data, else
 *    `not_found` with `unheld`;
 * 2. the street: exact name or other OSM name, else loose, else one typo
 *    (`StreetIndex`); a tier is left for the next only when nothing in it fits;
 * 3. the number: the objects carrying it on that street are one civic
 *    address when within 200 m (`groupSameAddress`); a candidate whose
 *    municipality, postcode, state or country contradicts the input is ruled
 *    out (never the same street in another town); candidates with more
 *    confirmed components rank first; several equally good → `ambiguous`;
 * 4. else interpolation on the street (`interpolate.ts`), else the street's
 *    point, under the same rules;
 * 5. else `not_found`, with the ruled-out candidates or streets one or two
 *    letters off as "did you mean".
 * A point outside the region's coverage is never answered.
 *
 * @param region - a loaded region (`addresses`, `streets`, `interpolations`; `areas` and `manifest` when present)
 * @returns the geocoder
 * @throws TypeError naming `region` when it lacks those arrays
 */
export function createGeocoder(
  region: Pick<RegionData, 'addresses' | 'streets' | 'interpolations'> & Partial<Pick<RegionData, 'areas' | 'manifest'>>,
): Geocoder {
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
  const places = new RegionPlaces(region);
  const entries = buildStreetEntries(region, (postcode) => places.cityOf(postcode), spellings);
  const index = new StreetIndex(entries, spellings);
  const styles = new Map<StreetEntry, AddressStyle | null>(entries.map((entry) => [entry, styleOfEntry(entry)]));
  const inCoverage = coverageOf(region);
  const entryProfiles = new Map<StreetEntry, PlaceProfile>();

  /** A street's profile: its addresses' profiles merged; a street without addresses, its municipality and the areas at its point. */
  const profileOfEntry = (entry: StreetEntry): PlaceProfile => {
    const known = entryProfiles.get(entry);
    if (known !== undefined) return known;
    const addresses = new Set(entry.numbered.map((item) => item.address));
    let profile: PlaceProfile;
    if (addresses.size > 0) profile = mergeProfiles([...new Set([...addresses].map((address) => places.profileOf(address)))]);
    else {
      const at = streetRepresentativePoint(entry) ?? { lat: 0, lng: 0 };
      const stand: AddressPoint = { ...at, housenumber: '', street: entry.name, osmId: '' };
      if (entry.city !== undefined) stand.city = entry.city;
      const areas =
        region.areas === undefined
          ? []
          : areaIndexOf({ areas: region.areas })
              .containing(at)
              .map((area) => area.id);
      if (areas.length > 0) stand.areas = areas;
      profile = places.profileOf(stand);
    }
    entryProfiles.set(entry, profile);
    return profile;
  };

  const toMatch = (located: Located, query: Query, otherTowns: boolean): GeocodeMatch => ({
    lat: located.at.lat,
    lng: located.at.lng,
    precision: located.precision,
    matchedAddress: formatMatchedAddress({
      entry: located.candidate.entry,
      style: styles.get(located.candidate.entry) ?? query.style,
      ...located.display,
      ...(places.soleState === undefined ? {} : { regionState: places.soleState }),
    }),
    confidence: geocodeConfidence({
      precision: located.precision,
      nameScore: located.candidate.nameScore,
      townGiven: query.townGiven,
      unconfirmed: located.unconfirmed,
      otherTowns,
    }),
  });

  /** The best of some located candidates: one → matched, several equally good in different places → ambiguous. */
  const choose = (located: Located[], query: Query, others: readonly Located[]): GeocodeOutcome | null => {
    const inside = located.filter((item) => inCoverage(item.at));
    if (inside.length === 0) return null;
    inside.sort(compareRank);
    const best = inside[0] as Located;
    const top = inside.filter((item) => compareRank(item, best) === 0);
    if (top.length > 1) {
      const candidates = top.map((item) => toMatch(item, query, false)).sort((a, b) => (a.matchedAddress < b.matchedAddress ? -1 : 1));
      const written = [query.parsed.street, query.parsed.housenumber].filter((piece) => piece !== undefined).join(' ');
      return {
        status: 'ambiguous',
        reason: `"${written}" is in ${top.length} places; add the municipality or postcode`,
        candidates: candidates.slice(0, 5),
      };
    }
    const otherTowns = !query.townGiven && others.some((other) => ![...other.towns].some((town) => best.towns.has(town)));
    return { status: 'matched', match: toMatch(best, query, otherTowns) };
  };

  /** Locates a query within one tier of street candidates. */
  const resolveTier = (candidates: Candidate[], query: Query): TierResult => {
    const ruledOut: Located[] = [];
    const judge = (profile: PlaceProfile): { ok: boolean; unconfirmed: number } => {
      const verdicts = compare(query.place, profile);
      return { ok: !verdicts.includes('contradicts'), unconfirmed: verdicts.filter((verdict) => verdict === 'unknown').length };
    };
    // 1. Mapped addresses with the number, grouped into civic addresses per street.
    if (query.numberKeys.length > 0) {
      const byStreet = new Map<string, Array<{ address: AddressPoint; item: Candidate }>>();
      for (const candidate of candidates) {
        const seen = new Set<AddressPoint>();
        for (const key of query.numberKeys) {
          for (const address of candidate.entry.byNumber.get(key) ?? []) {
            if (seen.has(address)) continue;
            seen.add(address);
            const streetKey = exactKey(candidate.entry.parts);
            const list = byStreet.get(streetKey);
            if (list === undefined) byStreet.set(streetKey, [{ address, item: candidate }]);
            else list.push({ address, item: candidate });
          }
          if (seen.size > 0) break;
        }
      }
      const points: Located[] = [];
      for (const found of byStreet.values()) {
        for (const group of groupSameAddress(found)) {
          const profile = mergeProfiles([...new Set(group.members.map((member) => places.profileOf(member.address)))]);
          const verdict = judge(profile);
          const own = group.members.find((member) => member.address === group.representative) ?? group.members[0];
          if (own === undefined) continue;
          const best = group.members.reduce((a, b) => (b.item.nameScore > a.item.nameScore ? b : a), own);
          const located: Located = {
            at: group.representative,
            precision: 'address_point',
            candidate: { entry: own.item.entry, nameScore: best.item.nameScore },
            display: { housenumber: group.representative.housenumber.trim(), address: group.representative },
            unconfirmed: verdict.unconfirmed,
            towns: profile.cities,
            verbatim: group.members.some((member) => written(member.address.street) === written(query.parsed.street)),
          };
          (verdict.ok ? points : ruledOut).push(located);
        }
      }
      if (points.length > 0) {
        const others = candidates
          .filter((candidate) => judge(profileOfEntry(candidate.entry)).ok)
          .map((candidate) => ({ towns: profileOfEntry(candidate.entry).cities }) as Located);
        const outcome = choose(points, query, others);
        if (outcome !== null) return { outcome, ruledOut };
      }
    }
    // 2. Interpolation, then the street's point, on the streets whose place fits.
    const streets: Array<{ candidate: Candidate; unconfirmed: number; towns: ReadonlySet<string> }> = [];
    const ruledOutStreets: Array<{ candidate: Candidate; towns: ReadonlySet<string> }> = [];
    for (const candidate of candidates) {
      const profile = profileOfEntry(candidate.entry);
      const verdict = judge(profile);
      if (verdict.ok) streets.push({ candidate, unconfirmed: verdict.unconfirmed, towns: profile.cities });
      else ruledOutStreets.push({ candidate, towns: profile.cities });
    }
    if (query.numberValue !== undefined) {
      const value = query.numberValue;
      const interpolated: Located[] = [];
      for (const { candidate, unconfirmed, towns } of streets) {
        const along = candidate.entry.interpolations.map((line) => interpolateAlongLine(line, value)).find((at) => at !== null) ?? null;
        if (along !== null) {
          interpolated.push({
            at: along,
            precision: 'interpolated',
            candidate,
            display: { housenumber: query.parsed.housenumber, postcodeKey: query.place.postcodeKey },
            unconfirmed,
            towns,
          });
          continue;
        }
        const between = interpolateBetweenAddresses(candidate.entry.numbered, value);
        if (between !== null) {
          const display = { housenumber: query.parsed.housenumber, address: { ...between.neighbour, housenumber: query.parsed.housenumber ?? '' } };
          interpolated.push({ at: between, precision: 'interpolated', candidate, display, unconfirmed, towns });
        }
      }
      const outcome = choose(
        interpolated,
        query,
        streets.map(({ towns }) => ({ towns }) as Located),
      );
      if (outcome !== null) return { outcome, ruledOut };
    }
    const streetPoints: Located[] = [];
    for (const { candidate, unconfirmed, towns } of streets) {
      const at = streetRepresentativePoint(candidate.entry);
      if (at !== null) streetPoints.push({ at, precision: 'street', candidate, display: { postcodeKey: query.place.postcodeKey }, unconfirmed, towns });
    }
    const outcome = choose(streetPoints, query, []);
    if (outcome === null && ruledOut.length === 0) {
      // Only now, on the way to "not found", the ruled-out streets' points (suggestions) are worth computing.
      for (const { candidate, towns } of ruledOutStreets) {
        const at = streetRepresentativePoint(candidate.entry);
        if (at !== null) ruledOut.push({ at, precision: 'street', candidate, display: { postcodeKey: query.place.postcodeKey }, unconfirmed: 0, towns });
      }
    }
    return { outcome, ruledOut };
  };

  /** "Did you mean": streets one or two letters off, with the number where mapped. */
  const nearStreets = (query: Query, name: string): GeocodeMatch[] => {
    const found: Array<{ match: GeocodeMatch; fits: boolean }> = [];
    for (const { key } of nearMisses(name, index.names(), MAX_SUGGESTIONS * 2)) {
      for (const entry of index.byName(key)) {
        const candidate: Candidate = { entry, nameScore: CONFIDENCE.typo };
        const address = query.numberKeys.map((number) => entry.byNumber.get(number)?.[0]).find((item) => item !== undefined);
        const at = address ?? streetRepresentativePoint(entry);
        if (at === null || !inCoverage(at)) continue;
        const located: Located =
          address === undefined
            ? { at, precision: 'street', candidate, display: { postcodeKey: query.place.postcodeKey }, unconfirmed: 0, towns: new Set() }
            : { at, precision: 'address_point', candidate, display: { housenumber: address.housenumber.trim(), address }, unconfirmed: 0, towns: new Set() };
        found.push({ match: toMatch(located, query, false), fits: !compare(query.place, profileOfEntry(entry)).includes('contradicts') });
      }
    }
    // Those in the named town first, mapped addresses before streets.
    found.sort((a, b) => Number(b.fits) - Number(a.fits) || GEOCODE_PRECISIONS.indexOf(a.match.precision) - GEOCODE_PRECISIONS.indexOf(b.match.precision));
    return dedupe(found.map(({ match }) => match)).slice(0, MAX_SUGGESTIONS);
  };

  const lookup = (parsed: ParsedAddress, style: AddressStyle): GeocodeOutcome => {
    if (parsed.street === undefined) return notFound('the address names no street');
    const query = queryOf(parsed, style, places);
    const parts = spellings.streets.get(parsed.street);
    if (parts.core.length === 0) return notFound('the address names no street');
    const unheld = places.unheld(query.place, { city: parsed.city, postcode: parsed.postcode, state: parsed.region, country: parsed.country });
    const tried = new Set<StreetEntry>();
    const ruledOut: Located[] = [];
    for (const tier of TIERS) {
      const candidates = index.find(parts, tier, tried);
      for (const candidate of candidates) tried.add(candidate.entry);
      if (candidates.length === 0) continue;
      if (unheld.length > 0) {
        // Nothing here can fit; the same street elsewhere is only a suggestion.
        const loose = resolveTier(candidates, { ...query, place: {}, townGiven: false });
        const suggestions = loose.outcome?.status === 'matched' ? [loose.outcome.match] : loose.outcome?.status === 'ambiguous' ? loose.outcome.candidates : [];
        return { status: 'not_found', reason: describeUnheld(unheld), candidates: suggestions.slice(0, MAX_SUGGESTIONS), unheld };
      }
      const result = resolveTier(candidates, query);
      if (result.outcome !== null) return result.outcome;
      ruledOut.push(...result.ruledOut);
    }
    if (unheld.length > 0) return { status: 'not_found', reason: describeUnheld(unheld), candidates: nearStreets(query, fullKey(parts)), unheld };
    const written = [parsed.street, parsed.housenumber].filter((piece) => piece !== undefined).join(' ');
    if (ruledOut.length > 0) {
      const town = [parsed.postcode, parsed.city].filter((piece) => piece !== undefined).join(' ');
      const where = [town, parsed.region, parsed.country].filter((piece) => piece !== undefined && piece !== '').join(', ');
      const suggestions = dedupe(ruledOut.sort(compareRank).map((item) => toMatch(item, query, false)));
      return notFound(`no ${written} in ${where}`, suggestions.slice(0, MAX_SUGGESTIONS));
    }
    return notFound(`no street named "${parsed.street}"`, nearStreets(query, fullKey(parts)));
  };

  return {
    geocode(text: string): GeocodeOutcome {
      if (typeof text !== 'string') throw new TypeError('address: must be a string');
      if (text.length > MAX_ADDRESS_LENGTH) return notFound(`the address is longer than ${MAX_ADDRESS_LENGTH} characters`);
      const parsed = parseAddress(text);
      const style: AddressStyle =
        /^\s*(?:#|\d|apt|apartment|unit|suite|app|bureau|local)/i.test(text) || parsed.region !== undefined ? 'number-first' : 'street-first';
      const direct = lookup(parsed, style);
      if (direct.status !== 'not_found' || parsed.street === undefined || parsed.city !== undefined || direct.candidates.length > 0) return direct;
      // Written without commas, the city may trail the street: `12 Main St Springfield`.
      const words = parsed.street.split(' ');
      for (let cut = 1; cut <= Math.min(3, words.length - 1); cut += 1) {
        const city = words.slice(-cut).join(' ');
        const street = words.slice(0, -cut).join(' ');
        if (
          !/^\p{L}[\p{L}\s.'-]*$/u.test(city) ||
          foldText(city)
            .split(' ')
            .some((word) => STREET_TYPES.has(word) || DIRECTIONS.has(word))
        )
          continue;
        if (!analyzeStreet(street).core.some((word) => /\p{L}{2}/u.test(word))) continue;
        const split = parseAddress(`${street}, ${city}`);
        const retry = lookup({ ...parsed, ...split, housenumber: split.housenumber ?? parsed.housenumber }, style);
        if (retry.status !== 'not_found') return retry;
      }
      return direct;
    },
  };
}

function notFound(reason: string, candidates: GeocodeMatch[] = []): GeocodeOutcome {
  return { status: 'not_found', reason, candidates, unheld: [] };
}

function dedupe(matches: GeocodeMatch[]): GeocodeMatch[] {
  const seen = new Set<string>();
  return matches.filter((match) => {
    const key = `${match.matchedAddress}|${match.lat.toFixed(6)}|${match.lng.toFixed(6)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The query's components as comparison keys, and its number. */
function queryOf(parsed: ParsedAddress, style: AddressStyle, places: RegionPlaces): Query {
  const place: QueryPlace = {};
  if (parsed.city !== undefined && parsed.city.trim() !== '') place.cityKey = places.cityKeyOf(parsed.city);
  if (parsed.postcode !== undefined) place.postcodeKey = normalizePostcode(parsed.postcode);
  if (parsed.region !== undefined) place.state = parsed.region;
  if (parsed.country !== undefined) place.country = parsed.country;
  const query: Query = { parsed, place, townGiven: place.cityKey !== undefined || place.postcodeKey !== undefined, style, numberKeys: [] };
  const written = parsed.housenumber;
  if (written !== undefined) {
    const whole = written.toLowerCase().replace(/\s+/g, ' ').trim();
    const parts = houseNumberParts(written);
    query.numberKeys = [...new Set([whole, ...parts.map((part) => part.key)])];
    const value = parseHouseNumber(written)?.value ?? parts[0]?.value;
    if (value !== undefined) query.numberValue = value;
  }
  return query;
}

/** The region's coverage test (always true for a region without a coverage record). */
function coverageOf(region: Partial<Pick<RegionData, 'areas' | 'manifest'>>): (point: LatLng) => boolean {
  const coverage = region.manifest?.coverage;
  if (coverage === undefined) return () => true;
  const boundary = coverage.areaId === undefined ? null : (region.areas?.find((area) => area.id === coverage.areaId) ?? null);
  return coverageTest(coverage, boundary);
}
