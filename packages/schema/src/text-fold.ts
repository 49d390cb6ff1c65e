// The one text fold of locscore: every comparison of names, addresses,
// brands and column headers goes through foldText, so that two parts of the
// system never disagree on whether two texts are the same.

/** Text made of ASCII characters only (U+0000–U+007F), which the fast path folds. */
const ASCII_ONLY = /^\p{ASCII}*$/u;

/**
 * Folds text for comparison: Unicode NFD with combining marks removed
 * (`é` → `e`, `ä` → `a`, `å` → `a`), `ß` → `ss`, `æ` → `ae`, `œ` → `oe`, and
 * the letters NFD does not take apart: `ø` → `o`, `ł` → `l`, `đ`/`ð` → `d`,
 * `þ` → `th`, `ı` → `i`; lower case,
 * apostrophes removed after an elided article kept as its own word
 * (`d'Youville` → `d youville`), every other run of punctuation or space
 * → one space.
 *
 * @param text - any text, e.g. `Städtle`, `Boul. Côte-Vertu`
 * @returns the folded text, e.g. `stadtle`, `boul cote vertu`
 */
export function foldText(text: string): string {
  // ASCII has no marks, ß, æ or œ to fold, and its letters and digits are [a-z0-9] once lower-cased.
  if (ASCII_ONLY.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/œ/gi, 'oe')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/[đĐðÐ]/g, 'd')
    .replace(/[þÞ]/g, 'th')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
