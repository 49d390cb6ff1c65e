import { foldText, normalizePostcode } from './fold.js';
import { countryOfName, countryOfRegion, POSTCODE_PREFIXES, provinceOfName } from './regions.js';
import type { ParsedAddress } from './types.js';

/**
 * What a region's data knows, for reading an address typed any way: the
 * names of its streets, localities (municipalities, their districts and
 * suburbs, under every name), postcodes, states and countries.
 */
export interface Vocabulary {
  /**
   * How well a street name is known: 0 written as the data writes it (after
   * folding), 1 one typo away; null when no street of the region has it.
   */
  streetFit(text: string): number | null;
  /** Whether a folded text (`kobenhavn n`, `new york`) names a locality of the region. */
  isLocality(folded: string): boolean;
  /** Whether a postcode key ({@link normalizePostcode}) is one of the region's. */
  isPostcode(key: string): boolean;
  /** Whether a state, province or canton code (`BC`) is one of the region's. */
  holdsState(code: string): boolean;
}

/** One word of the input, with the comma-separated segment it was written in. */
interface Token {
  raw: string;
  folded: string;
  segment: number;
  /** Written in parentheses: `Balzers (FL)`. */
  bracketed?: boolean;
}

/** A house number as typed: `12`, `12a`, `806/3`, `3755-3791`, `12-14a`. */
const HOUSE_NUMBER = /^\d{1,6}(?!st$|nd$|rd$|th$)[a-z]{0,2}(?:[/-]\d{1,6}[a-z]?)?$/i;

/** What may follow a house number as part of it: a fraction (`131 1/2`, US), `bis`/`ter` (French), `rear`/`front` (New York building data). */
const NUMBER_SUFFIX = /^(?:[1-3]\/[234]|bis|ter|rear(?:-[a-z])?|front(?:-[a-z])?)$/i;

/** Words that introduce a unit: `Apt 4`, `Suite 300`, `app. 3`, `Wohnung 2`, `lgh 1001`, `as 5`. */
const UNIT_WORDS = new Set([
  'apt',
  'apartment',
  'unit',
  'suite',
  'ste',
  'app',
  'appt',
  'appartement',
  'bureau',
  'local',
  'porte',
  'wohnung',
  'whg',
  'lgh',
  'as',
  'flat',
  'floor',
  'fl',
  'room',
  'rm',
  'studio',
]);

/** Postcode forms, folded to upper case without spaces: for postcodes the region does not hold (a foreign one is still a postcode). */
const POSTCODE_FORMS = [
  /^[A-Z]\d[A-Z]\d[A-Z]\d$/, // Canada
  /^\d{5}(?:-?\d{4})?$/, // US ZIP(+4), DE, FR, FI, CZ/SK without the space
  /^\d{4}$/, // CH, LI, AT, DK, NO, BE, NL digits
  /^\d{4}[A-Z]{2}$/, // Netherlands
  /^\d{2}-\d{3}$/, // Poland
  /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/, // United Kingdom
];

/** The longest run of words read as one locality, postcode, state or country. */
const MAX_NAME_WORDS = 5;

