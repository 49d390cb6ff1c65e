import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { beforeAll, describe, expect, it } from 'vitest';
import { MarketIndex } from '../src/market/market-index.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import { sharedFile, sharedPack } from './region-fixtures.js';

const pbf = sharedFile('liechtenstein/liechtenstein.osm.pbf');

/** `population=*` of each municipality's `place=*` node in the extract (none of the municipal boundaries carries one). */
const PLACE_POPULATIONS: Readonly<Record<string, number>> = {
  Vaduz: 5_229,
  Schaan: 6_002,
  Triesen: 5_050,
  Balzers: 4_608,
  Eschen: 4_407,
  Mauren: 4_138,
  Triesenberg: 2_634,
  Ruggell: 2_065,
  Gamprin: 1_654,
  Schellenberg: 1_037,
  Planken: 445,
};

describe.skipIf(pbf === null)('population layer: Liechtenstein from OSM place populations (real data)', () => {
  let region: RegionData;

  beforeAll(async () => {
    region = await loadRegion(await sharedPack({ osm: pbf ?? '', name: 'Liechtenstein', boundary: 'Liechtenstein' }));
  });

  it('puts each municipality’s population on the dwellings inside its boundary, counting Nendeln and Mäls in theirs', () => {
    const municipalities = region.areas.filter((area) => area.adminLevel === 8);
    expect(municipalities.map((area) => area.name).sort()).toEqual(Object.keys(PLACE_POPULATIONS).sort());
    for (const municipality of municipalities) {
      const inside = (region.population ?? []).filter((p) => booleanPointInPolygon([p.lng, p.lat], municipality.geometry));
      expect(inside.length).toBeGreaterThan(20);
      expect(inside.reduce((sum, p) => sum + p.residents, 0)).toBeCloseTo(PLACE_POPULATIONS[municipality.name ?? ''] ?? Number.NaN, 2);
    }
    expect(region.manifest.population).toMatchObject({ method: 'osm', residents: 37_269, households: null, estimatedResidents: 0 });
    expect(region.manifest.counts.population).toBe(region.population?.length);
  });

  it('counts the residents of the catchment in demand, in people, not the mapped addresses', () => {
    const market = new MarketIndex(region);
    const vaduz = region.addresses.find((a) => a.street === 'Städtle' && a.housenumber === '38') ?? region.addresses[0];
    const search = market.search(vaduz ?? { lat: 47.14, lng: 9.52 }, 'pharmacy-health', 0);
    expect(search.amounts.residents).toBeGreaterThan(1_000);
    expect(search.amounts.residents).toBeLessThan(10_000);
    expect(search.values.residents).toBeCloseTo(Math.log1p((search.amounts.residents ?? 0) / 1_000), 10);
  });
});
