import { contractUmlauts, foldText } from './fold.js';
import { ARTICLES, COMPOUND_SUFFIXES, DIRECTIONS, NUMERIC_ORDINAL, ORDINAL_WORDS, SAINT_WORDS, STREET_TYPES, TENS_WORDS } from './street-words.js';

/**
 * A street name taken apart for matching. Every token is folded and
 * canonical: `Boul. de la Côte-Vertu O` → core `cote vertu`, type
 * `boulevard`, directions `west`.
 */
export interface StreetParts {
  /** Name words without the type, directions and French articles; never empty. */
  core: string[];
  /** Name words with the articles kept (equal to `core` when there were none). */
  coreWithArticles: string[];
  /** Canonical street type (`boulevard`, `street`, `strasse`…), or null when none was written. */
  type: string | null;
  /** Canonical directions (`east`, `west`…), sorted. */
  directions: string[];
}

/** Splits `landstrasse` → `land strasse`, `landstr` → `land str`, keeping short or bare words whole. */
function splitCompound(word: string): string[] {
  for (const [suffix] of COMPOUND_SUFFIXES) {
    if (word.length >= suffix.length + 2 && word.endsWith(suffix)) {
      return [word.slice(0, -suffix.length), suffix];
    }
  }
  return [word];
}

/** Direction words that are read as directions inside a name too (`Little W 12th St`); one-letter `o` (ouest) only at the ends. */
function innerDirection(word: string): string | undefined {
  return word === 'o' ? undefined : DIRECTIONS.get(word);
}

/**
 * Canonical form of one core word: ordinals to digits, `st`/`ste`/`sankt`
 * to `saint`/`sainte`, a direction inside the name to its full word, type
 * aliases canonical, umlauts contracted.
 */
function canonicalWord(word: string): string {
  const ordinal = NUMERIC_ORDINAL.exec(word)?.[1] ?? ORDINAL_WORDS.get(word);
  if (ordinal !== undefined) return ordinal;
  const saint = SAINT_WORDS.get(word);
  if (saint !== undefined) return saint;
  const direction = innerDirection(word);
  if (direction !== undefined) return direction;
  const type = STREET_TYPES.get(word);
  if (type !== undefined) return type;
  return contractUmlauts(word);
}

/** Joins written-out compound ordinals: `twenty first` → `21`, `thirty 2` → `32`. */
function joinTens(words: string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    const previous = out[out.length - 1];
    const tens = previous === undefined ? undefined : TENS_WORDS.get(previous);
    const unit = Number(word);
    if (tens !== undefined && Number.isInteger(unit) && unit >= 1 && unit <= 9) out[out.length - 1] = String(tens + unit);
    else out.push(word);
  }
  return out;
}

/**
 * Takes a street name apart into core words, type and directions (see
 * {@link StreetParts}). Rules, applied to the folded words:
 * - German compounds ending in `strasse`/`str`/`gasse`/`weg`/`platz`/`allee` are split
 *   (`Landstr.` = `Landstrasse` = `Land-Strasse`);
 * - directions are taken from the end (up to two words) and from the start
 *   (one word); a one-letter direction (`N`, `E`, `W`, `O`…) only at the end,
 *   or at the start when at least two words follow (`W 11th St`);
 * - the street type is the last word when it is a type word (`Main St`),
 *   else the first (`Rue Sainte-Catherine`); `St` in last place is `Street`,
 *   anywhere else `Saint` (`St Laurent Blvd`, `Rue St-Denis`); `Ste` is `Sainte`;
 * - ordinals become digits (`5th` = `fifth` = `5`, `1re` = `1er` = `1`);
 * - `ae`/`oe`/`ue` equal `a`/`o`/`u` (umlaut transliteration);
 * - French articles (`de`, `du`, `des`, `la`, `le`, `les`, `d'`, `l'`) are dropped from `core`.
 *
 * @param name - a street name as written, e.g. `3777 Boul. Matte` without the number
 * @returns the parts; `core` holds at least one word for any name with a letter or digit,
 *   and is `[]` only for a name with neither
 */
export function analyzeStreet(name: string): StreetParts {
  const words = foldText(name)
    .split(' ')
    .filter((word) => word !== '')
    .flatMap(splitCompound);
  const directions: string[] = [];
  while (words.length > 1 && directions.length < 2) {
    const last = words[words.length - 1] ?? '';
    const direction = DIRECTIONS.get(last);
    if (direction === undefined) break;
    directions.push(direction);
    words.pop();
  }
  const first = words[0] ?? '';
  const firstDirection = DIRECTIONS.get(first);
  // `West Street`, `North Ave`: a direction followed only by a type word is the name itself.
  const restIsName = words.slice(1).some((word) => !STREET_TYPES.has(word));
  if (firstDirection !== undefined && restIsName && (first.length > 1 ? words.length > 1 : words.length > 2) && first !== 'o') {
    directions.push(firstDirection);
    words.shift();
  }
  let type: string | null = null;
  const last = words[words.length - 1] ?? '';
  const lastType = STREET_TYPES.get(last);
  if (words.length > 1 && lastType !== undefined) {
    type = lastType;
    words.pop();
  } else {
    const firstType = STREET_TYPES.get(words[0] ?? '');
    if (words.length > 1 && firstType !== undefined && words[0] !== 'st' && words[0] !== 'ste') {
      type = firstType;
      words.shift();
    }
  }
  const coreWithArticles = joinTens(words.map(canonicalWord));
  const withoutArticles = coreWithArticles.filter((word) => !ARTICLES.has(word));
  const core = withoutArticles.length > 0 ? withoutArticles : coreWithArticles;
  return { core, coreWithArticles, type, directions: [...new Set(directions)].sort() };
}

/**
 * Normalised key of a street name: equal for every spelling of the same
 * street (`Boul. Matte` = `boulevard Matte` = `Matte Blvd`;
 * `Landstrasse` = `Landstr.` = `Land-Straße`; `5th Ave` = `Fifth Avenue`),
 * built by {@link analyzeStreet} as core words, then the type, then the directions.
 *
 * @param name - a street name as written
 * @returns e.g. `matte boulevard`, `land strasse`, `5 avenue`, `sainte catherine rue west`
 */
export function normalizeStreet(name: string): string {
  const parts = analyzeStreet(name);
  return [...parts.core, ...(parts.type === null ? [] : [parts.type]), ...parts.directions].join(' ');
}
