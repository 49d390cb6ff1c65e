/**
 * The catchment sums that add whole kd-tree subtrees at once
 * (`PointIndex.forEachRunWithin`: the population within a circle, the
 * demand kinds' places within a catchment) answer exactly as a walk over
 * every point found within (`PointIndex.forEachWithin`), for random circles
 * over the real Liechtenstein pack.
 */
import { CATEGORIES, type Category } from '@locscore/schema';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { demandKindsOf, POI_DEMAND_KINDS } from '../src/market/demand-kinds.js';
import { DemandPoints } from '../src/market/demand-points.js';
import { categoriesOf } from '../src/places/categories.js';
import { PointIndex } from '../src/places/point-index.js';
import { PopulationIndex } from '../src/population/population-index.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { LatLng, RegionData } from '../src/region/types.js';
import { sharedFile, sharedPack } from './region-fixtures.js';

const pbf = sharedFile('liechtenstein/liechtenstein.osm.pbf');

describe.skipIf(pbf === null)('catchment sums by kd-tree runs on the real Liechtenstein pack', () => {
  let region: RegionData;
  /** A random circle: a centre in the pack's box (and a little beyond it), a radius up to 3 km. */
  let circle: fc.Arbitrary<{ centre: LatLng; radius: number }>;

  beforeAll(async () => {
    region = await loadRegion(await sharedPack({ osm: pbf ?? '', name: 'Liechtenstein', boundary: 'Liechtenstein' }));
    const [west, south, east, north] = region.manifest.bbox;
    circle = fc.record({
      centre: fc.record({
        lat: fc.double({ min: south - 0.01, max: north + 0.01, noNaN: true }),
        lng: fc.double({ min: west - 0.01, max: east + 0.01, noNaN: true }),
      }),
      radius: fc.oneof(fc.double({ min: 0, max: 3_000, noNaN: true }), fc.constantFrom(800, 1_000, 1_200, 1_500)),
    });
  });

  it('sums the residents within as the walk over the population points does', () => {
    const points = region.population ?? [];
    expect(points.length).toBeGreaterThan(1_000);
    const index = new PopulationIndex(points);
    const walk = new PointIndex(points);
    fc.assert(
      fc.property(circle, ({ centre, radius }) => {
        let hundredths = 0;
        walk.forEachWithin(centre, radius, (point) => {
          hundredths += Math.round(point.residents * 100);
        });
        expect(index.within(centre, radius)).toEqual({ residents: hundredths / 100, households: null, medianIncome: null, spending: null });
      }),
      { numRuns: 2_000 },
    );
  });

  it('counts each demand kind’s places within, the scored category’s own left out, as the walk over the POIs does', () => {
    const demand = new DemandPoints(region.pois);
    const walk = new PointIndex(region.pois);
    fc.assert(
      fc.property(circle, fc.constantFrom<Category | undefined>(...CATEGORIES, undefined), ({ centre, radius }, exclude) => {
        const expected = Object.fromEntries(POI_DEMAND_KINDS.map((kind) => [kind, 0]));
        walk.forEachWithin(centre, radius, (poi) => {
          if (exclude !== undefined && categoriesOf(poi.tags).includes(exclude)) return;
          for (const kind of demandKindsOf(poi.tags)) expected[kind] = (expected[kind] ?? 0) + 1;
        });
        expect(demand.count(centre, radius, exclude)).toMatchObject(expected);
      }),
      { numRuns: 1_000 },
    );
  });
});
