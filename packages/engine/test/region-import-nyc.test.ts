import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRegion } from '../src/region/import-region.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import { sharedFile, tempFolder } from './region-fixtures.js';

const pbf = sharedFile('nyc-west-village/nyc-west-village.osm.pbf');

describe.skipIf(pbf === null)('importRegion: New York West Village OSM PBF (real data)', () => {
  let work: Awaited<ReturnType<typeof tempFolder>>;
  let region: RegionData;

  beforeAll(async () => {
    work = await tempFolder('nyc');
    const report = await importRegion({ osm: pbf ?? '', name: 'NYC West Village', out: join(work.dir, 'pack') });
    region = await loadRegion(report.outDir);
  });
  afterAll(async () => work.cleanup());

  it('finds the 11 subway stations, keeping lines apart (34th Street - Penn Station twice)', () => {
    expect(region.stations).toHaveLength(11);
    for (const station of region.stations) expect(station.modes).toEqual(['subway']);
    const christopher = region.stations.find((s) => s.name.startsWith('Christopher Street-Sheridan Square'));
    expect(christopher).toMatchObject({ lat: expect.closeTo(40.7336, 3), lng: expect.closeTo(-74.0028, 3) });
    expect(region.stations.filter((s) => s.name.startsWith('34th Street - Penn Station'))).toHaveLength(2);
  });

  it('reads US civic addresses (number then street)', () => {
    expect(region.addresses.length).toBeGreaterThan(1_700);
    const perry = region.addresses.find((a) => a.street === 'Perry Street' && a.housenumber === '55');
    expect(perry).toBeDefined();
    expect(region.pois.filter((p) => p.tags.amenity === 'cafe').length).toBe(18);
    expect(region.streets.some((s) => s.name === 'Hudson Street')).toBe(true);
  });
});
