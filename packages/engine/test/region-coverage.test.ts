import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegionPackError } from '../src/errors.js';
import { coverageTest } from '../src/region/coverage.js';
import { importRegion } from '../src/region/import-region.js';
import type { ImportProgress, ImportReport } from '../src/region/import-types.js';
import { readDeclaredBounds } from '../src/region/osm-header.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import { sharedFile, tempFolder } from './region-fixtures.js';

const liechtenstein = sharedFile('liechtenstein/liechtenstein.osm.pbf');
const nyc = sharedFile('nyc-west-village/nyc-west-village.osm.pbf');

describe.skipIf(liechtenstein === null)('coverage of a pack cut to an administrative boundary (Liechtenstein, real data)', () => {
  let work: Awaited<ReturnType<typeof tempFolder>>;
  let report: ImportReport;
  let region: RegionData;
  const events: ImportProgress[] = [];

  beforeAll(async () => {
    work = await tempFolder('cover-li');
    report = await importRegion({
      osm: liechtenstein ?? '',
      boundary: 'Liechtenstein',
      name: 'Liechtenstein',
      out: join(work.dir, 'pack'),
      onProgress: (e) => events.push(e),
    });
    region = await loadRegion(report.outDir);
  });
  afterAll(async () => work.cleanup());

  it('leaves out the Alabama test objects and the Swiss and Austrian ones, and counts them', () => {
    expect(report.manifest.coverage).toMatchObject({ source: 'boundary', areaId: 'r1155955', name: 'Liechtenstein' });
    for (const list of [region.addresses, region.pois]) {
      for (const p of list) {
        expect(p.lat).toBeGreaterThan(47.04);
        expect(p.lat).toBeLessThan(47.28);
        expect(p.lng).toBeGreaterThan(9.47);
        expect(p.lng).toBeLessThan(9.64);
      }
    }
    // 42 Alabama addresses (SOURCES.md) plus the Feldkirch (Austria) ones; 621 US POIs plus a few Swiss and Austrian ones.
    expect(report.leftOut.addresses).toBeGreaterThanOrEqual(42);
    expect(report.leftOut.pois).toBeGreaterThanOrEqual(621);
    expect(region.addresses.some((a) => a.city === 'Feldkirch' || a.city === 'Prattville' || a.lng < 0)).toBe(false);
    expect(report.warnings).toEqual([]);
    expect(events.some((e) => e.phase === 'coverage' && /left out outside it: \d+ addresses, \d+ pois/.test(e.message))).toBe(true);
    const [minLng, , maxLng] = report.manifest.bbox;
    expect(maxLng - minLng).toBeLessThan(0.2);
  });

  it('gives addresses without addr:city their municipality from the boundaries (Triesenberg’s Rotenbodenstrasse)', () => {
    expect(report.placedAddresses.cities).toBeGreaterThan(850);
    // None of the 55 Rotenbodenstrasse objects carries addr:city in the extract.
    const rotenboden = region.addresses.filter((a) => a.street === 'Rotenbodenstrasse');
    expect(rotenboden.length).toBeGreaterThanOrEqual(50);
    expect(rotenboden.every((a) => a.city === 'Triesenberg')).toBe(true);
    expect(rotenboden[0]?.areas).toEqual(['r1155948', 'r1156142', 'r1155955']);
    expect(region.addresses.filter((a) => a.city === undefined).length).toBeLessThan(10);
    expect(region.addresses.every((a) => a.areas?.includes('r1155955'))).toBe(true);
  });

  it('refuses a boundary the extract does not hold whole, naming it', async () => {
    const out = join(work.dir, 'other');
    await expect(importRegion({ osm: liechtenstein ?? '', boundary: 'Österreich', name: 'x', out })).rejects.toThrow(
      /Österreich \(r16239\) is in the extract but cannot be used/,
    );
    const error = await importRegion({ osm: liechtenstein ?? '', boundary: 'Zürich', name: 'x', out }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegionPackError);
    expect((error as RegionPackError).path).toBe('boundary');
  });
});

describe.skipIf(liechtenstein === null || nyc === null)('coverage from the extract header (real data)', () => {
  let work: Awaited<ReturnType<typeof tempFolder>>;
  beforeAll(async () => {
    work = await tempFolder('cover-nyc');
  });
  afterAll(async () => work.cleanup());

  it('reads the box a PBF declares, and none where the header has none', async () => {
    expect(await readDeclaredBounds(nyc ?? '')).toEqual([-74.01369, 40.73302, -73.9996, 40.73969]);
    expect(await readDeclaredBounds(liechtenstein ?? '')).toBeNull();
  });

  it('cuts the West Village slice to its declared box, keeping subway stations near it', async () => {
    const report = await importRegion({ osm: nyc ?? '', name: 'West Village', out: join(work.dir, 'nyc') });
    expect(report.manifest.coverage).toMatchObject({ source: 'declared', bbox: [-74.01369, 40.73302, -73.9996, 40.73969] });
    // The geocoder's coverage is the grid of cells the addresses fill: every address is in it, the box's far corner beyond the data is not.
    const inside = coverageTest(report.manifest.coverage ?? { source: 'data', bbox: [0, 0, 0, 0] }, null);
    const region = await loadRegion(report.outDir);
    expect(region.addresses.every(inside)).toBe(true);
    expect(report.leftOut.addresses).toBeGreaterThan(0);
    expect(report.manifest.counts.addresses).toBeGreaterThan(1_650);
    // Complete-way cuts reach beyond the box; stations within 5 km of it stay (Penn Station is ~3 km north).
    expect(report.manifest.counts.stations).toBe(11);
    expect(report.warnings).toEqual([]);
  });
});
