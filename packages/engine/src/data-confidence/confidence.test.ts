import { describe, expect, it } from 'vitest';
import { offset } from '../../test/synthetic-region.js';
import type { AddressPoint, Poi, PopulationPoint } from '../region/types.js';
import { assessConfidence, type ConfidenceInput } from './confidence.js';
import { CoverageGrid } from './coverage-grid.js';

/** A square town: a population point, an address and a POI every 100 m over 3 km; `poisEvery` thins the addresses and POIs east of the centre. */
function town(poisEvery: number): { addresses: AddressPoint[]; pois: Poi[]; population: PopulationPoint[] } {
  const addresses: AddressPoint[] = [];
  const pois: Poi[] = [];
  const population: PopulationPoint[] = [];
  for (let north = -1_500; north <= 1_500; north += 100) {
    for (let east = -1_500; east <= 1_500; east += 100) {
      const at = offset(north, east);
      population.push({ ...at, residents: 20 });
      if (east >= 0 && (east / 100) % poisEvery !== 0) continue;
      addresses.push({ ...at, housenumber: '1', street: 'Teststrasse', osmId: `n${north}_${east}` });
      pois.push({ ...at, id: `p${north}_${east}`, name: null, tags: { shop: 'bakery' }, rating: null });
    }
  }
  return { addresses, pois, population };
}

const input = (grid: CoverageGrid, east: number, extra: Partial<ConfidenceInput> = {}): ConfidenceInput => ({
  coverage: grid.at(offset(0, east)),
  categoryPlaces: 10,
  categoryNoun: 'coffee',
  regionName: 'Testland',
  populationMethod: 'census',
  packSpanMetres: 20_000,
  catchmentMetres: 800,
  ...extra,
});

describe('data confidence', () => {
  it('reads a trade area mapped like the region’s core as high, and one with a tenth of its addresses and places per resident as low', () => {
    const grid = new CoverageGrid(town(10));
    const core = assessConfidence(input(grid, -1_000));
    expect(core.level).toBe('high');
    expect(core.competitionTrust).toBe(1);
    const sparse = assessConfidence(input(grid, 1_000));
    expect(sparse.level).toBe('low');
    expect(sparse.reasons[0]).toMatch(/^The trade area is sparsely mapped compared with Testland's well-mapped core/);
    expect(sparse.competitionTrust).toBeLessThan(core.competitionTrust);
  });

  it('says a category with no mapped place in the region is unknown competition: low, trust 0, its reason first', () => {
    const result = assessConfidence(input(new CoverageGrid(town(1)), 0, { categoryPlaces: 0 }));
    expect(result.level).toBe('low');
    expect(result.competitionTrust).toBe(0);
    expect(result.reasons[0]).toBe('No coffee place is mapped anywhere in Testland: the competition is unknown, not absent.');
  });

  it('caps at medium, with the reason, for estimated population, a pack narrower than the trade area, few places or a street-level match', () => {
    const grid = new CoverageGrid(town(1));
    expect(assessConfidence(input(grid, 0)).level).toBe('high');
    const cases: Array<[Partial<ConfidenceInput>, RegExp]> = [
      [{ populationMethod: 'estimate' }, /estimated from residential building footprints/],
      [{ populationMethod: null }, /no population layer/],
      [{ packSpanMetres: 740 }, /spans only 740 m across, less than this category's 1,600 m trade area/],
      [{ categoryPlaces: 2 }, /Only 2 coffee places are mapped in Testland/],
      [{ precision: 'street' }, /located only at its street/],
    ];
    for (const [extra, reason] of cases) {
      const result = assessConfidence(input(grid, 0, extra));
      expect(result.level).toBe('medium');
      expect(result.reasons.join(' ')).toMatch(reason);
    }
  });

  it('cannot judge completeness where too few people live, and says so', () => {
    const grid = new CoverageGrid(town(1));
    const result = assessConfidence(input(grid, 10_000));
    expect(grid.at(offset(0, 10_000)).completeness).toBeNull();
    expect(result.level).toBe('medium');
    expect(result.reasons[0]).toMatch(/^Too few residents around/);
  });
});
