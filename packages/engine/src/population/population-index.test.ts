import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORIGIN, offset } from '../../test/synthetic-region.js';
import { haversineMetres } from '../region/geometry.js';
import type { PopulationPoint } from '../region/types.js';
import { PopulationIndex } from './population-index.js';

/** 2,500 points on a jittered 40 m grid, incomes by quadrant, households a third of residents. */
const points: PopulationPoint[] = Array.from({ length: 2_500 }, (_, index) => {
  const north = (Math.floor(index / 50) - 25) * 40 + ((index * 7) % 13);
  const east = ((index % 50) - 25) * 40 + ((index * 11) % 17);
  const residents = 1 + (index % 9);
  return {
    ...offset(north, east),
    residents,
    households: Math.round((residents / 3) * 100) / 100,
    income: north > 0 ? (east > 0 ? 90_000 : 60_000) : 40_000,
    area: `q${index % 4}`,
  };
});

/** The sums by scanning every point. */
function brute(list: readonly PopulationPoint[], radius: number, at = ORIGIN) {
  const inside = list.filter((point) => haversineMetres(at, point) <= radius);
  return {
    residents: inside.reduce((s, p) => s + p.residents, 0),
    households: inside.reduce((s, p) => s + (p.households ?? 0), 0),
    spending: inside.reduce((s, p) => s + (p.income ?? 0) * (p.households ?? 0), 0),
  };
}

describe('PopulationIndex', () => {
  const index = new PopulationIndex(points);

  it('sums residents, households and spending within a circle as a scan of every point does', () => {
    for (const radius of [0, 35, 400, 800, 1_000, 1_500]) {
      for (const at of [ORIGIN, offset(300, -420), offset(-990, 990)]) {
        const expected = brute(points, radius, at);
        const found = index.within(at, radius);
        expect(found.residents).toBeCloseTo(expected.residents, 2);
        expect(found.households ?? 0).toBeCloseTo(expected.households, 2);
        expect(Math.abs((found.spending ?? 0) - expected.spending)).toBeLessThanOrEqual(found.residents);
      }
    }
    expect(index.within(ORIGIN, -1)).toEqual({ residents: 0, households: 0, medianIncome: null, spending: 0 });
  });

  it('gives the households-weighted median income', () => {
    expect(index.within(offset(500, 500), 200).medianIncome).toBe(90_000);
    expect(index.within(offset(500, -500), 200).medianIncome).toBe(60_000);
    // 26 of the 50 rows lie south of the origin, at 40,000: more than half of the households.
    expect(index.within(ORIGIN, 2_000).medianIncome).toBe(40_000);
    const plain = new PopulationIndex([{ ...ORIGIN, residents: 10 }]);
    expect(plain.within(ORIGIN, 100)).toEqual({ residents: 10, households: null, medianIncome: null, spending: null });
    expect(new PopulationIndex([]).within(ORIGIN, 100).residents).toBe(0);
    expect(() => new PopulationIndex([{ lat: Number.NaN, lng: 0, residents: 1 }])).toThrow(/items\[0\]/);
  });

  it('never finds fewer residents or households when a point is added', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_200, max: 1_200 }),
        fc.integer({ min: -1_200, max: 1_200 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 100, max: 1_500 }),
        (north, east, residents, radius) => {
          const more = new PopulationIndex([...points.slice(0, 400), { ...offset(north, east), residents, households: residents / 2, income: 50_000 }]);
          const before = new PopulationIndex(points.slice(0, 400)).within(ORIGIN, radius);
          const after = more.within(ORIGIN, radius);
          expect(after.residents).toBeGreaterThanOrEqual(before.residents);
          expect(after.households ?? 0).toBeGreaterThanOrEqual(before.households ?? 0);
          expect(after.spending ?? 0).toBeGreaterThanOrEqual(before.spending ?? 0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('answers exactly as a walk over every point within, for any circle', () => {
    // Incomes in 7 groups, some points without one; a second layer without households weighs the median by residents.
    const varied: PopulationPoint[] = points.map(({ income: _income, ...point }, i) =>
      i % 11 === 0 ? point : { ...point, income: 30_000 + 10_000 * ((i * 5) % 7) },
    );
    const noHouseholds: PopulationPoint[] = varied.map(({ households: _households, ...point }) => point);
    const layers = [varied, noHouseholds].map((layer) => ({ layer, index: new PopulationIndex(layer) }));
    const metres = fc.integer({ min: -1_300, max: 1_300 });
    fc.assert(
      fc.property(metres, metres, fc.double({ min: 0, max: 2_000, noNaN: true }), fc.integer({ min: 0, max: 1 }), (north, east, radius, which) => {
        const { layer, index } = layers[which] ?? { layer: [], index: new PopulationIndex([]) };
        const at = offset(north, east);
        const inside = layer.filter((point) => haversineMetres(at, point) <= radius);
        const hundredths = (value: number | undefined): number => Math.round((value ?? 0) * 100);
        const weightOf = (point: PopulationPoint): number => (which === 0 ? hundredths(point.households) : hundredths(point.residents));
        const incomes = inside.filter((point) => point.income !== undefined && weightOf(point) > 0).sort((a, b) => (a.income ?? 0) - (b.income ?? 0));
        const total = incomes.reduce((sum, point) => sum + weightOf(point), 0);
        let cumulative = 0;
        const median = incomes.find((point) => {
          cumulative += weightOf(point);
          return cumulative >= total / 2;
        });
        expect(index.within(at, radius)).toEqual({
          residents: inside.reduce((sum, point) => sum + hundredths(point.residents), 0) / 100,
          households: which === 0 ? inside.reduce((sum, point) => sum + hundredths(point.households), 0) / 100 : null,
          medianIncome: median?.income ?? null,
          spending: inside.reduce(
            (sum, point) => sum + (point.income === undefined ? 0 : Math.round(point.income * (which === 0 ? (point.households ?? 0) : point.residents))),
            0,
          ),
        });
      }),
      { numRuns: 300 },
    );
  });
});
