import { describe, expect, it } from 'vitest';
import { chooseCoverage, coverageTest, findBoundary, isWide, nearBox } from './coverage.js';
import type { Area } from './types.js';

const square = (id: string, name: string, min: number, max: number, adminLevel = 8): Area => ({
  id,
  kind: 'administrative',
  name,
  adminLevel,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [min, min],
        [max, min],
        [max, max],
        [min, max],
        [min, min],
      ],
    ],
  },
});

describe('coverage', () => {
  const areas = [square('r1', 'Vaduz', 0, 1), square('r2', 'Schaan', 1, 2), square('r3', 'Buchs (SG)', 2, 3), square('r4', 'Buchs', 4, 5, 9)];
  const skipped = [{ id: 'r16239', name: 'Österreich', reason: 'its rings do not close' }];

  it('finds the boundary by relation id in any of its spellings, or by its folded name', () => {
    for (const spec of ['1', 'r1', 'relation/1', 'vaduz', ' VADUZ ']) expect(findBoundary(spec, areas, skipped).id).toBe('r1');
    expect(findBoundary('Buchs (SG)', areas, skipped).id).toBe('r3');
  });

  it('says why a boundary cannot be used: unknown, several of that name, or its rings cut at the extract edge', () => {
    expect(() => findBoundary('Zürich', areas, skipped)).toThrow(/no administrative boundary named "Zürich".*Vaduz \(r1, admin level 8\)/);
    expect(() => findBoundary('16239', areas, skipped)).toThrow(/r16239 \(Österreich\) is in the extract but cannot be used: its rings do not close/);
    expect(() => findBoundary('Österreich', areas, skipped)).toThrow(/cannot be used/);
    expect(() => findBoundary('99', areas, skipped)).toThrow(/no administrative boundary relation r99/);
    const twice = [...areas, square('r5', 'Vaduz', 7, 8)];
    expect(() => findBoundary('Vaduz', twice, skipped)).toThrow(/names 2 boundaries: Vaduz \(r1.*Vaduz \(r5.*give the relation id/);
  });

  it('covers the boundary polygon, else the declared box, else the data box', () => {
    const vaduz = areas[0] ?? square('x', 'x', 0, 0);
    const byBoundary = chooseCoverage(vaduz, [0, 0, 9, 9], [0, 0, 50, 50]);
    expect(byBoundary).toEqual({ source: 'boundary', bbox: [0, 0, 1, 1], areaId: 'r1', name: 'Vaduz' });
    expect(chooseCoverage(null, [0, 0, 9, 9], [0, 0, 50, 50])).toEqual({ source: 'declared', bbox: [0, 0, 9, 9] });
    expect(chooseCoverage(null, null, [0, 0, 50, 50])).toEqual({ source: 'data', bbox: [0, 0, 50, 50] });
    const inside = coverageTest(byBoundary, vaduz);
    expect(inside({ lng: 0.5, lat: 0.5 })).toBe(true);
    expect(inside({ lng: 1, lat: 0.5 })).toBe(true);
    expect(inside({ lng: 1.5, lat: 0.5 })).toBe(false);
  });

  it('widens a box by metres for transit stops, and flags boxes wider than 10°', () => {
    const near = nearBox([9.47, 47.04, 9.64, 47.27], 5_000);
    expect(near({ lng: 9.64 + 0.06, lat: 47.2 })).toBe(true); // ~4.5 km east
    expect(near({ lng: 9.64 + 0.08, lat: 47.2 })).toBe(false); // ~6 km east
    expect(near({ lng: 9.5, lat: 47.27 + 0.05 })).toBe(false); // ~5.6 km north
    expect(isWide([-86.95, 32.32, 9.64, 47.27])).toBe(true);
    expect(isWide([9.47, 47.04, 9.64, 47.27])).toBe(false);
    expect(isWide([0, 0, 1, 10.5])).toBe(true);
  });
});
