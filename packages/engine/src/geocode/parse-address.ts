import { foldText } from './fold.js';
import { looksLikeRange } from './house-number.js';
import { countryOfName, countryOfRegion, POSTCODE_PREFIXES, provinceOfName } from './regions.js';
import { STREET_TYPES } from './street-words.js';
import type { ParsedAddress } from './types.js';

/** Words that introduce a unit (English, French): `Apt 4`, `Suite 300`, `app. 3`, `bureau 200`, `local 5`. */
const UNIT_WORD = String.raw`(?:apt|apartment|unit|suite|ste|app|appt|appartement|bureau|local|porte|wohnung|whg)(?:\.\s*|\s+)`;
const UNIT_ONLY = new RegExp(String.raw`^(?:#\s*|${UNIT_WORD})([\p{L}\p{N}-]+)$`, 'iu');
const UNIT_PREFIX = new RegExp(String.raw`^(?:#\s*|${UNIT_WORD})([\p{L}\p{N}]+)\s*[-–,]?\s*(?=\d)`, 'iu');
const UNIT_SUFFIX = new RegExp(String.raw`[\s,]+(?:#\s*|${UNIT_WORD})(\d[\p{L}\p{N}-]*|\p{L})$`, 'iu');
/**
 * Whether text may begin with `#` or a unit word ({@link UNIT_WORD}) under
 * case-insensitive Unicode matching: `#`, a first letter of those words in
 * either case, `ſ` (which folds to `s`), or any other non-ASCII character.
 * Skips the unit patterns for the usual `Städtle 38` or `350 5th Avenue`.
 *
 * @param text - a segment of an address
 * @returns false only when no unit pattern can match at its start
 */
