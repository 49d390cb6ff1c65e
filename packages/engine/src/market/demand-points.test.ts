import { describe, expect, it } from 'vitest';
import { addressGrid, ORIGIN, offset, poi } from '../../test/synthetic-region.js';
import { PointIndex } from '../places/point-index.js';
import { demandKindsOf, POI_DEMAND_KINDS } from './demand-kinds.js';
import { DemandPoints } from './demand-points.js';

describe('DemandPoints', () => {
  const addresses = addressGrid(900, 35);
  const tags: Array<Record<string, string>> = [
    { office: 'company' },
    { amenity: 'school' },
    { shop: 'bakery', office: 'yes' },
    { amenity: 'cafe' },
    { leisure: 'park' },
    { amenity: 'bench' },
    { building: 'university' },
    { healthcare: 'doctor' },
  ];
  const pois = Array.from({ length: 300 }, (_, index) => poi(tags[index % tags.length] ?? {}, ((index * 37) % 1_700) - 850, ((index * 53) % 1_900) - 950));

  it('counts each kind as one PointIndex per kind would', () => {
    const points = new DemandPoints(addresses, pois);
    const addressIndex = new PointIndex(addresses);
    const perKind = POI_DEMAND_KINDS.map((kind) => [kind, new PointIndex(pois.filter((item) => demandKindsOf(item.tags).includes(kind)))] as const);
    for (const from of [ORIGIN, offset(400, -300), offset(-900, 900)]) {
      for (const radius of [0, 120, 800, 1_500]) {
        const counts = points.count(from, radius);
        expect(counts.addresses).toBe(addressIndex.countWithin(from, radius));
        for (const [kind, index] of perKind) expect(counts[kind]).toBe(index.countWithin(from, radius));
      }
    }
    expect(points.count(ORIGIN, 1_500).offices).toBeGreaterThan(0);
    expect(Object.values(new DemandPoints([], []).count(ORIGIN, 800))).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(() => new DemandPoints(addresses, [poi({ shop: 'bakery' }, 0, 0), { ...poi({ shop: 'books' }, 0, 0), lat: Number.NaN }])).toThrow(/items\[1\]/);
  });
});
