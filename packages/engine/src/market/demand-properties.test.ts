import { CATEGORIES, type Category, roundScore } from '@locscore/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORIGIN, offset, poi } from '../../test/synthetic-region.js';
import type { PopulationPoint } from '../region/types.js';
import { fallbackWeights } from './market-fit.js';
import { MarketIndex } from './market-index.js';
import { MARKET_PROFILES } from './profiles.js';

const category = fc.constantFrom<Category>(...CATEGORIES);
const spot = fc.record({
  north: fc.integer({ min: -1_600, max: 1_600 }),
  east: fc.integer({ min: -1_600, max: 1_600 }),
  residents: fc.integer({ min: 1, max: 3_000 }),
});
const toPoint = ({ north, east, residents }: { north: number; east: number; residents: number }, income: boolean): PopulationPoint => ({
  ...offset(north, east),
  residents,
  households: Math.round(residents / 2.2),
  ...(income ? { income: 40_000 + ((north + 1_600) % 7) * 10_000 } : {}),
});
const layers = { addresses: [], pois: [poi({ office: 'company' }, 100, 0), poi({ shop: 'bakery' }, -50, 0)], roads: [], census: [] };

describe('demand in people (properties)', () => {
  it('more residents or households in a region never lower the demand sub-score, its constants held', () => {
    fc.assert(
      fc.property(category, fc.array(spot, { maxLength: 25 }), spot, fc.boolean(), (cat, existing, extra, income) => {
        const population = existing.map((s) => toPoint(s, income));
        const calibrated = new MarketIndex({ ...layers, population: [...population, toPoint({ north: 0, east: 0, residents: 500 }, income)] });
        const before = new MarketIndex(
          { ...layers, population: [...population, toPoint({ north: 0, east: 0, residents: 500 }, income)] },
          { scales: calibrated.scales, fitRanks: calibrated.fitRanks },
        );
        const after = new MarketIndex(
          { ...layers, population: [...population, toPoint({ north: 0, east: 0, residents: 500 }, income), toPoint(extra, income)] },
          { scales: calibrated.scales, fitRanks: calibrated.fitRanks },
        );
        const score = (index: MarketIndex) => roundScore(10 * index.search(ORIGIN, cat).fit);
        expect(score(after)).toBeGreaterThanOrEqual(score(before));
      }),
      { numRuns: 150 },
    );
  });

  it('measures the region’s own distribution: a kind the region lacks (no place to eat) drops out, and a central address ranks high on people', () => {
    const population = Array.from({ length: 400 }, (_, i) => toPoint({ north: (i % 20) * 80 - 800, east: Math.floor(i / 20) * 80 - 800, residents: 20 }, true));
    const addresses = population.map((p, i) => ({ ...p, housenumber: String(i), street: 'Teststrasse', osmId: `n${i}` }));
    const index = new MarketIndex({ ...layers, addresses, population });
    const scales = index.scales.get(MARKET_PROFILES['dry-cleaning'].catchmentMetres);
    expect(scales?.residents).toBeGreaterThan(0);
    const { drivers } = index.search(addresses[210] ?? ORIGIN, 'dry-cleaning');
    expect(drivers.map((d) => d.kind)).toEqual(['households', 'spending', 'offices', 'retail']);
    for (const driver of drivers.filter((d) => d.kind === 'households' || d.kind === 'spending')) expect(driver.value).toBeGreaterThan(0.5);
    const corner = index.search(addresses[0] ?? ORIGIN, 'dry-cleaning').drivers.find((d) => d.kind === 'households');
    expect(corner?.value).toBeLessThan(0.5);
  });

  it('hands a people weight the region cannot measure down to the next kind, keeping the total', () => {
    for (const cat of CATEGORIES) {
      const weights = MARKET_PROFILES[cat].weights;
      const people = weights.residents + weights.households + weights.spending;
      expect(fallbackWeights(weights, {}).addresses).toBe(people);
      const noIncome = fallbackWeights(weights, { residents: 1, households: 1 });
      expect(noIncome.spending).toBe(0);
      expect(noIncome.households + noIncome.residents).toBe(people);
    }
  });
});
