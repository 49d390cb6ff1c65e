/** A house number taken apart: its numeric value and any letter or `bis`/`ter` suffix. */
export interface HouseNumber {
  /** Comparison key: lower case without spaces, e.g. `12a`, `38`, `3755-3791`. */
  key: string;
  /** The leading integer, e.g. `12` for `12a`. */
  value: number;
  /** Lower-case suffix after the digits, e.g. `a`, `bis`; empty when none. */
  suffix: string;
}

const SINGLE = /^(\d{1,6})\s*(?:-\s*)?([a-z]|bis|ter|quater|[1-3]\/[234])?$/;
const RANGE = /^(\d{1,6})\s*[-–]\s*(\d{1,6})$/;
/** A unit before the civic number: `#110 532`, `suite 105 1245`, `u1 601`, `108 - 777`, `101 1807` (group 3 is the civic number). */
const UNIT_THEN_CIVIC = /^(?:#\s*|(?:unit|suite|ste|apt|u)\s*)?([a-z]?\d{1,5}[a-z]?)(\s*-\s*|\s+)(\d{1,6}[a-z]?)$/;

/** Conscription and street number (Czech and Slovak `806/3`, `780/11a`): two numbers, no space. */
const SLASHED = /^(\d{1,6})\/(\d{1,6}[a-z]?)$/;

/**
 * Reads one house number such as `38`, `12a`, `12 A`, `12-A`, `5 bis`, `131 1/2`.
 *
 * @param text - the number as written
 * @returns the parsed number, or null when the text is not a single house number
 *   (ranges such as `3755-3791` return null here; see {@link houseNumberKeys})
 */
export function parseHouseNumber(text: string): HouseNumber | null {
  const lower = text.trim().toLowerCase();
  const match = SINGLE.exec(lower);
  if (match === null) return null;
  const digits = match[1] ?? '';
  const suffix = match[2] ?? '';
  const value = Number.parseInt(digits, 10);
  // A fraction (`131 1/2`, US) keeps a space so that it cannot read as another number.
  return { key: suffix.includes('/') ? `${value} ${suffix}` : `${value}${suffix}`, value, suffix };
}

/**
 * The individual numbers an address point's `addr:housenumber` stands for:
 * OSM lists (`3755;3791`, `12,14`), ranges (`3755-3791`, both ends only) and
 * conscription/street numbers (`806/3`: `806` and `3`, each alone too).
 *
 * @param text - an `addr:housenumber` value
 * @returns parsed numbers, possibly empty when nothing in it is a house number
 */
export function houseNumberParts(text: string): HouseNumber[] {
  const parts: HouseNumber[] = [];
  for (const piece of text.split(/[;,]/)) {
    const slashed = SLASHED.exec(piece.trim().toLowerCase());
    if (slashed !== null) {
      for (const part of [slashed[1], slashed[2]]) {
        const parsed = parseHouseNumber(part ?? '');
        if (parsed !== null) parts.push(parsed);
      }
      continue;
    }
    const range = RANGE.exec(piece.trim());
    if (range !== null) {
      for (const end of [range[1], range[2]]) {
        const parsed = parseHouseNumber(end ?? '');
        if (parsed !== null) parts.push(parsed);
      }
      continue;
    }
    const parsed = parseHouseNumber(piece);
    if (parsed !== null) parts.push(parsed);
  }
  return parts;
}

/**
 * Keys under which an address point is found by its number: the whole
 * value (`3755-3791`) and each listed number (`3755`, `3791`).
 *
 * @param text - an `addr:housenumber` value
 * @returns distinct keys, possibly empty
 */
export function houseNumberKeys(text: string): string[] {
  const whole = text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/–/g, '-');
  const keys = new Set<string>([whole]);
  // Each listed piece as written (`18-20 c` of `18-20 C, 6. krs.`), and each number in it.
  for (const piece of whole.split(/[;,]/)) keys.add(piece.trim());
  for (const part of houseNumberParts(text)) keys.add(part.key);
  // A unit written into the number (`#110 532`, `Suite 105 1245`, `u1 601`, `108 - 777`): the civic number alone too.
  const civic = UNIT_THEN_CIVIC.exec(whole);
  if (civic !== null && !(civic[2]?.includes('-') === true && looksLikeRange(Number(civic[1]), Number(civic[3])))) keys.add(civic[3] ?? '');
  return [...keys].filter((key) => key !== '');
}

/**
 * Whether `first-second` written before a street is a range of house numbers
 * (`3755-3791`) rather than the Canadian unit-civic form (`12-345`): a range
 * has both ends of the same parity, the first below the second, and at most
 * 200 numbers between them.
 *
 * @param first - the number before the hyphen
 * @param second - the number after it
 */
export function looksLikeRange(first: number, second: number): boolean {
  return first < second && first % 2 === second % 2 && second - first <= 200;
}
