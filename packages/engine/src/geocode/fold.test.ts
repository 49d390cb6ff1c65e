import { describe, expect, it } from 'vitest';
import { contractUmlauts, normalizeCity } from './fold.js';

describe('municipality keys', () => {
  it('folds a Danish district', () => {
    expect(normalizeCity('København Ø')).toBe('kobenhavn o');
  });

  it('contracts umlaut transliterations and keys municipalities as before', () => {
    expect(contractUmlauts('mueller')).toBe('muller');
    expect(contractUmlauts('stadtle')).toBe('stadtle');
    expect(normalizeCity('Balzers (FL)')).toBe('balzers');
    expect(normalizeCity('St-Laurent')).toBe('saint laurent');
  });
});