export function mayStartWithUnit(text: string): boolean {
  const code = text.charCodeAt(0);
  return code === 0x23 || code > 0x7f || 'aAbBlLpPsSuUwW'.includes(text.charAt(0));
}
const PURE_NUMBER = /^(\d{1,6}(?:[a-z]|\s?bis|\s?ter|\s[1-3]\/[234])?)$/i;
const UNIT_CIVIC_OR_RANGE = /^(\d{1,6})\s*[-–]\s*(\d{1,6})\s+(.*\p{L}.*)$/u;
const NUMBER_FIRST = /^(\d{1,6}(?:[a-z](?![\p{L}\p{N}])|\s(?:bis|ter)(?![\p{L}\p{N}])|\s[1-3]\/[234](?![\p{N}]))?)\s*,?\s+(.*\p{L}.*)$/iu;
const NUMBER_AFTER = /^(.*\p{L}.*?)\s*,?\s+(\d{1,6}(?:\s?[a-z](?![\p{L}\p{N}]))?(?:\s*[-–/]\s*\d{1,6}[a-z]?)?)$/iu;
const CA_POSTCODE = /^(?:(.*?)[\s,]+)?(?:\(?([A-Za-z]{2}|\p{L}[\p{L} -]+)\)?\s+)?([A-Z]\d[A-Z])\s?(\d[A-Z]\d)$/iu;
const US_ZIP_WITH_STATE = /^(?:(.*?)[\s,]+)?([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/;
const EURO_POSTCODE = /^(?:([A-Z]{1,2})\s?-\s?)?(\d{4,5})(?:\s+(\p{L}.*))?$/iu;
const CITY_WITH_REGION = /^(.*\p{L}.*?)\s+([A-Za-z]{2})$/u;
const CITY_WITH_COUNTRY_CODE = /^(.*\p{L}.*?)\s*\(([A-Z]{1,2})\)$/u;
const CITY_WITH_PROVINCE_NAME = /^(.*\p{L}.*?)\s*\((\p{L}[\p{L} -]+)\)$/u;
const SINGLE_SEGMENT_EURO_TAIL = /^(.*\p{L}.*?\d[a-z]?)\s+(?:([A-Z]{1,2})\s?-\s?)?(\d{4,5})\s+(\p{L}[\p{L}\s.'-]*)$/iu;

/**
 * Longest address text read, in characters. The API allows 300; the margin
 * keeps the parser's regular expressions (quadratic at worst) well under a
 * millisecond per address.
 */
export const MAX_ADDRESS_LENGTH = 1_000;

/** Mutable result under construction. */
type Draft = { -readonly [K in keyof ParsedAddress]: ParsedAddress[K] };

function setCountry(draft: Draft, country: string | null): void {
  if (country !== null && draft.country === undefined) draft.country = country;
}

function setRegion(draft: Draft, code: string): boolean {
  const upper = code.toUpperCase();
  const country = countryOfRegion(upper, draft.postcode !== undefined && /^\d{4}$/.test(draft.postcode));
  if (country === null) return false;
  draft.region = upper;
  setCountry(draft, country);
  return true;
}

function setPostcodeWithPrefix(draft: Draft, prefix: string | undefined, digits: string): boolean {
  if (prefix !== undefined) {
    const country = POSTCODE_PREFIXES.get(prefix.toUpperCase());
    if (country === undefined) return false;
    setCountry(draft, country);
  }
  draft.postcode = digits;
  return true;
}

/**
 * Reads one locality segment (after the street): `New York`, `NY 10118`,
 * `QC J4Y 2P4`, `Brossard QC J4Y 2P4`, `9490 Vaduz`, `FL-9495 Triesen`,
 * `Montréal (Québec)`, a country name.
 */
function readLocality(draft: Draft, segment: string): void {
  const country = countryOfName(segment);
  if (country !== null) {
    setCountry(draft, country);
    return;
  }
  const canadian = CA_POSTCODE.exec(segment);
  if (canadian !== null) {
    draft.postcode = `${(canadian[3] ?? '').toUpperCase()} ${(canadian[4] ?? '').toUpperCase()}`;
    setCountry(draft, 'CA');
    const region = canadian[2];
    let city = canadian[1];
    if (region !== undefined && !setRegion(draft, region)) {
      const province = provinceOfName(region);
      if (province !== null) setRegion(draft, province);
      else city = city === undefined ? region : `${city} ${region}`;
    }
    if (city !== undefined && city.trim() !== '') readLocality(draft, city.trim());
    return;
  }
  const us = US_ZIP_WITH_STATE.exec(segment);
  if (us !== null && countryOfRegion(us[2] ?? '') !== null) {
    setRegion(draft, us[2] ?? '');
    draft.postcode = us[3] ?? '';
    const city = us[1];
    if (city !== undefined && city.trim() !== '') draft.city = city.trim();
    return;
  }
  const euro = EURO_POSTCODE.exec(segment);
  if (euro !== null && setPostcodeWithPrefix(draft, euro[1], euro[2] ?? '')) {
    if (euro[3] !== undefined) setCityWithCanton(draft, euro[3].trim());
    return;
  }
  const bareRegion = /^[A-Z]{2}$/.exec(segment);
  if (bareRegion !== null && setRegion(draft, segment)) return;
  const withProvince = CITY_WITH_PROVINCE_NAME.exec(segment);
  if (withProvince !== null) {
    const province = provinceOfName(withProvince[2] ?? '');
    if (province !== null) {
      setRegion(draft, province);
      draft.city = (withProvince[1] ?? '').trim();
      return;
    }
  }
  const withCode = CITY_WITH_COUNTRY_CODE.exec(segment);
  if (withCode !== null) {
    // `Balzers (FL)`: a country's vehicle code, as on letters within Europe; `Albany (NY)`: a state.
    const code = withCode[2] ?? '';
    const country = POSTCODE_PREFIXES.get(code);
    if (country !== undefined) setCountry(draft, country);
    else setRegion(draft, code);
    draft.city = (withCode[1] ?? '').trim();
    return;
  }
  const withRegion = CITY_WITH_REGION.exec(segment);
  if (withRegion !== null && setRegion(draft, withRegion[2] ?? '')) {
    draft.city = (withRegion[1] ?? '').trim();
    return;
  }
  const province = provinceOfName(segment);
  if (province !== null && draft.city !== undefined) {
    setRegion(draft, province);
    return;
  }
  // A second plain segment is another locality (`Plateau, Montréal`): both must agree with the match.
  if (draft.city === undefined) draft.city = segment;
  else draft.localities = [...(draft.localities ?? []), segment];
}

/** Sets the city, taking off a trailing Swiss canton (`Buchs SG`, `Buchs (SG)`) as the region. */
function setCityWithCanton(draft: Draft, city: string): void {
  const canton = /^(.*\p{L}.*?)\s+\(?([A-Z]{2})\)?$/u.exec(city);
  if (canton !== null && countryOfRegion(canton[2] ?? '', true) === 'CH' && setRegion(draft, canton[2] ?? '')) {
    draft.city = (canton[1] ?? '').trim();
    return;
  }
  draft.city = city;
}

/**
 * Cuts a locality off the end of a one-segment address written without
 * commas: `… NY 10118`, `… QC J4Y 2P4`, `Städtle 38 9490 Vaduz`; then, when a
 * postcode or region was found, the words after the street type are the city
 * (`350 5th Avenue New York NY 10118`).
 *
 * @returns the street part left
 */
function cutSingleSegmentTail(draft: Draft, segment: string): string {
  const euro = SINGLE_SEGMENT_EURO_TAIL.exec(segment);
  if (euro !== null && setPostcodeWithPrefix(draft, euro[2], euro[3] ?? '')) {
    setCityWithCanton(draft, (euro[4] ?? '').trim());
    return euro[1] ?? '';
  }
  let rest = segment;
  const canadian = /\s+([A-Z]\d[A-Z])\s?(\d[A-Z]\d)$/i.exec(rest);
  const us = /\s+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(rest);
  if (canadian !== null) {
    draft.postcode = `${(canadian[1] ?? '').toUpperCase()} ${(canadian[2] ?? '').toUpperCase()}`;
    setCountry(draft, 'CA');
    rest = rest.slice(0, canadian.index);
  } else if (us !== null && setRegion(draft, us[1] ?? '')) {
    draft.postcode = us[2] ?? '';
    rest = rest.slice(0, us.index);
  } else {
    return segment;
  }
  const region = /\s+([A-Z]{2})$/.exec(rest);
  if (region !== null && setRegion(draft, region[1] ?? '')) rest = rest.slice(0, region.index);
  const words = rest.split(' ');
  // Find the last street-type word that is not the street's first word (after a leading number).
  const start = /^\d/.test(words[0] ?? '') ? 2 : 1;
  for (let index = words.length - 2; index >= start; index -= 1) {
    const folded = foldText(words[index] ?? '');
    if (STREET_TYPES.has(folded)) {
      let end = index + 1;
      while (end < words.length - 1 && /^(?:[NSEWO]|north|south|east|west|nord|sud|est|ouest)\.?$/i.test(words[end] ?? '')) end += 1;
      if (end < words.length) {
        draft.city = words.slice(end).join(' ');
        return words.slice(0, end).join(' ');
      }
    }
  }
  return rest;
}

/** Splits the street segment into unit, house number and street. */
function readStreet(draft: Draft, segment: string): void {
  let rest = segment;
  const prefix = mayStartWithUnit(rest) ? UNIT_PREFIX.exec(rest) : null;
  if (prefix !== null) {
    draft.unit ??= prefix[1];
    rest = rest.slice(prefix[0].length);
  }
  const suffix = UNIT_SUFFIX.exec(rest);
  if (suffix !== null) {
    draft.unit ??= suffix[1];
    rest = rest.slice(0, suffix.index);
  }
  const pair = UNIT_CIVIC_OR_RANGE.exec(rest);
  if (pair !== null) {
    const first = Number.parseInt(pair[1] ?? '', 10);
    const second = Number.parseInt(pair[2] ?? '', 10);
    if (looksLikeRange(first, second)) draft.housenumber = `${first}-${second}`;
    else {
      draft.unit ??= pair[1];
      draft.housenumber = pair[2];
    }
    draft.street = (pair[3] ?? '').trim();
    return;
  }
  const numberFirst = NUMBER_FIRST.exec(rest);
  if (numberFirst !== null) {
    draft.housenumber = (numberFirst[1] ?? '').replace(/\s+(?=\p{L})/gu, '');
    draft.street = (numberFirst[2] ?? '').trim();
    // New York's building data numbers rear buildings `693 REAR`, `230 REAR-A`.
    const rear = /^(rear|front)(-[a-z])?\s+(?=\p{L})/iu.exec(draft.street);
    if (rear !== null) {
      draft.housenumber = `${draft.housenumber} ${rear[0].trim()}`;
      draft.street = draft.street.slice(rear[0].length);
    }
    return;
  }
  const numberAfter = NUMBER_AFTER.exec(rest);
  if (numberAfter !== null && !STREET_TYPES.has(foldText(numberAfter[1] ?? ''))) {
    draft.housenumber = (numberAfter[2] ?? '').replace(/\s+/g, '');
    draft.street = (numberAfter[1] ?? '').trim();
    return;
  }
  if (/\p{L}/u.test(rest)) draft.street = rest.trim();
}

/**
 * Parses a civic address written in English, French or German form into
 * its parts. Accepted forms include `350 5th Avenue, New York, NY 10118`,
 * `3777 Boul. Matte, Brossard, QC J4Y 2P4`, `Städtle 38, 9490 Vaduz`,
 * `Landstrasse 12, FL-9495 Triesen`, `Apt 4, 12 Main St, Springfield`,
 * `12-345 Rue Sainte-Catherine O` (unit 12, number 345),
 * `#200 - 100 King St W` (unit 200), ranges `3755-3791` and letters `12a`.
 *
 * Rules: segments are separated by commas, semicolons or new lines; a
 * segment that is only a unit (`Apt 4`, `#200`, `bureau 200`) or only a
 * number (`12, rue de la Paix`) before the street is taken as such; the first
 * other segment is the street (number before or after it, unit marker before
 * or after); later segments give city, state/province, postal code and
 * country. `a-b` before a street is a range when {@link looksLikeRange}
 * says so, else unit `a`, number `b`.
 *
 * @param text - the address as written
 * @returns the parts found; `{}` for blank text
 * @throws TypeError naming the field `address` when `text` is not a string
 * @throws RangeError naming the field `address` when it is longer than {@link MAX_ADDRESS_LENGTH}
 */
export function parseAddress(text: string): ParsedAddress {
  if (typeof text !== 'string') throw new TypeError('address: must be a string');
  if (text.length > MAX_ADDRESS_LENGTH) throw new RangeError(`address: longer than ${MAX_ADDRESS_LENGTH} characters`);
  const draft: Draft = {};
  const segments = text
    .normalize('NFC')
    .split(/[,;\n]/)
    .map((segment) => segment.replace(/\s+/g, ' ').trim())
    .filter((segment) => segment !== '');
  let index = 0;
  let pendingNumber: string | undefined;
  for (; index < segments.length; index += 1) {
    const segment = segments[index] ?? '';
    const unit = mayStartWithUnit(segment) ? UNIT_ONLY.exec(segment) : null;
    if (unit !== null && /\d/.test(segment)) {
      draft.unit ??= unit[1];
      continue;
    }
    if (PURE_NUMBER.test(segment) && index + 1 < segments.length) {
      pendingNumber = segment.replace(/\s+(?=\p{L})/gu, '');
      continue;
    }
    break;
  }
  let streetSegment = segments[index];
  const localities = segments.slice(index + 1);
  if (streetSegment !== undefined) {
    if (localities.length === 0) streetSegment = cutSingleSegmentTail(draft, streetSegment);
    else {
      // A unit written after the street as its own segment: `12 Main St, Apt 4, Springfield`.
      while (localities.length > 0 && UNIT_ONLY.test(localities[0] ?? '') && /\d/.test(localities[0] ?? '')) {
        draft.unit ??= UNIT_ONLY.exec(localities.shift() ?? '')?.[1];
      }
    }
    readStreet(draft, streetSegment);
    if (pendingNumber !== undefined && draft.housenumber === undefined) draft.housenumber = pendingNumber;
  }
  for (const segment of localities) readLocality(draft, segment);
  return draft;
}
