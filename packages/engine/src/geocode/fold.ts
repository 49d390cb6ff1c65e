import { foldText } from '@locscore/schema';

export { foldText };

/**
 * Makes the German transliterations `ae`, `oe`, `ue` equal to the folded
 * umlauts `a`, `o`, `u` (`Mueller` ≡ `Müller` ≡ `Muller`). Applied to both
 * sides of a comparison only (index keys and query keys), never to display text.
 *
 * @param word - a folded word
 * @returns the word with `ae`/`oe`/`ue` contracted
 */
export function contractUmlauts(word: string): string {
  return word.includes('e') ? word.replace(/([aou])e/g, '$1') : word;
}

/**
 * Folded comparison key of a municipality name: {@link foldText} with
 * `saint`/`st`/`sankt` and `sainte`/`ste` made equal, umlaut transliterations
 * contracted, a trailing parenthesised note dropped (`Balzers (FL)` = `Balzers`)
 * and a trailing `City` after a name dropped (`New York City` = `New York`,
 * `Quebec City` = `Québec`).
 *
 * @param city - e.g. `Montréal`, `St-Laurent`, `Balzers (FL)`
 * @returns e.g. `montreal`, `saint laurent`, `triesen`
 */
export function normalizeCity(city: string): string {
  let key = cityKeys.get(city);
  if (key === undefined) {
    key = cityKeyOf(city);
    // Bounded: a region's names are a few thousand; free text from requests must not grow it without end.
    if (cityKeys.size < MAX_KEPT_CITY_KEYS) cityKeys.set(city, key);
  }
  return key;
}

/** How many {@link normalizeCity} keys are kept for names met again (every address of a town names it). */
const MAX_KEPT_CITY_KEYS = 50_000;
const cityKeys = new Map<string, string>();

function cityKeyOf(city: string): string {
  const words = foldText(city.includes('(') ? city.replace(/\s*\([^)]*\)\s*$/u, '') : city)
    .split(' ')
    .map((word) => (word === 'st' || word === 'sankt' ? 'saint' : word === 'ste' ? 'sainte' : contractUmlauts(word)));
  if (words.length > 1 && words[words.length - 1] === 'city') words.pop();
  return words.join(' ');
}

/**
 * Comparison key of a postal code: upper case without spaces, and without a
 * country prefix such as `FL-`, `CH-`, `D-`; a US ZIP+4 keeps its 5 digits.
 *
 * @param postcode - e.g. `h2c 1b3`, `FL-9495`, `10118-0110`
 * @returns e.g. `H2C1B3`, `9495`, `10118`
 */
export function normalizePostcode(postcode: string): string {
  const compact = postcode.toUpperCase().replace(/\s+/g, '');
  const unprefixed = compact.replace(/^(?:FL|CH|LI|DE|D|F|FR|A|AT)-(?=\d)/, '');
  const zip = /^(\d{5})-\d{4}$/.exec(unprefixed);
  return zip?.[1] ?? unprefixed;
}
