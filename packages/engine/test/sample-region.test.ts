import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMetres } from '../src/region/geometry.js';
import type { ImportReport } from '../src/region/import-types.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import { buildSampleRegion } from '../src/sample/build-sample-region.js';
import { SAMPLE_REGION_NAME } from '../src/sample/town-plan.js';
import { writeSampleSources } from '../src/sample/write-sample-sources.js';
import { tempFolder } from './region-fixtures.js';

/** One OSM tag test per category, after the categories in docs/categories.md (the engine's own table lives in places/). */
const CATEGORY_TAGS: Record<string, (t: Record<string, string>) => boolean> = {
  coffee: (t) => t.amenity === 'cafe' && t.cuisine !== 'bubble_tea',
  'pet-services': (t) => t.shop === 'pet' || t.amenity === 'veterinary' || t.shop === 'pet_grooming',
  'children-education': (t) => ['language_school', 'music_school', 'prep_school'].includes(t.amenity ?? ''),
  'qsr-pizza': (t) => t.amenity === 'fast_food' && t.cuisine === 'pizza',
  'beauty-salon': (t) => t.shop === 'hairdresser' || t.shop === 'beauty',
  'gym-fitness': (t) => t.leisure === 'fitness_centre' || t.leisure === 'sports_centre',
  'pharmacy-health': (t) => t.amenity === 'pharmacy' || t.amenity === 'doctors',
  'bubble-tea-dessert': (t) => t.cuisine === 'bubble_tea' || t.amenity === 'ice_cream' || t.shop === 'confectionery',
  'daycare-childcare': (t) => t.amenity === 'kindergarten' || t.amenity === 'childcare',
  'automotive-services': (t) => t.shop === 'car_repair' || t.shop === 'tyres',
  'dry-cleaning': (t) => t.shop === 'dry_cleaning' || t.shop === 'laundry',
  'printing-shipping': (t) => t.shop === 'copyshop' || t.amenity === 'post_office',
};

describe('sample region (fictional Maple Junction, OSM XML + GTFS folder)', () => {
  let work: Awaited<ReturnType<typeof tempFolder>>;
  let report: ImportReport;
  let region: RegionData;

  beforeAll(async () => {
    work = await tempFolder('sample');
    report = await buildSampleRegion(join(work.dir, 'pack'));
    region = await loadRegion(report.outDir);
  });
  afterAll(async () => work.cleanup());

  it('is marked as fictional sample data everywhere', () => {
    expect(report.manifest.sample).toBe(true);
    expect(report.manifest.name).toBe(SAMPLE_REGION_NAME);
    expect(report.manifest.name).toMatch(/fictional/);
    for (const source of report.manifest.sources) expect(source.licence).toMatch(/fictional/);
    expect(report.manifest.attribution).toMatch(/[Ff]ictional/);
  });

  it('has named streets, a few hundred addresses on nodes, buildings and a multipolygon', () => {
    expect(region.streets.length).toBeGreaterThanOrEqual(15);
    const names = region.streets.map((s) => s.name);
    for (const name of ['Main Street', 'Maple Avenue', 'King Boulevard']) expect(names).toContain(name);
    expect(region.streets.find((s) => s.name === 'Main Street')?.lines).toHaveLength(2);
    expect(region.addresses.length).toBeGreaterThan(300);
    expect(region.addresses.filter((a) => a.osmId.startsWith('w')).length).toBeGreaterThan(20);
    const mall = region.addresses.find((a) => a.osmId.startsWith('r'));
    expect(mall).toMatchObject({ housenumber: '200', street: 'King Boulevard', city: 'Maple Junction' });
    expect(region.addresses.filter((a) => a.street === 'Main Street' && a.housenumber === '220').map((a) => a.unit)).toEqual(['1', '2', '3']);
  });

  it('has one interpolation line with numbers at its ends', () => {
    expect(region.interpolations).toHaveLength(1);
    const line = region.interpolations[0];
    expect(line?.interpolation).toBe('odd');
    expect(line?.numbers[0]).toBe(101);
    expect(line?.numbers.at(-1)).toBeGreaterThan(300);
  });

  it('merges Central Station mapped in OSM and GTFS into one station', () => {
    expect(region.stations.map((s) => s.name).sort()).toEqual(['Central Station', 'Harbour Station', 'University Station']);
    const central = region.stations.find((s) => s.name === 'Central Station');
    expect(central?.sources).toEqual(['osm', 'gtfs:maple-junction-gtfs']);
    expect(central?.modes).toEqual(['subway']);
    expect(central?.routeCount).toBe(1);
    expect(region.busStops.some((s) => s.sources.length === 2)).toBe(true);
    expect(region.busStops.some((s) => s.name === 'Main Street at King Boulevard')).toBe(true);
  });

  it('has named POIs of all twelve categories, ratings, census areas and major roads', () => {
    for (const [category, test] of Object.entries(CATEGORY_TAGS)) {
      const matches = region.pois.filter((p) => test(p.tags));
      expect(matches.length, category).toBeGreaterThanOrEqual(2);
      for (const poi of matches) expect(poi.name, category).not.toBeNull();
    }
    expect(region.pois.some((p) => p.tags.amenity === 'university')).toBe(true);
    expect(region.pois.filter((p) => p.tags.leisure === 'park')).toHaveLength(3);
    expect(region.pois.filter((p) => p.tags.office !== undefined).length).toBeGreaterThanOrEqual(4);
    const cafe = region.pois.find((p) => p.name === 'Maple Bean Café');
    expect(cafe).toMatchObject({ rating: 4.6, ratingCount: 212 });
    expect(region.census).toHaveLength(4);
    expect(new Set(region.roads.map((r) => r.class))).toEqual(new Set(['motorway', 'primary', 'secondary']));
    const centre = { lat: 44, lng: -40 };
    for (const poi of region.pois) expect(haversineMetres(poi, centre)).toBeLessThan(2_000);
  });

  it('writes the same sources on every run', async () => {
    const a = await writeSampleSources(join(work.dir, 'a'));
    const b = await writeSampleSources(join(work.dir, 'b'));
    expect(await readFile(a.osm, 'utf8')).toBe(await readFile(b.osm, 'utf8'));
    expect(await readFile(join(a.gtfs, 'stop_times.txt'), 'utf8')).toBe(await readFile(join(b.gtfs, 'stop_times.txt'), 'utf8'));
  });
});
