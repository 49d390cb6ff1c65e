import { describe, expect, it } from 'vitest';
import { haversineMetres } from '../region/geometry.js';
import { ORIGIN, offset } from '../../test/synthetic-region.js';
import { PointIndex } from './point-index.js';

describe('PointIndex', () => {
  const points = [offset(0, 900), offset(100, 0), offset(-300, 0), offset(0, 2_000), offset(5, 5)];
  const index = new PointIndex(points);

  it('lists points within a radius nearest first, with haversine distances', () => {
    const found = index.within(ORIGIN, 1_000);
    expect(found.map(({ item }) => points.indexOf(item))).toEqual([4, 1, 2, 0]);
    for (const { item, distanceMetres } of found) expect(distanceMetres).toBeCloseTo(haversineMetres(ORIGIN, item), 6);
    expect(found[1]?.distanceMetres).toBeGreaterThan(99);
    expect(found[1]?.distanceMetres).toBeLessThan(101);
  });

  it('finds the nearest point passing a predicate, or null beyond the radius', () => {
    expect(index.nearest(ORIGIN, 5_000)?.item).toBe(points[4]);
    expect(index.nearest(ORIGIN, 5_000, (point) => point.lng > ORIGIN.lng + 0.005)?.item).toBe(points[0]);
    expect(index.nearest(offset(0, 10_000), 1_000)).toBeNull();
  });

  it('counts without sorting and agrees with within()', () => {
    for (const radius of [0, 50, 150, 350, 950, 2_500]) expect(index.countWithin(ORIGIN, radius)).toBe(index.within(ORIGIN, radius).length);
  });

  it('answers empty for an empty layer and rejects non-finite coordinates naming the item', () => {
    const empty = new PointIndex([]);
    expect(empty.within(ORIGIN, 1_000)).toEqual([]);
    expect(empty.nearest(ORIGIN, 1_000)).toBeNull();
    expect(empty.countWithin(ORIGIN, 1_000)).toBe(0);
    expect(() => new PointIndex([ORIGIN, { lat: Number.NaN, lng: 1 }])).toThrow(/items\[1\]/);
  });
});
