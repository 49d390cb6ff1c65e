import { foldText } from '@locscore/schema';

const STATION_WORDS = new Set(['station', 'gare', 'bahnhof', 'metro', 'subway', 'stn']);

/**
 * Key under which stations from different sources are considered the same
 * name: {@link foldText}, without a trailing parenthesised line list such as
 * `(A,C,E)` and without words like `station`, `gare`, `metro`.
 *
 * @param name - station name as in its source, e.g. `Christopher Street-Sheridan Square (1)`
 * @returns e.g. `christopher street sheridan square`
 */
export function stationNameKey(name: string): string {
  const withoutLines = name.replace(/\s*\([^)]*\)\s*$/u, '');
  return foldText(withoutLines)
    .split(' ')
    .filter((word) => word !== '' && !STATION_WORDS.has(word))
    .join(' ');
}

const LOWER_WORDS = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'et', 'of', 'the', 'and', 'd', 'l', 'à', 'a']);

/**
 * Title-cases a name written in capitals only (GTFS feeds such as the STM's
 * write `STATION ANGRIGNON`); names already in mixed case are returned as
 * given. French/English particles stay lower case except at the start, and
 * an elided article keeps its apostrophe: `STATION DE L'ÉGLISE` →
 * `Station de l'Église`; `MCGILL` → `McGill`.
 *
 * @param name - a name as in its source
 * @returns the display name
 */
export function titleCaseIfShouting(name: string): string {
  const trimmed = name.trim();
  if (trimmed !== trimmed.toUpperCase() || trimmed === trimmed.toLowerCase()) return trimmed;
  return trimmed.toLowerCase().replace(/[\p{L}\p{N}]+/gu, (word, offset: number) => {
    if (offset > 0 && LOWER_WORDS.has(word)) return word;
    if (/^mc\p{L}/u.test(word)) return `Mc${word.charAt(2).toUpperCase()}${word.slice(3)}`;
    return word.charAt(0).toUpperCase() + word.slice(1);
  });
}
