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

/** The reference of a well-mapped trade area in these tests: the town's own density (one address and one place per 20 residents). */
const REFERENCE = { addressesPerResident: 0.05, poisPerResident: 0.05 };

describe('data confidence', () => {
  it('reads a trade area mapped like a well-mapped city as high, and one with a tenth of its addresses and places per resident as low', () => {
    const grid = new CoverageGrid(town(10), REFERENCE);
    const core = assessConfidence(input(grid, -1_000));
    expect(core.level).toBe('high');
    expect(core.competitionKnown).toBe(true);
    const sparse = assessConfidence(input(grid, 1_000));
    expect(sparse.level).toBe('low');
    expect(sparse.reasons[0]).toMatch(/^The trade area is sparsely mapped compared with a well-mapped city/);
    expect(sparse.competitionKnown).toBe(false);
  });

  it('says a category with no mapped place in the pack is unknown competition: low, not known, its reason first', () => {
    const result = assessConfidence(input(new CoverageGrid(town(1), REFERENCE), 0, { categoryPlaces: 0 }));
    expect(result.level).toBe('low');
    expect(result.competitionKnown).toBe(false);
    expect(result.reasons[0]).toBe('No coffee place is mapped anywhere in the Testland pack: the competition is unknown, not absent.');
  });

  it('caps at low, reason first, for a pack narrower than the trade area or an address not located at a mapped address point', () => {
    const grid = new CoverageGrid(town(1), REFERENCE);
    const cases: Array<[Partial<ConfidenceInput>, RegExp]> = [
      [{ packSpanMetres: 740 }, /spans only 740 m across, less than this category's 1,600 m trade area/],
      [{ precision: 'street' }, /located only at its street/],
      [{ precision: 'interpolated' }, /located by interpolating house numbers/],
      [{ precision: 'approximate' }, /located approximately/],
    ];
    for (const [extra, reason] of cases) {
      const result = assessConfidence(input(grid, 0, extra));
      expect(result.level).toBe('low');
      expect(result.reasons[0]).toMatch(reason);
    }
    expect(assessConfidence(input(grid, 0, { packSpanMetres: 740 })).competitionKnown).toBe(false);
  });

  it('caps at medium, with the reason, for estimated population, few places or an expired timetable', () => {
    const grid = new CoverageGrid(town(1), REFERENCE);
    expect(assessConfidence(input(grid, 0)).level).toBe('high');
    const cases: Array<[Partial<ConfidenceInput>, RegExp]> = [
      [{ populationMethod: 'estimate' }, /estimated from residential building footprints/],
      [{ populationMethod: null }, /no population layer/],
      [{ categoryPlaces: 2 }, /Only 2 coffee places are mapped in the Testland pack/],
      [{ expiredFeeds: ['mta-subway.zip'] }, /The timetable mta-subway.zip has expired/],
    ];
    for (const [extra, reason] of cases) {
      const result = assessConfidence(input(grid, 0, extra));
      expect(result.level).toBe('medium');
      expect(result.reasons.join(' ')).toMatch(reason);
    }
  });

  it('cannot judge completeness where too few people live, and says so', () => {
    const grid = new CoverageGrid(town(1), REFERENCE);
    const result = assessConfidence(input(grid, 10_000));
    expect(grid.at(offset(0, 10_000)).completeness).toBeNull();
    expect(result.level).toBe('medium');
    expect(result.competitionKnown).toBe(false);
    expect(result.reasons[0]).toMatch(/^Too few residents around/);
  });

  it('puts a point in the same global cell whatever else the pack holds', () => {
    const whole = new CoverageGrid(town(1), REFERENCE);
    const west = town(1);
    const cut = new CoverageGrid(
      {
        addresses: west.addresses.filter((a) => a.lng < offset(0, 600).lng),
        pois: west.pois.filter((a) => a.lng < offset(0, 600).lng),
        population: west.population.filter((a) => a.lng < offset(0, 600).lng),
      },
      REFERENCE,
    );
    expect(cut.at(offset(0, -800))).toEqual(whole.at(offset(0, -800)));
  });
});
