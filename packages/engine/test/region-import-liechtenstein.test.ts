import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaIndexOf } from '../src/region/area-index.js';
import { haversineMetres } from '../src/region/geometry.js';
import { importRegion } from '../src/region/import-region.js';
import type { ImportProgress, ImportReport } from '../src/region/import-types.js';
import { loadRegion } from '../src/region/pack-read.js';
import { PACK_FORMAT_VERSION, type RegionData } from '../src/region/types.js';
import { sharedFile, tempFolder } from './region-fixtures.js';

const pbf = sharedFile('liechtenstein/liechtenstein.osm.pbf');

describe.skipIf(pbf === null)('importRegion: Liechtenstein OSM PBF (real data)', () => {
  let work: Awaited<ReturnType<typeof tempFolder>>;
  let report: ImportReport;
  let region: RegionData;
  const events: ImportProgress[] = [];

  beforeAll(async () => {
    work = await tempFolder('li');
    report = await importRegion({ osm: pbf ?? '', name: 'Liechtenstein', out: join(work.dir, 'pack'), onProgress: (e) => events.push(e) });
    region = await loadRegion(report.outDir);
  });
  afterAll(async () => work.cleanup());

  it('reads the civic addresses: about 3,700 objects, those with a street or place', () => {
    // 3,740 objects carry addr:housenumber (SOURCES.md); ~200 of them (US TIGER test
    // objects) have no street and cannot be geocoded, so they are left out.
    expect(region.addresses.length).toBeGreaterThan(3_400);
    expect(region.addresses.length).toBeLessThanOrEqual(3_740);
    expect(region.addresses.some((a) => a.osmId.startsWith('w'))).toBe(true);
    expect(region.addresses.some((a) => a.osmId.startsWith('n'))).toBe(true);
    const stadtle = region.addresses.filter((a) => a.street === 'Städtle' && a.city === 'Vaduz');
    expect(stadtle.length).toBeGreaterThan(10);
    for (const a of stadtle) expect(haversineMetres(a, { lat: 47.139, lng: 9.522 })).toBeLessThan(1_500);
    expect(stadtle.some((a) => a.housenumber === '38' && a.postcode === '9490')).toBe(true);
  });

  it('finds the three railway stations at their mapped positions', () => {
    const expected = [
      { name: 'Nendeln', lat: 47.2003, lng: 9.5417 },
      { name: 'Schaan-Vaduz', lat: 47.1686, lng: 9.5082 },
      { name: 'Forst Hilti', lat: 47.1813, lng: 9.521 },
    ];
    for (const want of expected) {
      const station = region.stations.find((s) => s.name === want.name);
      expect(station, want.name).toBeDefined();
      if (station === undefined) continue;
      expect(haversineMetres(station, want)).toBeLessThan(30);
      expect(station.sources).toEqual(['osm']);
    }
  });

  it('keeps POIs with their tags and bus stops', () => {
    expect(region.pois.filter((p) => p.tags.amenity === 'cafe').length).toBe(16);
    expect(region.pois.filter((p) => p.tags.amenity === 'kindergarten').length).toBeGreaterThanOrEqual(15);
    expect(region.pois.every((p) => p.rating === null)).toBe(true);
    // Street furniture is left out unless another key makes it a POI (e.g. a bench at a viewpoint).
    const onlyKeys = (p: { tags: Record<string, string> }): string[] =>
      Object.keys(p.tags).filter((k) => ['amenity', 'shop', 'leisure', 'office', 'healthcare', 'craft', 'tourism', 'building'].includes(k));
    expect(region.pois.filter((p) => p.tags.amenity === 'bench' && onlyKeys(p).length === 1)).toEqual([]);
    // 314 poles and platforms and 310 stop positions are 159 stops once the objects of one stop are merged.
    expect(region.busStops.length).toBe(159);
  });

  it('writes a manifest with licence, attribution, checksums and a bbox that spans the US test objects (with a warning)', () => {
    const m = report.manifest;
    expect(m.formatVersion).toBe(PACK_FORMAT_VERSION);
    expect(m.sample).toBe(false);
    expect(new Date(m.createdAt).toISOString()).toBe(m.createdAt);
    expect(m.sources).toHaveLength(2);
    expect(m.sources[0]).toMatchObject({
      kind: 'osm',
      name: 'liechtenstein.osm.pbf',
      bytes: 3_098_617,
      licence: 'ODbL 1.0',
      attribution: '© OpenStreetMap contributors',
    });
    expect(m.sources[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    // The brand index the POIs were matched against, with how many named POIs it was asked about and recognised.
    expect(m.sources[1]).toMatchObject({
      kind: 'brands',
      name: expect.stringMatching(/^name-suggestion-index \d+\.\d+\.\d+$/),
      licence: 'BSD-3-Clause',
      attribution: '',
    });
    expect(m.sources[1]?.matched).toBeGreaterThan(0);
    expect(m.sources[1]?.matched).toBeLessThanOrEqual(m.sources[1]?.records ?? 0);
    expect(m.attribution).toContain('OpenStreetMap');
    expect(m.counts.addresses).toBe(region.addresses.length);
    expect(m.counts.streets).toBe(region.streets.length);
    const [minLng, minLat, maxLng, maxLat] = m.bbox;
    expect(minLng).toBeLessThan(-80); // Alabama TIGER objects
    // Without --boundary and without a box in the PBF header, the pack covers its data's box: warned.
    expect(m.coverage?.source).toBe('data');
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0]).toMatch(/wider than 10°.*--boundary/);
    expect(events.some((e) => e.warning === true && e.phase === 'coverage')).toBe(true);
    expect(maxLng).toBeGreaterThan(9.5);
    expect(minLat).toBeLessThan(maxLat);
    expect(region.manifest).toEqual(m);
  });

  it('assembles the administrative boundaries: the country, its two districts and eleven municipalities', () => {
    const municipalities = region.areas.filter((a) => a.kind === 'administrative' && a.adminLevel === 8 && a.subdivisionCode?.startsWith('LI-'));
    expect(municipalities.map((a) => a.name).sort()).toEqual([
      'Balzers',
      'Eschen',
      'Gamprin',
      'Mauren',
      'Planken',
      'Ruggell',
      'Schaan',
      'Schellenberg',
      'Triesen',
      'Triesenberg',
      'Vaduz',
    ]);
    // Exclaves: several municipalities own detached pieces of land.
    expect(municipalities.filter((a) => a.geometry.type === 'MultiPolygon').length).toBeGreaterThanOrEqual(5);
    expect(region.areas.find((a) => a.id === 'r1155955')).toMatchObject({ name: 'Liechtenstein', adminLevel: 2, countryCode: 'LI' });
    expect(region.areas.filter((a) => a.adminLevel === 6 && ['Oberland', 'Unterland'].includes(a.name ?? ''))).toHaveLength(2);
    // OSM population=* where tagged (Autauga County, Alabama, one of the US test objects).
    expect(region.areas.find((a) => a.name === 'Autauga County')?.population).toBe(54_571);
    expect(region.areas.filter((a) => a.population !== undefined).every((a) => Number.isInteger(a.population))).toBe(true);
    // Boundaries cut at the extract's edge (Austria, Switzerland…) are left out, not kept as smaller areas.
    expect(region.areas.some((a) => a.name === 'Österreich' || a.name?.startsWith('Schweiz'))).toBe(false);
    expect(events.some((e) => /boundary relations left out/.test(e.message) && e.message.includes('Österreich'))).toBe(true);
    expect(report.manifest.counts.areas).toBe(region.areas.length);
  });

  it('puts the addresses of each municipality inside its polygon (point in polygon)', () => {
    const index = areaIndexOf(region);
    const names = new Set(region.areas.filter((a) => a.adminLevel === 8).map((a) => a.name));
    const named = region.addresses.filter((a) => a.city !== undefined && names.has(a.city));
    const inside = named.filter((a) => index.containing(a, (area) => area.adminLevel === 8)[0]?.name === a.city);
    // The few others are real: postal towns that differ from the municipality owning the land (exclaves).
    expect(named.length).toBeGreaterThan(2_500);
    expect(inside.length / named.length).toBeGreaterThan(0.99);
    const stadtle38 = region.addresses.find((a) => a.street === 'Städtle' && a.housenumber === '38');
    expect(index.containing(stadtle38 ?? { lat: 0, lng: 0 }).map((a) => a.name)).toEqual(['Vaduz', 'Oberland', 'Liechtenstein']);
  });

  it('groups streets by municipality and reports progress', () => {
    const landstrasse = region.streets.filter((s) => s.name === 'Landstrasse');
    expect(new Set(landstrasse.map((s) => s.city)).size).toBeGreaterThan(1);
    expect(region.roads.some((r) => r.class === 'primary')).toBe(true);
    expect(events.some((e) => e.phase === 'osm' && (e.processed ?? 0) > 400_000)).toBe(true);
    expect(events.at(-1)?.phase).toBe('done');
  });
});
