import { describe, expect, it } from 'vitest';
import { ORIGIN, offset, poi } from '../../test/synthetic-region.js';
import { categoriesOf } from '../places/categories.js';
import { PointIndex } from '../places/point-index.js';
import { haversineMetres } from '../region/geometry.js';
import type { Poi } from '../region/types.js';
import { demandKindsOf, POI_DEMAND_KINDS } from './demand-kinds.js';
import { CLUSTER_RANK, DemandPoints, DISTRICT_RANK, FRONTAGE_METRES, NEAR_PLACES_METRES } from './demand-points.js';

/** A shop, a place to eat or drink, a practice, a place of a franchise category or a craft: the businesses the nearest-place distance reads. */
const isBusiness = (item: Poi): boolean =>
  demandKindsOf(item.tags).some((kind) => kind === 'retail' || kind === 'dining' || kind === 'healthcare') ||
  categoriesOf(item.tags).length > 0 ||
  item.tags.craft !== undefined;

describe('DemandPoints', () => {
  const tags: Array<Record<string, string>> = [
    { office: 'company' },
    { amenity: 'school' },
    { shop: 'bakery', office: 'yes' },
    { amenity: 'cafe' },
    { leisure: 'park' },
    { amenity: 'bench' },
    { building: 'university' },
    { healthcare: 'doctor' },
    { tourism: 'museum' },
    { amenity: 'pharmacy' },
  ];
  const pois = Array.from({ length: 300 }, (_, index) => poi(tags[index % tags.length] ?? {}, ((index * 37) % 1_700) - 850, ((index * 53) % 1_900) - 950));

  it('counts each kind as one PointIndex per kind would, every mapped place near the door, and the nearest, third and tenth nearest business', () => {
    const points = new DemandPoints(pois);
    const perKind = POI_DEMAND_KINDS.map((kind) => [kind, new PointIndex(pois.filter((item) => demandKindsOf(item.tags).includes(kind)))] as const);
    const all = new PointIndex(pois);
    for (const from of [ORIGIN, offset(400, -300), offset(-900, 900)]) {
      for (const radius of [0, 120, 800, 1_500]) {
        const counts = points.count(from, radius);
        for (const [kind, index] of perKind) expect(counts[kind]).toBe(index.countWithin(from, radius));
        expect(counts.places).toBe(all.countWithin(from, NEAR_PLACES_METRES));
        expect(counts.frontage).toBe(all.countWithin(from, FRONTAGE_METRES));
        expect(counts.nearestPlaceMetres).toBe(all.nearest(from, NEAR_PLACES_METRES, isBusiness)?.distanceMetres ?? null);
        const businesses = all
          .within(from, NEAR_PLACES_METRES, isBusiness)
          .map(({ distanceMetres }) => distanceMetres)
          .sort((a, b) => a - b);
        expect(counts.clusterMetres).toBe(businesses[CLUSTER_RANK - 1] ?? null);
        expect(counts.districtMetres).toBe(businesses[DISTRICT_RANK - 1] ?? null);
      }
    }
    expect(points.count(ORIGIN, 1_500).offices).toBeGreaterThan(0);
    const { nearestPlaceMetres, clusterMetres, districtMetres, ...none } = new DemandPoints([]).count(ORIGIN, 800);
    expect([nearestPlaceMetres, clusterMetres, districtMetres]).toEqual([null, null, null]);
    expect(Object.values(none).every((count) => count === 0)).toBe(true);
    expect(() => new DemandPoints([poi({ shop: 'bakery' }, 0, 0), { ...poi({ shop: 'books' }, 0, 0), lat: Number.NaN }])).toThrow(/items\[1\]/);
  });

  it("leaves the scored category's own places out of its demand", () => {
    const points = new DemandPoints(pois);
    const cafes = pois.filter((item) => categoriesOf(item.tags).includes('coffee'));
    const near = cafes.filter((item) => haversineMetres(ORIGIN, item) <= 800).length;
    expect(near).toBeGreaterThan(0);
    expect(points.count(ORIGIN, 800).dining - points.count(ORIGIN, 800, 'coffee').dining).toBe(near);
    const pharmacies = pois.filter((item) => categoriesOf(item.tags).includes('pharmacy-health') && haversineMetres(ORIGIN, item) <= NEAR_PLACES_METRES).length;
    expect(points.count(ORIGIN, 800).places - points.count(ORIGIN, 800, 'pharmacy-health').places).toBe(pharmacies);
    const others = pois.filter((item) => !categoriesOf(item.tags).includes('pharmacy-health'));
    expect(points.count(ORIGIN, 800, 'pharmacy-health').nearestPlaceMetres).toBe(
      new PointIndex(others).nearest(ORIGIN, NEAR_PLACES_METRES, isBusiness)?.distanceMetres ?? null,
    );
  });
});
