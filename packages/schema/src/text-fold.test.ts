import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText } from './text-fold.js';

/** foldText without its ASCII shortcut. */
const reference = (text: string): string =>
  text
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

describe('foldText', () => {
  it('folds ASCII and any other text exactly as the full Unicode path does', () => {
    for (const text of ['Städtle', 'Boul. Côte-Vertu', "d'Youville", '  350 5th Ave.  ', 'STRAßE', 'Œuvre', '\u0000x\u007f', '', 'ſt', 'K']) {
      expect(foldText(text)).toBe(reference(text));
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), (text) => foldText(text) === reference(text)),
      { numRuns: 3_000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => foldText(text) === reference(text)),
      { numRuns: 3_000 },
    );
  });

  it('folds accents, ß, case and punctuation of names from any source', () => {
    expect(foldText('Städtle')).toBe('stadtle');
    expect(foldText('Hauptstraße')).toBe('hauptstrasse');
    expect(foldText("  Côte-des-Neiges / L'Église ")).toBe('cote des neiges l eglise');
    expect(foldText('STATION ANGRIGNON')).toBe('station angrignon');
  });

  it('folds the letters NFD does not take apart (Danish, Polish, Icelandic)', () => {
    expect(foldText('Nørrebrogade')).toBe('norrebrogade');
    expect(foldText('Łódź')).toBe('lodz');
  });
});
