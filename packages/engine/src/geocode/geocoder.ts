import { GEOCODE_PRECISIONS, type GeocodePrecision, MAX_ADDRESS_CANDIDATES } from '@locscore/schema';
import { LRUCache } from 'lru-cache';
import { type AreaIndex, areaIndexOf } from '../region/area-index.js';
import { coverageTest } from '../region/coverage.js';
import { haversineMetres } from '../region/geometry.js';
import type { AddressPoint, LatLng, RegionData } from '../region/types.js';
import { type AddressGroup, groupSameAddress } from './address-groups.js';
import { CONFIDENCE, geocodeConfidence } from './confidence.js';
import type { AddressStyle, DisplayDetails } from './display.js';
import { formatMatchedAddress } from './display.js';
import { foldText, normalizePostcode } from './fold.js';
import { readFreeForm, type Vocabulary } from './free-form.js';
import { houseNumberParts, parseHouseNumber } from './house-number.js';
import { interpolateAlongLine, interpolateBetweenAddresses } from './interpolate.js';
import { aliasesIn, STREET_ALIASES } from './local-aliases.js';
import { nearMisses } from './near-miss.js';
import { analyzeStreet, type StreetParts } from './normalize-street.js';
import { MAX_ADDRESS_LENGTH, parseAddress } from './parse-address.js';
import { compare, describeUnheld, mergeProfiles, type PlaceProfile, postcodeArea, type QueryPlace, RegionPlaces } from './places.js';
import { buildStreetEntries, exactKey, housenamesOf, newRegionSpellings, type StreetEntry, streetRepresentativePoint } from './street-entries.js';
import { type Candidate, fullKey, type NameTier, StreetIndex } from './street-index.js';
import type { GeocodeMatch, GeocodeOutcome, Geocoder, ParsedAddress } from './types.js';

export { CONFIDENCE } from './confidence.js';
export { MIN_TYPO_LENGTH } from './street-index.js';

/** At most this many "did you mean" candidates in a `not_found` answer. */
export const MAX_SUGGESTIONS = 3;
/** At most this many readings of one input are looked up (see `readFreeForm`). */
export const MAX_READINGS = 4;

/** Tiers that answer; `near` (a type or direction left out) only suggests. */
const TIERS: readonly NameTier[] = ['exact', 'loose', 'typo'];
const NO_ENTRIES: ReadonlySet<StreetEntry> = new Set();

/**
 * Display order for a street: North American (`350 5th Avenue, New York, NY
 * 10118`) when its addresses carry a state or province or a Canadian postal
 * code; continental European (`Städtle 38, 9490 Vaduz`) when they carry only
 * 4-digit postcodes (Switzerland, Liechtenstein, Austria, Denmark) and no
 * state; else null: the order the query was written in.
 */
function styleOfEntry(entry: StreetEntry): AddressStyle | null {
  if (entry.state !== undefined) return 'number-first';
  const postcodes = [...entry.postcodes.keys()];
  if (postcodes.some((postcode) => /^[A-Z]\d[A-Z]/.test(postcode))) return 'number-first';
  if (postcodes.length > 0 && postcodes.every((postcode) => /^\d{4}$/.test(postcode))) return 'street-first';
  return null;
}

