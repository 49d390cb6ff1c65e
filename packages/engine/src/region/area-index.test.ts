import { describe, expect, it } from 'vitest';
import { AreaIndex, areaBBox, areaIndexOf } from './area-index.js';
import type { Area } from './types.js';

const square = (id: string, min: number, max: number, hole?: [number, number]): Area => ({
  id,
  kind: 'administrative',
  name: id,
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
      ...(hole === undefined
        ? []
        : [
            [
              [hole[0], hole[0]],
              [hole[0], hole[1]],
              [hole[1], hole[1]],
              [hole[1], hole[0]],
              [hole[0], hole[0]],
            ],
          ]),
    ],
  },
});

describe('AreaIndex', () => {
  const country = square('country', 0, 10);
  const town = square('town', 1, 3, [1.5, 2]);
  const other = square('other', 5, 6);
  const index = new AreaIndex([country, town, other]);

  it('finds the areas holding a point, innermost first', () => {
    expect(index.containing({ lng: 2.5, lat: 2.5 }).map((a) => a.id)).toEqual(['town', 'country']);
    expect(index.containing({ lng: 5.5, lat: 5.5 }).map((a) => a.id)).toEqual(['other', 'country']);
    expect(index.containing({ lng: 20, lat: 20 })).toEqual([]);
  });

  it('leaves out a point in a hole, and applies the filter', () => {
    expect(index.containing({ lng: 1.7, lat: 1.7 }).map((a) => a.id)).toEqual(['country']);
    expect(index.containing({ lng: 2.5, lat: 2.5 }, (a) => a.id !== 'town').map((a) => a.id)).toEqual(['country']);
  });

  it('works without areas, and caches one index per areas array', () => {
    expect(new AreaIndex([]).containing({ lng: 0, lat: 0 })).toEqual([]);
    const region = { areas: [country] };
    expect(areaIndexOf(region)).toBe(areaIndexOf(region));
    expect(areaBBox(town)).toEqual([1, 1, 3, 3]);
  });
});
