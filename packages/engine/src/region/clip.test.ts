import { describe, expect, it } from 'vitest';
import { clipToCoverage } from './clip.js';
import type { LatLng, RegionData } from './types.js';

const at = (lng: number, lat: number): LatLng => ({ lat, lng });

describe('clipToCoverage', () => {
  it('leaves out points outside, lines without a vertex inside, far transit stops and areas beyond the box, and counts them', () => {
    const data = {
      addresses: [
        { ...at(0.5, 0.5), housenumber: '1', street: 'A', osmId: 'n1' },
        { ...at(-86, 32), housenumber: '2', street: 'B', osmId: 'n2' },
      ],
      pois: [{ ...at(-86, 32), id: 'n3', name: null, tags: {}, rating: null }],
      census: [],
      stations: [{ ...at(1.2, 0.5), id: 's', name: 'S', modes: [], sources: [] }],
      busStops: [{ ...at(3, 3), id: 'b', name: null, sources: [] }],
      streets: [
        { name: 'A', lines: [[at(-1, 0.5), at(0.5, 0.5)]] },
        { name: 'C', lines: [[at(5, 5), at(6, 6)]] },
      ],
      interpolations: [],
      roads: [],
      areas: [],
    } as unknown as RegionData;
    const inside = (p: LatLng): boolean => p.lng >= 0 && p.lng <= 1 && p.lat >= 0 && p.lat <= 1;
    const near = (p: LatLng): boolean => p.lng >= -0.5 && p.lng <= 1.5 && p.lat >= -0.5 && p.lat <= 1.5;
    const leftOut = clipToCoverage(data, { inside, nearForTransit: near, overlaps: () => true });
    expect(leftOut).toEqual({ addresses: 1, pois: 1, busStops: 1, streets: 1 });
    expect(data.addresses.map((a) => a.osmId)).toEqual(['n1']);
    expect(data.stations).toHaveLength(1);
    expect(data.streets.map((s) => s.name)).toEqual(['A']);
  });
});
