import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORIGIN, offset } from '../../test/synthetic-region.js';
import { haversineMetres } from '../region/geometry.js';
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

describe('PointIndex against a brute-force scan', () => {
  // 400 points on a jittered grid, with a cluster of 6 points at one spot and a pair at another.
  const grid = Array.from({ length: 400 }, (_, index) => offset(((index % 20) - 10) * 37 + (index % 7), (Math.floor(index / 20) - 10) * 41 - (index % 5)));
  const pile = offset(123, -77);
  const pair = offset(-200, 300);
  const points = [...grid.slice(0, 150), pile, pair, pile, pile, ...grid.slice(150), pile, pair, pile, pile];
  const index = new PointIndex(points);
  const brute = (from: { lat: number; lng: number }, radius: number) =>
    points
      .map((item, id) => ({ item, id, distanceMetres: haversineMetres(from, item) }))
      .filter(({ distanceMetres }) => distanceMetres <= radius)
      .sort((a, b) => a.distanceMetres - b.distanceMetres || a.id - b.id);

  it('lists and counts exactly the points within the radius, nearest first, and finds a nearest point', () => {
    for (const from of [ORIGIN, offset(500, 500), offset(-3_000, 0), pile, pair, offset(123.5, -77)]) {
      for (const radius of [0, 10, 40, 333, 800, 1_500]) {
        const expected = brute(from, radius);
        expect(index.within(from, radius)).toEqual(expected.map(({ item, distanceMetres }) => ({ item, distanceMetres })));
        expect(index.countWithin(from, radius)).toBe(expected.length);
        const visited: number[] = [];
        index.forEachWithin(from, radius, (item, id) => {
          expect(points[id]).toBe(item);
          visited.push(id);
        });
        expect(visited.sort((a, b) => a - b)).toEqual(expected.map(({ id }) => id).sort((a, b) => a - b));
      }
      const nearest = brute(from, 5_000)[0];
      const found = index.nearest(from, 5_000);
      expect(found?.distanceMetres).toBe(nearest?.distanceMetres);
      // Where several points share the nearest spot (`pile`, `pair`), any of them may be returned.
      expect(found?.item).toEqual(nearest?.item);
    }
  });
});

describe('PointIndex anywhere on the globe', () => {
  const coordinate = fc.record({ lat: fc.double({ min: -90, max: 90, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) });
  it('lists, counts and finds exactly what a scan finds, near the poles and across the antimeridian too', () => {
    fc.assert(
      fc.property(
        fc.array(coordinate, { minLength: 1, maxLength: 60 }),
        coordinate,
        fc.double({ min: 0, max: 3_000_000, noNaN: true }),
        (items, from, radius) => {
          const index = new PointIndex(items);
          const distances = items.map((item) => haversineMetres(from, item));
          const inside = distances
            .flatMap((distance, id) => (distance <= radius ? [{ id, distance }] : []))
            .sort((a, b) => a.distance - b.distance || a.id - b.id);
          expect(index.within(from, radius).map(({ item }) => items.indexOf(item))).toEqual(inside.map(({ id }) => id));
          expect(index.countWithin(from, radius)).toBe(inside.length);
          expect(index.nearest(from, radius)?.distanceMetres ?? null).toBe(inside[0]?.distance ?? null);
        },
      ),
      { numRuns: 500 },
    );
    // Across the antimeridian: 179.999° E and 179.999° W are 222 m apart at the equator.
    const east = { lat: 0, lng: 179.999 };
    const west = { lat: 0, lng: -179.999 };
    expect(new PointIndex([west]).within(east, 300).map(({ item }) => item)).toEqual([west]);
    expect(new PointIndex([west]).countWithin(east, 300)).toBe(1);
  });

  it('visits by runs and single items exactly the items forEachWithin finds, each once', () => {
    // 3,000 points on a jittered 30 m grid with duplicates, so that many kd-tree subtrees lie wholly inside a circle.
    const dense = Array.from({ length: 3_000 }, (_, i) => offset((Math.floor(i / 60) - 25) * 30 + ((i * 7) % 11), ((i % 60) - 30) * 30 + ((i * 13) % 17)));
    dense.push(...dense.slice(0, 40));
    const index = new PointIndex(dense);
    const metres = fc.integer({ min: -1_800, max: 1_800 });
    let runs = 0;
    fc.assert(
      fc.property(metres, metres, fc.double({ min: 0, max: 2_500, noNaN: true }), (north, east, radius) => {
        const centre = offset(north, east);
        const expected: number[] = [];
        index.forEachWithin(centre, radius, (_item, id) => expected.push(id));
        const visited: number[] = [];
        index.forEachRunWithin(centre, radius, {
          run: (from, to) => {
            runs += 1;
            for (let position = from; position <= to; position++) visited.push(index.order[position] ?? -1);
          },
          item: (id) => visited.push(id),
        });
        expect(visited.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
      }),
      { numRuns: 400 },
    );
    expect(runs).toBeGreaterThan(0);
    // Across the antimeridian, item by item; nothing for a negative radius or an empty layer.
    const west = { lat: 0, lng: -179.999 };
    const found: number[] = [];
    new PointIndex([west]).forEachRunWithin({ lat: 0, lng: 179.999 }, 300, { run: () => found.push(-1), item: (id) => found.push(id) });
    expect(found).toEqual([0]);
    index.forEachRunWithin(ORIGIN, -1, { run: () => found.push(-1), item: (id) => found.push(id) });
    new PointIndex([]).forEachRunWithin(ORIGIN, 100, { run: () => found.push(-1), item: (id) => found.push(id) });
    expect(found).toEqual([0]);
  });
});
