import { describe, expect, it } from 'vitest';
import { DEMAND_NOUNS } from '../market/demand-kinds.js';
import type { DemandDriver } from '../market/market-fit.js';
import type { MarketSearch } from '../market/market-index.js';
import { driverPhrase } from './demand-insight.js';
import { joinPhrases } from './insight-text.js';
import { IDENTITY_SCALE } from './prime-scale.js';
import { changeSentence } from './verdict-insight.js';

const market: MarketSearch = {
  category: 'beauty-salon',
  catchmentMetres: 800,
  drivers: [],
  fit: 0.4,
  profileFit: 0.4,
  nearestRoad: null,
  population: null,
};
const driver = (kind: DemandDriver['kind'], amount: number): DemandDriver => ({ kind, amount, value: 0.5, weight: 0.2 });

describe('insight wording', () => {
  it('counts one of a kind in the singular and several in the plural, for every counted kind', () => {
    expect(driverPhrase(driver('universities', 1), market)).toBe('1 college or university');
    expect(driverPhrase(driver('universities', 3), market)).toBe('3 colleges and universities');
    expect(driverPhrase(driver('schools', 1), market)).toBe('1 school');
    expect(driverPhrase(driver('residents', 4028), market)).toBe('4,028 residents');
    for (const [kind, forms] of Object.entries(DEMAND_NOUNS)) {
      if (kind === 'roads' || kind === 'spending') continue;
      expect(driverPhrase(driver(kind as DemandDriver['kind'], 1), market)).toBe(`1 ${forms.one}`);
    }
  });

  it('names no driver with none of its kind (no zero-count filler)', () => {
    expect(driverPhrase(driver('universities', 0), market)).toBeNull();
  });

  it('joins alternatives with "or"', () => {
    expect(joinPhrases(['a', 'b', 'c'], 'or')).toBe('a, b or c');
    expect(joinPhrases(['a', 'b'])).toBe('a and b');
  });

  it('says below the line which sub-score, raised alone from what to what, would pass, and leaves out those that cannot', () => {
    const sentence = changeSentence({
      category: 'coffee',
      breakdown: { transit: 4.6, competitor: 1.2, marketFit: 3.9 },
      score: 4.7,
      passed: false,
      demand: 0.39,
      balance: { pressure: 2, demandPerStore: 1, typical: 2.5, trust: 1 },
      radiusMetres: 500,
      noun: 'coffee',
      transitReference: 10,
      scale: IDENTITY_SCALE,
    });
    expect(sentence).toMatch(/^It would pass if one sub-score alone rose: competition from 1\.2\/10 to \d\.\d\/10\.$/);
  });
});