/** Query pieces derived once per reading. */
interface Query {
  parsed: ParsedAddress;
  place: QueryPlace;
  /** The input named a municipality or a postcode. */
  townGiven: boolean;
  style: AddressStyle;
  /** House-number keys to look up (`12a`; `806/3`, `806`, `3`), empty without a number. */
  numberKeys: string[];
  /** The number's integer value along the street, for interpolation and range. */
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

function compareRank(a: Located, b: Located): number {
  return (
    b.candidate.nameScore - a.candidate.nameScore ||
    a.unconfirmed - b.unconfirmed ||
    GEOCODE_PRECISIONS.indexOf(a.precision) - GEOCODE_PRECISIONS.indexOf(b.precision) ||
    Number(b.verbatim === true) - Number(a.verbatim === true)
  );
}

/** Lower case, NFC, single spaces: how a street was written, for {@link Located.verbatim}. */
function written(text: string | undefined): string {
  return (text ?? '').normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The pieces of a listed house number as written, folded (`33` and `pohjakerros` of `33, pohjakerros`; `12` and `14` of `12;14`). */
function listedPieces(housenumber: string): string[] {
  return housenumber.split(/[;,]/).map(written);
}

/** Metres, rounded to tens for a reason (`250 m`). */
function metres(value: number): string {
  return `${Math.round(value / 10) * 10} m`;
}

const TIMES = ['once', 'twice', 'three times', 'four times', 'five times'];

/** The region's pieces a lookup reads. */
interface Context {
  places: RegionPlaces;
  index: StreetIndex;
  spellings: ReturnType<typeof newRegionSpellings>;
  inCoverage: (point: LatLng) => boolean;
  profileOfEntry: (entry: StreetEntry) => PlaceProfile;
  toMatch: (located: Located, query: Query, otherTowns: boolean) => GeocodeMatch;
  /** {@link civicAddresses} already worked out, by street, towns and number (the most recently used {@link KEPT_LOOKUPS}). */
  civic: LRUCache<string, readonly CivicAddress[]>;
  /** {@link streetNumbers} of the street index's kept candidate lists, by list and number keys (the most recently used {@link KEPT_LOOKUPS}). */
  streetNumbers: LRUCache<string, StreetNumber[]>;
  /** A number per kept candidate list, for the {@link streetNumbers} keys. */
  listIds: WeakMap<readonly Candidate[], number>;
  /** The number the next candidate list gets. */
  nextListId: number;
}

/**
 * Street-and-number lookups whose grouping is kept between requests, per
 * cache: the house numbers in a key come from the input, so the caches are
 * bounded (lru-cache) rather than grown by every number a caller types.
 */
const KEPT_LOOKUPS = 4096;

/**
 * Municipality keys whose verdicts are kept per civic address: the keys come
 * from the input, so past this many a verdict is worked out and not kept.
 */
const KEPT_TOWNS = 32;

/** One civic address: its objects, their merged profile, and the street spellings they carry (for {@link Located.verbatim}). */
interface CivicAddress {
  group: AddressGroup<Candidate>;
  /** The members' profiles merged, built on first use. */
  profile: () => PlaceProfile;
  /** The merged profile's postcodes, known without building it. */
  postcodes: ReadonlySet<string>;
  /** Whether the merged profile may name a municipality key, and whether it names any (`RegionPlaces.cityEvidence` over the members). */
  cityEvidence: (cityKey: string) => { mayName: boolean; namesSome: boolean };
  /** The street as its members write it, built on first use. */
  spellings: () => ReadonlySet<string>;
}

/**
 * Builds a geocoder over one region, indexing its streets once (see
 * `StreetIndex`) and the places its data knows (`RegionPlaces`: every
 * address's municipality and locality names under all their names,
 * postcodes, state and country, from its tags, the boundaries holding it
 * and the region's `place=*` nodes).
 *
 * Rules (`docs/geocoding.md`), in order:
 * 1. the input is read by the region's words (`readFreeForm`), in any case
 *    and with or without commas; every component it names (localities,
 *    postcode, state or province, country) must be held by the region's
 *    data, else `not_found` with `unheld`;
 * 2. the street: its name as the data writes it (or another OSM name),
 *    else in the other language, else one typo (`StreetIndex`); a street
 *    whose name differs by a type or direction is another street (a "did
 *    you mean", never a match);
 * 3. with a number: the objects carrying it on that street; those within
 *    one block (200 m) are one civic address (`groupSameAddress`), farther
 *    apart with nothing to choose `ambiguous` ("mapped twice, 250 m
 *    apart"); a candidate whose locality, postcode, state or country
 *    contradicts the input is ruled out; else interpolation between two
 *    mapped numbers of the same parity within one block (`interpolate.ts`)
 *    or along a mapped `addr:interpolation` way; else `not_found` with the
 *    street's nearest mapped numbers (never the street's point);
 * 4. without a number: the street's point (precision `street`);
 * 5. else `not_found`, with the ruled-out candidates or streets a letter or
 *    a type off as "did you mean".
 * A point outside the region's coverage is never answered.
 *
 * @param region - a loaded region (`addresses`, `streets`, `interpolations`; `areas`, `places` and `manifest` when present)
 * @returns the geocoder
 * @throws TypeError naming `region` when it lacks those arrays
 */
export function createGeocoder(
  region: Pick<RegionData, 'addresses' | 'streets' | 'interpolations'> & Partial<Pick<RegionData, 'areas' | 'manifest' | 'places'>>,
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
  addLocalAliases(entries, places);
  const index = new StreetIndex(entries, spellings);
  const styles = new Map<StreetEntry, AddressStyle | null>(entries.map((entry) => [entry, styleOfEntry(entry)]));
  const areas = region.areas === undefined ? null : areaIndexOf({ areas: region.areas });
  const profileOfEntry = entryProfiles(places, areas);

  const context: Context = {
    places,
    index,
    spellings,
    inCoverage: coverageOf(region),
    profileOfEntry,
    civic: new LRUCache({ max: KEPT_LOOKUPS }),
    streetNumbers: new LRUCache({ max: KEPT_LOOKUPS }),
    listIds: new WeakMap(),
    nextListId: 0,
    toMatch: (located, query, otherTowns) => ({
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
    }),
  };
  const vocabulary = vocabularyOf(context);

  return {
    geocode(text: string): GeocodeOutcome {
      if (typeof text !== 'string') throw new TypeError('address: must be a string');
      if (text.length > MAX_ADDRESS_LENGTH) return notFound(`the address is longer than ${MAX_ADDRESS_LENGTH} characters`);
      const style: AddressStyle = /^\s*(?:#|\d|apt|apartment|unit|suite|app|bureau|local)/i.test(text) ? 'number-first' : 'street-first';
      return bestOf(readingsOf(text, vocabulary), (parsed) => lookup(context, parsed, parsed.region !== undefined ? 'number-first' : style));
    },
    locate(parsed: ParsedAddress): GeocodeOutcome {
      if (typeof parsed !== 'object' || parsed === null) throw new TypeError('address: must be an object of address parts');
      return lookup(context, parsed, parsed.region !== undefined ? 'number-first' : 'street-first');
    },
  };
}

/**
 * A street's profile, worked out on first use and kept: its addresses'
 * profiles merged; a street without addresses, its municipality and the
 * areas at its point.
 */
function entryProfiles(places: RegionPlaces, areas: AreaIndex | null): (entry: StreetEntry) => PlaceProfile {
  const known = new Map<StreetEntry, PlaceProfile>();
  return (entry) => {
    const kept = known.get(entry);
    if (kept !== undefined) return kept;
    const addresses = new Set(entry.numbered.map((item) => item.address));
    for (const list of entry.byNumber.values()) for (const address of list) addresses.add(address);
    let profile: PlaceProfile;
    if (addresses.size > 0) profile = mergeProfiles([...new Set([...addresses].map((address) => places.profileOf(address)))]);
    else {
      const at = streetRepresentativePoint(entry) ?? { lat: 0, lng: 0 };
      const stand: AddressPoint = { ...at, housenumber: '', street: entry.name, osmId: '' };
      if (entry.city !== undefined) stand.city = entry.city;
      const holding = areas?.containing(at).map((area) => area.id) ?? [];
      if (holding.length > 0) stand.areas = holding;
      profile = places.profileOf(stand);
    }
    known.set(entry, profile);
    return profile;
  };
}

/** Gives the streets their local aliases (`local-aliases.ts`) that hold in the region. */
function addLocalAliases(entries: readonly StreetEntry[], places: RegionPlaces): void {
  const table = aliasesIn(STREET_ALIASES, places.soleCountry, places.soleState);
  if (table.length === 0) return;
  const byKey = new Map(table.map((entry) => [exactKey(analyzeStreet(entry.name)), entry.aliases]));
  for (const entry of entries) for (const alias of byKey.get(exactKey(entry.parts)) ?? []) entry.aliases.add(alias);
}

/** The readings of an input: by the region's words first, then by punctuation (`parseAddress`), each once. */
function readingsOf(text: string, vocabulary: Vocabulary): ParsedAddress[] {
  const readings = readFreeForm(text, vocabulary);
  readings.push(parseAddress(text));
  const seen = new Set<string>();
  return readings
    .filter((reading) => {
      const key = JSON.stringify(reading);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_READINGS);
}

/**
 * The answer over several readings: the first that matches, else the first
 * ambiguity, else the first `not_found` that found the street (its reason
 * and suggestions say most), else the first.
 */
function bestOf(readings: readonly ParsedAddress[], look: (parsed: ParsedAddress) => GeocodeOutcome): GeocodeOutcome {
  const outcomes: GeocodeOutcome[] = [];
  for (const reading of readings) {
    const outcome = look(reading);
    if (outcome.status === 'matched') return outcome;
    outcomes.push(outcome);
  }
  return (
    outcomes.find((outcome) => outcome.status === 'ambiguous') ??
    outcomes.find((outcome) => outcome.status === 'not_found' && !outcome.reason.startsWith('no street named')) ??
    outcomes[0] ??
    notFound('the address names no street')
  );
}

/** The region's words, for `readFreeForm`. */
function vocabularyOf(context: Context): Vocabulary {
  return {
    streetFit(text) {
      const parts = context.spellings.streets.get(text);
      if (parts.core.length === 0) return null;
      if (context.index.find(parts, 'exact', NO_ENTRIES).length > 0 || context.index.find(parts, 'loose', NO_ENTRIES).length > 0) return 0;
      return context.index.find(parts, 'typo', NO_ENTRIES).length > 0 ? 1 : null;
    },
    isLocality: (folded) => context.places.holdsCity(context.places.cityKeyOf(folded)),
    isPostcode: (key) => context.places.holdsPostcode(key),
    holdsState: (code) => context.places.holdsState(code),
  };
}

/** Looks up one reading of the input. */
function lookup(context: Context, parsed: ParsedAddress, style: AddressStyle): GeocodeOutcome {
  if (parsed.street === undefined) return notFound('the address names no street');
  const query = queryOf(parsed, style, context.places);
  const parts = context.spellings.streets.get(parsed.street);
  if (parts.core.length === 0) return notFound('the address names no street');
  const cities = [parsed.city, ...(parsed.localities ?? [])].filter((city): city is string => city !== undefined && city.trim() !== '');
  const unheld = context.places.unheld(query.place, { cities, postcode: parsed.postcode, state: parsed.region, country: parsed.country });
  const ruledOut: Located[] = [];
  const exactExists = context.index.find(parts, 'exact', NO_ENTRIES).length > 0;
  for (const tier of TIERS) {
    // A street written as one of the region's own names is never read as another one a letter away.
    if (tier === 'typo' && exactExists) break;
    const candidates = context.index.findAfter(parts, tier, TIERS.slice(0, TIERS.indexOf(tier)));
    if (candidates.length === 0) continue;
    if (unheld.length > 0) {
      // Nothing here can fit; the same street elsewhere is only a suggestion.
      const loose = resolveTier(context, candidates, { ...query, place: {}, townGiven: false });
      const suggestions = loose.outcome?.status === 'matched' ? [loose.outcome.match] : loose.outcome?.status === 'ambiguous' ? loose.outcome.candidates : [];
      return { status: 'not_found', reason: describeUnheld(unheld), candidates: suggestions.slice(0, MAX_SUGGESTIONS), unheld };
    }
    const result = resolveTier(context, candidates, query);
    if (result.outcome !== null) return result.outcome;
    ruledOut.push(...result.ruledOut);
    if (result.numberMissing !== null) return notFoundNumber(context, query, result.numberMissing, ruledOut);
  }
  if (unheld.length > 0) return { status: 'not_found', reason: describeUnheld(unheld), candidates: nearStreets(context, query, parts), unheld };
  const what = writtenAddress(query);
  if (ruledOut.length > 0) {
    const where = [[parsed.postcode, ...cities].filter((piece) => piece !== undefined).join(' '), parsed.region, parsed.country]
      .filter((piece) => piece !== undefined && piece !== '')
      .join(', ');
    const suggestions = dedupe(ruledOut.sort(compareRank).map((item) => context.toMatch(item, query, false)));
    const reason = where === '' && parsed.housename !== undefined ? `no building named "${parsed.housename}" at ${what}` : `no ${what} in ${where}`;
    return notFound(reason, suggestions.slice(0, MAX_SUGGESTIONS));
  }
  return notFound(`no street named "${parsed.street}"`, nearStreets(context, query, parts));
}

/** The answer of one name tier: an outcome, the candidates ruled out by a component, and the streets where the number is not mapped. */
interface TierResult {
  outcome: GeocodeOutcome | null;
  ruledOut: Located[];
  /** The fitting streets, when a number was given that none of them maps (nor can interpolate). */
  numberMissing: Candidate[] | null;
}

function judge(query: Query, profile: PlaceProfile): { ok: boolean; unconfirmed: number } {
  const verdicts = compare(query.place, profile);
  return { ok: !verdicts.includes('contradicts'), unconfirmed: verdicts.filter((verdict) => verdict === 'unknown').length };
}

/** Locates a query within one tier of street candidates. */
function resolveTier(context: Context, candidates: readonly Candidate[], query: Query): TierResult {
  const ruledOut: Located[] = [];
  // Which streets fit the input's place is worked out only when needed: a mapped address in the named town does not need it.
  let split: { streets: Fitting[]; contradicted: Candidate[] } | undefined;
  const fitting = (): { streets: Fitting[]; contradicted: Candidate[] } => {
    if (split !== undefined) return split;
    split = { streets: [], contradicted: [] };
    for (const candidate of candidates) {
      const profile = context.profileOfEntry(candidate.entry);
      const verdict = judge(query, profile);
      if (verdict.ok) split.streets.push({ candidate, unconfirmed: verdict.unconfirmed, towns: profile.cities });
      else split.contradicted.push(candidate);
    }
    return split;
  };
  const result = resolveStreets(context, candidates, () => fitting().streets, query, ruledOut);
  if (result.outcome === null && ruledOut.length === 0) {
    // On the way to "not found": the streets of that name elsewhere are the suggestions.
    for (const candidate of fitting().contradicted) {
      const at = streetRepresentativePoint(candidate.entry);
      if (at !== null)
        ruledOut.push({ at, precision: 'street', candidate, display: { postcodeKey: query.place.postcodeKey }, unconfirmed: 0, towns: new Set() });
    }
    if (ruledOut.length > 0) result.numberMissing = null;
  }
  return result;
}

/** A street whose place fits the input, with the components it could not confirm and its municipalities. */
interface Fitting {
  candidate: Candidate;
  unconfirmed: number;
  towns: ReadonlySet<string>;
}

/** {@link resolveTier} once the streets whose place fits are known. */
function resolveStreets(context: Context, candidates: readonly Candidate[], streets: () => readonly Fitting[], query: Query, ruledOut: Located[]): TierResult {
  if (query.numberKeys.length === 0) {
    const points: Located[] = [];
    for (const { candidate, unconfirmed, towns } of streets()) {
      const at = streetRepresentativePoint(candidate.entry);
      if (at !== null) points.push({ at, precision: 'street', candidate, display: { postcodeKey: query.place.postcodeKey }, unconfirmed, towns });
    }
    return { outcome: choose(context, points, query, streets), ruledOut, numberMissing: null };
  }
  const { points, ruled } = addressPoints(context, candidates, query);
  if (points.length > 0) {
    const outcome = choose(context, points, query, streets);
    if (outcome !== null) return { outcome, ruledOut, numberMissing: null };
  }
  // Only an answer that is not found reads the candidates ruled out: they are worked out now.
  ruledOut.push(...ruled());
  const interpolated = interpolations(context, streets(), query);
  const outcome = choose(context, interpolated, query, streets);
  if (outcome !== null) return { outcome, ruledOut, numberMissing: null };
  const missing = streets()
    .filter(({ candidate }) => !candidate.entry.byNumber.has(query.numberKeys[0] ?? ''))
    .map(({ candidate }) => candidate);
  return { outcome: null, ruledOut, numberMissing: ruledOut.length === 0 && missing.length > 0 ? missing : null };
}

/** The civic addresses of one street key carrying a number, with what every lookup of them reads. */
interface StreetNumber {
  civic: readonly CivicAddress[];
  /** Every postcode of its civic addresses. */
  siblings: ReadonlySet<string>;
  /** Positions in `civic` by postcode, and of those without one. */
  byPostcode: ReadonlyMap<string, number[]>;
  unposted: number[];
  /** Positions in `civic` that a municipality key does not surely rule out, filled on first use (`citiedPositions`, at most {@link KEPT_TOWNS} keys). */
  byCity: Map<string, number[]>;
}

const STREET_KEYS = new WeakMap<StreetParts, string>();

/** `exactKey` of a street's name, kept per spelling (the towns that share a name share its parts). */
function streetKeyOf(parts: StreetParts): string {
  let key = STREET_KEYS.get(parts);
  if (key === undefined) {
    key = exactKey(parts);
    STREET_KEYS.set(parts, key);
  }
  return key;
}

/** The objects carrying one of the numbers on the candidates' streets, grouped into civic addresses per street key. */
function streetNumbers(context: Context, candidates: readonly Candidate[], numberKeys: readonly string[]): StreetNumber[] {
  const byStreet = new Map<string, { found: Array<{ address: AddressPoint; item: Candidate }>; signature: string[] }>();
  for (const candidate of candidates) {
    for (const key of numberKeys) {
      const carrying = candidate.entry.byNumber.get(key) ?? [];
      // Objects numbered exactly as written (`14`) before those that list the number (`14-20`, `12;14`).
      const exact =
        carrying.length < 2 ? carrying : carrying.filter((address) => written(address.housenumber) === key || listedPieces(address.housenumber).includes(key));
      const chosen = exact.length > 0 ? exact : carrying;
      if (chosen.length === 0) continue;
      const streetKey = streetKeyOf(candidate.entry.parts);
      const street = byStreet.get(streetKey) ?? { found: [], signature: [streetKey] };
      for (const address of chosen) street.found.push({ address, item: candidate });
      street.signature.push(`${candidate.entry.cityKey}=${key}`);
      byStreet.set(streetKey, street);
      break;
    }
  }
  return [...byStreet.values()].map(({ found, signature }) => {
    const civic = civicAddresses(context, found, signature.join('\u0000'));
    const byPostcode = new Map<string, number[]>();
    const unposted: number[] = [];
    civic.forEach(({ postcodes }, position) => {
      if (postcodes.size === 0) unposted.push(position);
      for (const postcode of postcodes) {
        const list = byPostcode.get(postcode);
        if (list === undefined) byPostcode.set(postcode, [position]);
        else list.push(position);
      }
    });
    return { civic, siblings: new Set(byPostcode.keys()), byPostcode, unposted, byCity: new Map() };
  });
}

/**
 * {@link streetNumbers} of a candidate list the street index keeps (one per
 * name and tier), kept with it: a name that many towns share is grouped
 * once per number, not once per lookup.
 */
function keptStreetNumbers(context: Context, candidates: readonly Candidate[], numberKeys: readonly string[]): StreetNumber[] {
  let list = context.listIds.get(candidates);
  if (list === undefined) {
    list = context.nextListId++;
    context.listIds.set(candidates, list);
  }
  const key = `${list}\u0001${numberKeys.join('\u0000')}`;
  let kept = context.streetNumbers.get(key);
  if (kept === undefined) {
    kept = streetNumbers(context, candidates, numberKeys);
    context.streetNumbers.set(key, kept);
  }
  return kept;
}

/**
 * The mapped objects carrying the number, grouped into civic addresses per
 * street: those whose place fits, and, in the order they were met, those a
 * component contradicts. With a postcode that is an area itself, a civic
 * address with postcodes of its own none of which is the input's is ruled
 * out without a look (`comparePostcode`); those ruled out are worked out
 * only when `ruled` is called (an answer that is not found), so that a
 * lookup in one town never judges the same street and number in the others.
 */
function addressPoints(context: Context, candidates: readonly Candidate[], query: Query): { points: Located[]; ruled: () => Located[] } {
  const scores = new Map(candidates.map((candidate) => [candidate.entry, candidate.nameScore]));
  const points: Located[] = [];
  const decided: Array<Map<number, Located | (() => Located) | null>> = [];
  const streets = keptStreetNumbers(context, candidates, query.numberKeys);
  for (const street of streets) {
    const examined = new Map<number, Located | (() => Located) | null>();
    decided.push(examined);
    for (const position of positionsToJudge(street, query)) {
      const item = civicPoint(query, street, position, scores);
      if (item !== null && typeof item !== 'function' && item.fits) points.push(item.located);
      examined.set(position, item === null || typeof item === 'function' ? item : item.fits ? null : item.located);
    }
  }
  const ruled = (): Located[] => {
    const out: Located[] = [];
    streets.forEach((street, at) => {
      const examined = decided[at] ?? new Map<number, Located | (() => Located) | null>();
      street.civic.forEach((_, position) => {
        // Those not judged are ruled out (`positionsToJudge`): judged now.
        const item = examined.has(position) ? examined.get(position) : civicPoint(query, street, position, scores);
        if (item === null || item === undefined) return;
        if (typeof item === 'function') out.push(item());
        else if ('fits' in item) {
          if (!item.fits) out.push(item.located);
        } else out.push(item);
      });
    });
    return out;
  };
  return { points, ruled };
}

/**
 * The positions of a street's civic addresses that the query's postcode
 * (one that is an area itself) and municipalities do not surely rule out
 * (`surelyContradicts`), in order; every position with a building named.
 */
function positionsToJudge(street: StreetNumber, query: Query): Iterable<number> {
  const postcode = query.place.postcodeKey;
  const cityKeys = query.place.cityKeys ?? [];
  if (query.parsed.housename !== undefined || ((postcode === undefined || postcodeArea(postcode) !== null) && cityKeys.length === 0))
    return street.civic.keys();
  let positions: number[] | null =
    postcode === undefined || postcodeArea(postcode) !== null ? null : [...(street.byPostcode.get(postcode) ?? []), ...street.unposted].sort((a, b) => a - b);
  for (const key of cityKeys) {
    // Few civic addresses carry the postcode: only theirs are asked about the municipality.
    positions =
      positions === null
        ? citiedPositions(street, key)
        : positions.filter((position) => {
            const evidence = (street.civic[position] as CivicAddress).cityEvidence(key);
            return !evidence.namesSome || evidence.mayName;
          });
  }
  return positions ?? street.civic.keys();
}

/** The positions of a street's civic addresses that a municipality does not surely rule out, worked out once per key. */
function citiedPositions(street: StreetNumber, cityKey: string): number[] {
  let positions = street.byCity.get(cityKey);
  if (positions === undefined) {
    positions = [];
    street.civic.forEach((address, position) => {
      const evidence = address.cityEvidence(cityKey);
      if (!evidence.namesSome || evidence.mayName) positions?.push(position);
    });
    if (street.byCity.size < KEPT_TOWNS) street.byCity.set(cityKey, positions);
  }
  return positions;
}

/**
 * One civic address of a street judged against the query: a fitting or
 * ruled-out point, a ruled-out one put off (a function) when its tags,
 * boundaries and postcodes alone rule it out, or null when it has no member.
 */
function civicPoint(
  query: Query,
  street: StreetNumber,
  position: number,
  scores: ReadonlyMap<StreetEntry, number>,
): { fits: boolean; located: Located } | (() => Located) | null {
  const address = street.civic[position] as CivicAddress;
  const { group, postcodes } = address;
  const housename = query.parsed.housename === undefined ? undefined : foldText(query.parsed.housename);
  const named = housename === undefined || group.members.some((member) => housenamesOf(member.address).includes(housename));
  const postcode = query.place.postcodeKey;
  // An object without a postcode of its own takes those of the other objects with its street and number before its town's.
  const orphan = postcode !== undefined && postcodes.size === 0 && street.siblings.size > 0 && !street.siblings.has(postcode);
  // A building named in the input answers with its own object; else the group's representative.
  const building = housename === undefined ? undefined : group.members.find((member) => housenamesOf(member.address).includes(housename));
  const own = building ?? group.members.find((member) => member.address === group.representative) ?? group.members[0];
  if (own === undefined) return null;
  // The groups are kept across lookups: the name's score is this query's.
  const nameScore = Math.max(...[...new Set(group.members.map((member) => member.item.entry))].map((entry) => scores.get(entry) ?? 0));
  const locate = (verdict: { unconfirmed: number }): Located => ({
    at: own.address,
    precision: 'address_point',
    candidate: { entry: own.item.entry, nameScore },
    display: { housenumber: own.address.housenumber.trim(), address: own.address },
    unconfirmed: verdict.unconfirmed,
    towns: address.profile().cities,
    verbatim: address.spellings().has(written(query.parsed.street)),
  });
  if (!named || orphan) return () => locate({ unconfirmed: 0 });
  if (surelyContradicts(query.place, address)) return () => locate(judge(query, address.profile()));
  const verdict = judge(query, address.profile());
  return { fits: verdict.ok, located: locate(verdict) };
}

/**
 * Whether a component of the input contradicts a civic address by what
 * its objects' tags, boundaries and postcodes say, before its place
 * profile is built: a postcode other than its own (`comparePostcode`, for
 * postcodes that are areas themselves), or a municipality that none of its
 * objects is named by nor lies within reach of a place node of
 * (`RegionPlaces.cityEvidence`). False says nothing: `judge` decides.
 */
function surelyContradicts(place: QueryPlace, address: CivicAddress): boolean {
  const postcode = place.postcodeKey;
  if (postcode !== undefined && address.postcodes.size > 0 && !address.postcodes.has(postcode) && postcodeArea(postcode) === null) return true;
  for (const key of place.cityKeys ?? []) {
    const evidence = address.cityEvidence(key);
    if (evidence.namesSome && !evidence.mayName) return true;
  }
  return false;
}

/** {@link CivicAddress.cityEvidence} of a group, each key worked out once. */
function civicCityEvidence(places: RegionPlaces, group: AddressGroup<Candidate>): (cityKey: string) => { mayName: boolean; namesSome: boolean } {
  const known = new Map<string, { mayName: boolean; namesSome: boolean }>();
  return (cityKey) => {
    let evidence = known.get(cityKey);
    if (evidence === undefined) {
      const members = group.members.map((member) => places.cityEvidence(member.address, cityKey));
      evidence = { mayName: members.some((item) => item.mayName), namesSome: members.some((item) => item.namesSome) };
      if (known.size < KEPT_TOWNS) known.set(cityKey, evidence);
    }
    return evidence;
  };
}

/**
 * The civic addresses among the objects carrying one street and number,
 * with each one's postcodes and (built on first use) merged profile: data
 * only, so kept per street, towns and number (a shopping centre's 170
 * objects on one number are grouped once).
 */
function civicAddresses(context: Context, found: ReadonlyArray<{ address: AddressPoint; item: Candidate }>, signature: string): readonly CivicAddress[] {
  const known = context.civic.get(signature);
  if (known !== undefined) return known;
  const groups = groupSameAddress(found).map((group): CivicAddress => {
    let profile: PlaceProfile | undefined;
    let spellings: ReadonlySet<string> | undefined;
    return {
      group,
      profile: () => {
        profile ??= mergeProfiles([...new Set(group.members.map((member) => context.places.profileOf(member.address)))]);
        return profile;
      },
      postcodes: new Set(group.members.flatMap((member) => context.places.postcodesOf(member.address))),
      cityEvidence: civicCityEvidence(context.places, group),
      spellings: () => {
        spellings ??= new Set(group.members.map((member) => written(member.address.street)));
        return spellings;
      },
    };
  });
  context.civic.set(signature, groups);
  return groups;
}

/** The number placed along a mapped `addr:interpolation` way, else between two mapped numbers of one block, on the streets whose place fits. */
function interpolations(context: Context, streets: readonly Fitting[], query: Query): Located[] {
  const value = query.numberValue;
  // A building named in the input is a mapped one, never a gap between two.
  if (value === undefined || query.parsed.housename !== undefined || parseHouseNumber(query.parsed.housenumber ?? '')?.suffix !== '') return [];
  const out: Located[] = [];
  for (const { candidate, unconfirmed, towns } of streets) {
    // A number the street maps (ruled out by a component) is that address, not a gap to interpolate.
    if (query.numberKeys.some((key) => candidate.entry.byNumber.has(key))) continue;
    const along = candidate.entry.interpolations.map((line) => interpolateAlongLine(line, value)).find((at) => at !== null) ?? null;
    if (along !== null) {
      out.push({
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
    if (between === null) continue;
    // Both neighbours must fit the input's components (a postcode of the other side of a boundary rules it out).
    const verdict = judge(query, mergeProfiles(between.between.map((address) => context.places.profileOf(address))));
    if (!verdict.ok) continue;
    const display = { housenumber: query.parsed.housenumber, address: { ...between.neighbour, housenumber: query.parsed.housenumber ?? '' } };
    out.push({ at: between, precision: 'interpolated', candidate, display, unconfirmed: verdict.unconfirmed, towns });
  }
  return out;
}

/**
 * The best of some located candidates: one → matched; several equally good
 * → ambiguous, saying when they are one street and number mapped several
 * times far apart in the same place.
 */
function choose(context: Context, located: Located[], query: Query, streets: () => readonly Fitting[]): GeocodeOutcome | null {
  const inside = located.filter((item) => context.inCoverage(item.at));
  if (inside.length === 0) return null;
  inside.sort(compareRank);
  const best = inside[0] as Located;
  const top = inside.filter((item) => compareRank(item, best) === 0);
  if (top.length > 1) {
    const candidates = top.map((item) => context.toMatch(item, query, false)).sort((a, b) => (a.matchedAddress < b.matchedAddress ? -1 : 1));
    return { status: 'ambiguous', reason: ambiguityReason(top, query), candidates: candidates.slice(0, MAX_ADDRESS_CANDIDATES) };
  }
  const otherTowns = !query.townGiven && streets().some((other) => ![...other.towns].some((town) => best.towns.has(town)));
  return { status: 'matched', match: context.toMatch(best, query, otherTowns) };
}

/** Why several candidates fit: one civic address mapped several times far apart, or the same address in several places. */
function ambiguityReason(top: readonly Located[], query: Query): string {
  const what = writtenAddress(query);
  const shared = [...(top[0]?.towns ?? [])].filter((town) => top.every((item) => item.towns.has(town)));
  const sameStreet = top.every((item) => item.candidate.entry === top[0]?.candidate.entry);
  if (sameStreet && (shared.length > 0 || query.townGiven)) {
    let farthest = 0;
    for (const a of top) for (const b of top) farthest = Math.max(farthest, haversineMetres(a.at, b.at));
    const times = TIMES[top.length - 1] ?? `${top.length} times`;
    return `"${what}" is mapped ${times}, ${metres(farthest)} apart, and nothing in the address tells which is meant; check the number on the building`;
  }
  return `"${what}" is in ${top.length} places; add the municipality or postcode`;
}

/** The street and number as the input orders them: `55 Perry Street`, `Städtle 38`. */
function writtenAddress(query: Query): string {
  const { street, housenumber } = query.parsed;
  const pieces = query.style === 'number-first' ? [housenumber, street] : [street, housenumber];
  return pieces.filter((piece) => piece !== undefined).join(' ');
}

/** `not_found` for a number the fitting streets do not map: the nearest mapped numbers are the suggestions. */
function notFoundNumber(context: Context, query: Query, streets: readonly Candidate[], ruledOut: readonly Located[]): GeocodeOutcome {
  const value = query.numberValue ?? 0;
  const near: Located[] = [];
  for (const candidate of streets) {
    const seen = new Set<AddressPoint>();
    const nearest = [...candidate.entry.numbered].sort((a, b) => Math.abs(a.value - value) - Math.abs(b.value - value));
    for (const item of nearest) {
      if (seen.has(item.address) || !context.inCoverage(item.address)) continue;
      seen.add(item.address);
      near.push({
        at: item.address,
        precision: 'address_point',
        candidate,
        display: { housenumber: item.address.housenumber.trim(), address: item.address },
        unconfirmed: 0,
        towns: new Set(),
      });
      if (seen.size >= MAX_SUGGESTIONS) break;
    }
  }
  const first = streets[0]?.entry;
  const numbers = first?.numbered ?? [];
  const range = numbers.length === 0 ? 'no numbers are mapped on it' : `mapped numbers run ${numbers[0]?.value}–${numbers[numbers.length - 1]?.value}`;
  const suggestions = dedupe([...near, ...ruledOut].map((item) => context.toMatch(item, query, false)));
  return notFound(`no number ${query.parsed.housenumber} on ${first?.name ?? query.parsed.street} (${range})`, suggestions.slice(0, MAX_SUGGESTIONS));
}

/** "Did you mean": the same name with a type or direction more or less, then streets one or two letters off, with the number where mapped. */
function nearStreets(context: Context, query: Query, parts: ReturnType<typeof context.spellings.streets.get>): GeocodeMatch[] {
  const found: Array<{ match: GeocodeMatch; fits: boolean }> = [];
  const entries = [
    ...context.index.find(parts, 'near', NO_ENTRIES).map((candidate) => candidate.entry),
    ...nearMisses(fullKey(parts), context.index.names(), MAX_SUGGESTIONS * 2).flatMap(({ key }) => [...context.index.byName(key)]),
  ];
  for (const entry of new Set(entries)) {
    const candidate: Candidate = { entry, nameScore: CONFIDENCE.typo };
    const address = query.numberKeys.map((number) => entry.byNumber.get(number)?.[0]).find((item) => item !== undefined);
    const at = address ?? streetRepresentativePoint(entry);
    if (at === null || !context.inCoverage(at)) continue;
    const located: Located =
      address === undefined
        ? { at, precision: 'street', candidate, display: { postcodeKey: query.place.postcodeKey }, unconfirmed: 0, towns: new Set() }
        : { at, precision: 'address_point', candidate, display: { housenumber: address.housenumber.trim(), address }, unconfirmed: 0, towns: new Set() };
    found.push({ match: context.toMatch(located, query, false), fits: !compare(query.place, context.profileOfEntry(entry)).includes('contradicts') });
  }
  // Those in the named town first, mapped addresses before streets.
  found.sort((a, b) => Number(b.fits) - Number(a.fits) || GEOCODE_PRECISIONS.indexOf(a.match.precision) - GEOCODE_PRECISIONS.indexOf(b.match.precision));
  return dedupe(found.map(({ match }) => match)).slice(0, MAX_SUGGESTIONS);
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

/**
 * The keys of one locality as written: its own, or, for a town and its part
 * joined by a hyphen that the region knows only apart (`Praha-Letňany`),
 * both, each of which must agree.
 */
function localityKeys(written: string, places: RegionPlaces): string[] {
  const key = places.cityKeyOf(written);
  if (places.holdsCity(key) || !written.includes('-')) return [key];
  const parts = written.split(/\s*-\s*/).filter((part) => part !== '');
  const keys = parts.map((part) => places.cityKeyOf(part));
  return parts.length > 1 && keys.every((part) => places.holdsCity(part)) ? keys : [key];
}

/** The query's components as comparison keys, and its number. */
function queryOf(parsed: ParsedAddress, style: AddressStyle, places: RegionPlaces): Query {
  const place: QueryPlace = {};
  const cities = [parsed.city, ...(parsed.localities ?? [])].filter((city): city is string => city !== undefined && city.trim() !== '');
  if (cities.length > 0) place.cityKeys = cities.flatMap((city) => localityKeys(city, places));
  if (parsed.postcode !== undefined) place.postcodeKey = normalizePostcode(parsed.postcode);
  if (parsed.region !== undefined) place.state = parsed.region;
  if (parsed.country !== undefined) place.country = parsed.country;
  const query: Query = { parsed, place, townGiven: cities.length > 0 || place.postcodeKey !== undefined, style, numberKeys: [] };
  const writtenNumber = parsed.housenumber;
  if (writtenNumber !== undefined) {
    const whole = writtenNumber.toLowerCase().replace(/\s+/g, ' ').trim();
    const parts = houseNumberParts(writtenNumber);
    // `806/3` is one civic address: only that pair, never another building numbered 806 or 3.
    query.numberKeys = whole.includes('/') ? [whole] : [...new Set([whole, ...parts.map((part) => part.key)])];
    const value = parseHouseNumber(writtenNumber)?.value ?? parts[parts.length - 1]?.value;
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
