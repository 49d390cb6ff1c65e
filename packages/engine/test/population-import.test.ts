import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegionPackError } from '../src/errors.js';
import { FLOOR_AREA_PER_RESIDENT_M2 } from '../src/population/floor-area.js';
import { ringAreaM2 } from '../src/population/residential-buildings.js';
import { importRegion } from '../src/region/import-region.js';
import { loadRegion } from '../src/region/pack-read.js';
import { FIXTURE_PBF, sharedFile, tempFolder } from './region-fixtures.js';
import { offset } from './synthetic-region.js';

/** An OSM XML extract with two closed building ways (a 20 m house, a 30 m block of 5 storeys) and no population anywhere. */
function buildingsXml(): string {
  const corners = (north: number, east: number, side: number) => [
    offset(north, east),
    offset(north, east + side),
    offset(north + side, east + side),
    offset(north + side, east),
  ];
  const house = corners(0, 0, 20);
  const block = corners(100, 100, 30);
  const nodes = [...house, ...block].map((p, i) => `<node id="${i + 1}" lat="${p.lat}" lon="${p.lng}" version="1"/>`).join('\n');
  const way = (id: number, first: number, tags: string) =>
    `<way id="${id}" version="1"><nd ref="${first}"/><nd ref="${first + 1}"/><nd ref="${first + 2}"/><nd ref="${first + 3}"/><nd ref="${first}"/>${tags}</way>`;
  return `<?xml version="1.0"?>\n<osm version="0.6"><bounds minlat="47.13" minlon="9.51" maxlat="47.15" maxlon="9.53"/>\n${nodes}\n${way(10, 1, '<tag k="building" v="house"/>')}\n${way(11, 5, '<tag k="building" v="apartments"/><tag k="building:levels" v="5"/>')}\n</osm>\n`;
}

async function rejection(promise: Promise<unknown>): Promise<RegionPackError> {
  const error = await promise.catch((caught: unknown) => caught);
  if (!(error instanceof RegionPackError)) throw new Error(`expected a RegionPackError, got ${String(error)}`);
  return error;
}

describe('population layer: estimate and bad census input', () => {
  let work: Awaited<ReturnType<typeof tempFolder>>;
  beforeAll(async () => {
    work = await tempFolder('population-import');
  });
  afterAll(async () => work.cleanup());

  it('estimates residents from floor area where nothing gives population, and says so', async () => {
    const osm = join(work.dir, 'buildings.osm');
    await writeFile(osm, buildingsXml());
    const region = await loadRegion((await importRegion({ osm, name: 'x', out: join(work.dir, 'estimate') })).outDir);
    const house = ringAreaM2([offset(0, 0), offset(0, 20), offset(20, 20), offset(20, 0)]);
    const block = ringAreaM2([offset(100, 100), offset(100, 130), offset(130, 130), offset(130, 100)]);
    expect(region.manifest.population).toMatchObject({ method: 'estimate', households: null });
    const residents = (region.population ?? []).map((p) => p.residents).sort((a, b) => a - b);
    expect(residents[0]).toBeCloseTo((house * 2) / FLOOR_AREA_PER_RESIDENT_M2, 1);
    expect(residents[1]).toBeCloseTo((block * 5) / FLOOR_AREA_PER_RESIDENT_M2, 1);
  });

  it('names the file, feature or line, and field of bad census input', async () => {
    const geojson = join(work.dir, 'areas.geojson');
    const area = (id: string, properties: Record<string, unknown>, geometry: unknown = { type: 'Point', coordinates: [9.52, 47.14] }) => ({
      type: 'Feature',
      properties: { id, ...properties },
      geometry,
    });
    const base = { osm: FIXTURE_PBF, name: 'x', census: geojson };
    const write = (features: unknown[], extra: Record<string, unknown> = {}) =>
      writeFile(geojson, JSON.stringify({ type: 'FeatureCollection', ...extra, features }));

    await write([area('A', { pop: 10 }), area('B', { people: 5 })]);
    const missing = await rejection(importRegion({ ...base, out: join(work.dir, 'o1'), censusFields: { population: 'pop' } }));
    expect(missing.path).toBe(`${geojson} features[1] (id B)`);
    expect(missing.message).toMatch(/missing pop/);

    await write([
      area(
        'A',
        { population: 10 },
        {
          type: 'LineString',
          coordinates: [
            [9.5, 47.1],
            [9.6, 47.2],
          ],
        },
      ),
    ]);
    expect((await rejection(importRegion({ ...base, out: join(work.dir, 'o2') }))).message).toMatch(/Point, Polygon or MultiPolygon/);

    await write([area('A', { population: 10 }, { type: 'Point', coordinates: [2_600_000, 1_200_000] })]);
    expect((await rejection(importRegion({ ...base, out: join(work.dir, 'o3') }))).message).toMatch(/projected coordinates/);

    await write([area('A', { population: 10 })], { crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } } });
    expect((await rejection(importRegion({ ...base, out: join(work.dir, 'o4') }))).message).toMatch(/not WGS 84/);

    await write([area('A', { population: 10, households: 12 })]);
    expect((await rejection(importRegion({ ...base, out: join(work.dir, 'o5') }))).message).toMatch(/households \(12\) exceeds population/);

    expect((await rejection(importRegion({ ...base, out: join(work.dir, 'o6'), censusBoundaries: 'x.shp' }))).path).toBe('census');
    expect((await rejection(importRegion({ osm: FIXTURE_PBF, name: 'x', out: join(work.dir, 'o7'), censusTable: 't.csv' }))).path).toBe('censusBoundaries');
  });

  const shp = sharedFile('nyc-census/cb_2020_36_tract_500k/cb_2020_36_tract_500k.shp');
  const pbf = sharedFile('nyc-west-village/nyc-west-village.osm.pbf');
  it.skipIf(shp === null || pbf === null)('names the rows of a table that does not join, and refuses a projected shapefile', async () => {
    const base = { osm: pbf ?? '', name: 'x', censusBoundaries: shp ?? '', censusJoin: 'GEOID=geoid' };
    const table = join(work.dir, 'table.csv');
    await writeFile(table, 'geoid,population\n36061007300,6180\n');
    const unmatched = await rejection(importRegion({ ...base, censusTable: table, out: join(work.dir, 'j1') }));
    expect(unmatched.path).toBe(table);
    expect(unmatched.message).toMatch(/no row whose geoid matches GEOID 36061\d{6} \(feature \d+\)/);

    await writeFile(table, 'geoid,population\n36061007300,6180\n36061007300,6180\n');
    const repeated = await rejection(importRegion({ ...base, censusTable: table, out: join(work.dir, 'j2') }));
    expect(repeated).toMatchObject({ path: `${table} line 3`, message: expect.stringMatching(/also on line 2/) });

    await writeFile(table, 'geoid,population\n36061007300,6180\n');
    const projected = join(work.dir, 'tracts.shp');
    for (const extension of ['.shp', '.dbf', '.shx']) await copyFile((shp ?? '').replace(/\.shp$/, extension), projected.replace(/\.shp$/, extension));
    await writeFile(projected.replace(/\.shp$/, '.prj'), 'PROJCS["NAD83 / New York Long Island",GEOGCS["NAD83"]]');
    const refused = await rejection(importRegion({ ...base, censusBoundaries: projected, censusTable: table, out: join(work.dir, 'j3') }));
    expect(refused.message).toMatch(/projected coordinates/);
  });
});