/** The longest street name tried, in words. */
const MAX_STREET_WORDS = 7;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  text
    .normalize('NFC')
    .split(/[,;\n]/)
    .forEach((segment, index) => {
      for (const raw of segment.split(/\s+/)) {
        const clean = raw.replace(/^[("']+|[)"'.:]+$/g, '').replace(/[–—]/g, '-');
        if (clean === '') continue;
        const token: Token = { raw: clean, folded: foldText(clean), segment: index };
        if (raw.startsWith('(')) token.bracketed = true;
        tokens.push(token);
      }
    });
  return tokens;
}

/** The region's postcode key of one or two words (`V6E 3P3`, `190 00`, `FL-9490`), or null. */
function postcodeKey(words: readonly Token[], vocabulary: Vocabulary): { key: string; country?: string } | null {
  const joined = words.map((word) => word.raw).join('');
  const prefixed = /^([A-Za-z]{1,2})-(.+)$/.exec(joined);
  const country = prefixed === null ? undefined : POSTCODE_PREFIXES.get((prefixed[1] ?? '').toUpperCase());
  const body = country === undefined ? joined : (prefixed?.[2] ?? joined);
  const key = normalizePostcode(body);
  if (!/\d/.test(key)) return null;
  if (vocabulary.isPostcode(key) || (words.length <= 2 && POSTCODE_FORMS.some((form) => form.test(key)))) {
    return country === undefined ? { key } : { key, country };
  }
  return null;
}

/** Reads the words after the street: localities, postcode, state or province, country; unknown words are a locality as written. */
function readTail(tokens: readonly Token[], draft: Draft, vocabulary: Vocabulary): void {
  let unknown: Token[] = [];
  const flush = (): void => {
    if (unknown.length > 0) draft.places.push(unknown.map((token) => token.raw).join(' '));
    unknown = [];
  };
  let index = 0;
  while (index < tokens.length) {
    const segment = tokens[index]?.segment;
    let taken = 0;
    for (let length = Math.min(MAX_NAME_WORDS, tokens.length - index); length >= 1 && taken === 0; length -= 1) {
      const words = tokens.slice(index, index + length);
      if (words.some((word) => word.segment !== segment)) continue;
      const folded = words.map((word) => word.folded).join(' ');
      const vehicle = length === 1 && words[0]?.bracketed === true ? POSTCODE_PREFIXES.get(words[0].raw.toUpperCase()) : undefined;
      const country = vehicle ?? countryOfName(folded);
      const postcode = length <= 3 ? postcodeKey(words, vocabulary) : null;
      if (country !== null) {
        draft.country ??= country;
      } else if (postcode !== null) {
        draft.postcode ??= words.map((word) => word.raw).join(' ');
        if (postcode.country !== undefined) draft.country ??= postcode.country;
      } else if (vocabulary.isLocality(folded) && !endsWithPlaceCode(words, vocabulary)) {
        flush();
        draft.places.push(words.map((word) => word.raw).join(' '));
      } else if (length <= 3 && stateOf(words) !== null) {
        draft.region ??= stateOf(words) ?? undefined;
      } else continue;
      taken = length;
    }
    if (taken === 0) {
      if (unknown.length > 0 && unknown[0]?.segment !== segment) flush();
      unknown.push(tokens[index] as Token);
      index += 1;
    } else {
      if (unknown.length > 0) flush();
      index += taken;
    }
  }
  flush();
}

/**
 * Whether a run of words is a locality followed by its state or country
 * (`Vancouver BC`), which data sometimes holds as one name: then the
 * locality and the code are read apart.
 */
function endsWithPlaceCode(words: readonly Token[], vocabulary: Vocabulary): boolean {
  if (words.length < 2) return false;
  const last = words.slice(-1);
  const rest = words.slice(0, -1);
  const state = stateOf(last);
  // `København NV` is a district of København, not København in Nevada: only a state the region holds is read apart.
  const code = (state !== null && vocabulary.holdsState(state)) || countryOfName(last[0]?.folded ?? '') !== null;
  return code && vocabulary.isLocality(rest.map((word) => word.folded).join(' '));
}

/** A state, province or canton: its two-letter code or a Canadian province's name. */
function stateOf(words: readonly Token[]): string | null {
  if (words.length === 1 && /^[A-Za-z]{2}$/.test(words[0]?.raw ?? '')) {
    const code = (words[0]?.raw ?? '').toUpperCase();
    return countryOfRegion(code, true) === null ? null : code;
  }
  return provinceOfName(words.map((word) => word.raw).join(' '));
}

/** The parts read so far; `places` are the localities in the order written. */
interface Draft {
  housename?: string;
  housenumber?: string;
  street?: string;
  unit?: string;
  places: string[];
  postcode?: string;
  region?: string;
  country?: string;
}

function finish(draft: Draft): ParsedAddress {
  const parsed: ParsedAddress = {};
  if (draft.housenumber !== undefined) parsed.housenumber = draft.housenumber;
  if (draft.street !== undefined) parsed.street = draft.street;
  if (draft.unit !== undefined) parsed.unit = draft.unit;
  if (draft.housename !== undefined) parsed.housename = draft.housename;
  const [city, ...others] = draft.places;
  if (city !== undefined) parsed.city = city;
  if (others.length > 0) parsed.localities = others;
  if (draft.postcode !== undefined) parsed.postcode = draft.postcode;
  if (draft.region !== undefined) parsed.region = draft.region;
  if (draft.country !== undefined) parsed.country = draft.country;
  else if (draft.region !== undefined) {
    const country = countryOfRegion(draft.region, draft.postcode !== undefined && /^\d{4}$/.test(draft.postcode));
    if (country !== null) parsed.country = country;
  }
  return parsed;
}

/** Takes unit markers out (`Apt 4`, `#200`, `Suite 300`): returns the other tokens and the unit. */
function takeUnit(tokens: readonly Token[]): { tokens: Token[]; unit?: string } {
  const kept: Token[] = [];
  let unit: string | undefined;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    const next = tokens[index + 1];
    const unitCivic = /^#(\w+)-(\d{1,6}[a-z]?)$/i.exec(token.raw);
    if (unitCivic !== null) {
      // `#101-1401 West Broadway`: unit 101 of civic number 1401.
      unit ??= unitCivic[1];
      kept.push({ ...token, raw: unitCivic[2] ?? '', folded: foldText(unitCivic[2] ?? '') });
      continue;
    }
    if (/^#\s*\S+/.test(token.raw)) {
      unit ??= token.raw.slice(1);
      continue;
    }
    if (token.raw === '#' && next !== undefined) {
      unit ??= next.raw;
      index += 1;
      continue;
    }
    if (UNIT_WORDS.has(token.folded) && next !== undefined && /\d/.test(next.raw) && next.segment === token.segment) {
      unit ??= next.raw;
      index += 1;
      continue;
    }
    kept.push(token);
  }
  return unit === undefined ? { tokens: kept } : { tokens: kept, unit };
}

/** The unit written before a civic number at `at` (`101` of `101 1807`, `108` of `108 - 777`, `u1` of `u1 601`), or null. */
function unitBefore(tokens: readonly Token[], at: number): string | null {
  const unit = /^(?:[a-z]?\d{1,5}[a-z]?)$/i;
  const [first, second] = tokens;
  if (at === 1 && first !== undefined && unit.test(first.raw)) return first.raw;
  if (at === 2 && first !== undefined && second?.raw === '-' && unit.test(first.raw)) return first.raw;
  return null;
}

/**
 * Reads an address typed in any order and case, with or without commas, by
 * the words the region knows rather than by punctuation: the house number
 * is a number next to a street name the region has (before it, as in North
 * America, or after it, as in Europe); the words after them are localities,
 * postcode, state or province and country, each matched against the
 * region's names (the longest first: `København N` before `København`), a
 * country's name anywhere in them, postcodes with or without their space
 * (`V6E3P3`, `190 00`); words the region does not know are a locality as
 * written (to be found unheld). A unit (`Apt 4`, `#200`) is taken out
 * first.
 *
 * @param text - the address as typed, e.g. `55 perry street new york ny 10014`
 * @param vocabulary - the region's names
 * @returns every reading whose street the region knows, the most plausible
 *   first (a street as the data writes it before a typo, longer street
 *   names first); empty when no reading finds a known street
 */
export function readFreeForm(text: string, vocabulary: Vocabulary): ParsedAddress[] {
  const { tokens, unit } = takeUnit(tokenize(text));
  const readings: Array<{ parsed: ParsedAddress; rank: number }> = [];
  const add = (street: Token[], number: Token | undefined, tail: Token[], rank: number, flat?: string): void => {
    const draft: Draft = { places: [], street: street.map((token) => token.raw).join(' ') };
    // Words before the number and street (other than a unit) name the building: never dropped, they must agree with the match.
    const numberAt = number === undefined ? -1 : tokens.findIndex((token) => token.segment === number.segment && token.raw === number.raw.split(' ')[0]);
    const streetAt = tokens.indexOf(street[0] as Token);
    const first = numberAt >= 0 ? Math.min(numberAt, streetAt) : streetAt;
    const unitWords = numberAt >= 0 && unitBefore(tokens, numberAt) !== null ? numberAt : 0;
    const building = tokens.slice(unitWords, first);
    if (building.length > 0) draft.housename = building.map((token) => token.raw).join(' ');
    if (number !== undefined) draft.housenumber = number.raw;
    const ownUnit = flat ?? unit;
    if (ownUnit !== undefined) draft.unit = ownUnit;
    readTail(tail, draft, vocabulary);
    readings.push({ parsed: finish(draft), rank });
  };
  const fit = (words: Token[]): number | null => {
    if (words.length === 0 || words.some((word) => word.segment !== words[0]?.segment)) return null;
    return vocabulary.streetFit(words.map((word) => word.raw).join(' '));
  };
  tokens.forEach((token, at) => {
    if (!HOUSE_NUMBER.test(token.raw)) return;
    const start = tokens.findIndex((other) => other.segment === token.segment);
    // Street, then number (`Landstrasse 84 Ruggell`): the street begins its segment.
    if (at > start) {
      const before = fit(tokens.slice(start, at));
      // Whole segments before it are a building's name (`Asemahalli, Kaivokatu 1`).
      if (before !== null && (start === 0 || tokens.slice(0, start).every((other) => !HOUSE_NUMBER.test(other.raw)))) {
        const street = tokens.slice(start, at);
        const letter = tokens[at + 1];
        if (letter !== undefined && letter.segment === token.segment && /^\p{L}$/u.test(letter.raw)) {
          // `Mannerheimintie 14 B`: the house's letter; `Mannerheimintie 10 A 5`: staircase A, flat 5 (Nordic forms).
          const flat = tokens[at + 2];
          const withFlat = flat !== undefined && flat.segment === token.segment && /^\d{1,4}$/.test(flat.raw);
          // The data may write the whole as the number (`1 A 24`): tried first.
          if (withFlat) add(street, { ...token, raw: `${token.raw} ${letter.raw} ${flat.raw}` }, tokens.slice(at + 3), before * 10);
          add(street, { ...token, raw: `${token.raw} ${letter.raw}` }, tokens.slice(at + 2), before * 10);
          if (withFlat) add(street, token, tokens.slice(at + 3), before * 10 + 1, `${letter.raw} ${flat.raw}`);
        }
        add(street, token, tokens.slice(at + 1), before * 10 + 2);
      }
      if (before === null) {
        // Without commas, a building's name may lead the street (`asemahalli kaivokatu 1`): the rest of the words up to the number.
        for (let from = start + 1; from < at; from += 1) {
          const known = fit(tokens.slice(from, at));
          if (known !== null && tokens.slice(0, from).every((other) => !HOUSE_NUMBER.test(other.raw))) {
            add(tokens.slice(from, at), token, tokens.slice(at + 1), known * 10 + 3);
            break;
          }
        }
      }
    }
    // Number, then street (`55 perry street new york`): the longest known street; a unit may come first (`101 1807 Burrard St`, `108 - 777 W Broadway`, `u1 601 W Broadway`).
    const leadingUnit = unitBefore(tokens, at);
    const afterBuilding = at === start && at > 0 && tokens.slice(0, at).every((other) => !HOUSE_NUMBER.test(other.raw));
    if (at === 0 || leadingUnit !== null || afterBuilding) {
      const suffix = tokens[at + 1];
      const extended = suffix !== undefined && suffix.segment === token.segment && NUMBER_SUFFIX.test(suffix.raw);
      const number = extended ? { ...token, raw: `${token.raw} ${suffix.raw}` } : token;
      const first = extended ? at + 2 : at + 1;
      for (let end = Math.min(tokens.length, first + MAX_STREET_WORDS); end > first; end -= 1) {
        const street = tokens.slice(first, end);
        const known = fit(street);
        if (known !== null)
          add(street, number, tokens.slice(end), known * 10 + (first + MAX_STREET_WORDS - end) + (at === 0 ? 0 : 5), leadingUnit ?? undefined);
      }
    }
  });
  if (readings.length === 0 && !tokens.some((token) => HOUSE_NUMBER.test(token.raw))) {
    // No number: the longest known street at the start.
    for (let end = Math.min(tokens.length, MAX_STREET_WORDS); end >= 1; end -= 1) {
      const known = fit(tokens.slice(0, end));
      if (known !== null) add(tokens.slice(0, end), undefined, tokens.slice(end), known * 10 + MAX_STREET_WORDS - end);
    }
  }
  return readings.sort((a, b) => a.rank - b.rank).map(({ parsed }) => parsed);
}
