import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TypoIndex, withinOneEdit } from './typo-index.js';

/** Reference restricted Damerau-Levenshtein (optimal string alignment) distance, full table. */
function osaDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number): number => d[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, at(i - 2, j - 2) + 1);
      const row = d[i];
      if (row !== undefined) row[j] = value;
    }
  }
  return at(a.length, b.length);
}

describe('withinOneEdit', () => {
  it.each([
    ['stadtle', 'stadtel', true],
    ['stadtle', 'stadle', true],
    ['stadtle', 'staedtle', true],
    ['stadtle', 'stadtlx', true],
    ['stadtle', 'stdtel', false],
    ['catherine', 'katherina', false],
  ])('%s vs %s → %s', (a, b, expected) => {
    expect(withinOneEdit(a, b)).toBe(expected);
  });

  it('agrees with the full OSA distance on random short strings', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 6 });
    fc.assert(fc.property(word, word, (a, b) => withinOneEdit(a, b) === osaDistance(a, b) <= 1));
  });
});

describe('TypoIndex', () => {
  it('finds every stored key within one edit and nothing else', () => {
    const index = new TypoIndex<string>();
    for (const key of ['stadtle', 'landstrasse', 'saintecatherine', 'saintlaurent']) index.add(key, key.toUpperCase());
    expect(index.near('stadtel').map((hit) => hit.key)).toEqual(['stadtle']);
    expect(index.near('saintlaurrent').flatMap((hit) => hit.values)).toEqual(['SAINTLAURENT']);
    expect(index.near('saintdenis')).toEqual([]);
  });
});
