import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine.js';
import { importRegion } from '../src/region/import-region.js';
import type { ImportReport } from '../src/region/import-types.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import { FIXTURE_PBF, tempFolder } from './region-fixtures.js';

/**
 * The PBF import's success path on the tiny real extract committed in
 * test/fixtures (no ../shared/data needed): the expected objects are the ones
 * osmium lists in the file (see fixtures/SOURCES.md).
 */
describe('importRegion: the committed Vaduz centre PBF', () => {
  let work: Awaited<ReturnType<typeof tempFolder>>;
  let report: ImportReport;
  let region: RegionData;

  beforeAll(async () => {
    work = await tempFolder('fixture-import');
    report = await importRegion({ osm: FIXTURE_PBF, name: 'Vaduz centre', out: join(work.dir, 'pack') });
    region = await loadRegion(report.outDir);
  });
  afterAll(async () => work.cleanup());

  it('writes a pack that records the PBF as an ODbL source with its size', () => {
    expect(region.manifest.name).toBe('Vaduz centre');
    expect(region.manifest.sources[0]).toMatchObject({ kind: 'osm', name: 'vaduz-centre.osm.pbf', bytes: 8_464, licence: 'ODbL 1.0' });
  });

  it('keeps every object with a house number and a street, from nodes and from buildings', () => {
    expect(region.addresses).toHaveLength(15);
    const stadtle38 = region.addresses.filter((a) => a.street === 'Städtle' && a.housenumber === '38');
    expect(stadtle38.map((a) => a.osmId).sort()).toEqual(['n326058701', 'w243055645']);
    expect(stadtle38[0]).toMatchObject({ postcode: '9490', city: 'Vaduz' });
  });

  it('reads the two cafés as POIs, and the three Vaduz Post platforms and their stop positions as one bus stop', () => {
    const cafes = region.pois.filter((p) => p.tags.amenity === 'cafe').map((p) => p.name);
    expect(cafes.sort()).toEqual(['Börsencafé', 'Café Amann']);
    // Vaduz Städtle is a stop position whose platform lies outside the fixture.
    expect(region.busStops.map((s) => s.name)).toEqual(['Vaduz Post', 'Vaduz Städtle']);
    expect(region.busStops[0]).toMatchObject({ id: 'osm:n315636814', sources: ['osm'], modes: ['bus'] });
  });

  it('scores a civic address of the extract with the cafés as competitors and the bus stop nearby', async () => {
    const engine = createEngine({ regions: [region] });
    const result = await engine.score({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' });
    expect(result.meta?.geocodePrecision).toBe('address_point');
    expect(result.competitors.map((c) => c.name).sort()).toEqual(['Börsencafé', 'Café Amann']);
    expect(result.nearestStation).toBeNull();
    expect(result.insights.map((i) => i.detail).join(' ')).toMatch(/Vaduz Post/);
  });
});
