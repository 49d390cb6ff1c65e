import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { area } from '@turf/area';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { intersect } from '@turf/intersect';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import * as shapefile from 'shapefile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegionPackError } from '../src/errors.js';
import { importRegion } from '../src/region/import-region.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import { sharedFile, sharedPack, tempFolder } from './region-fixtures.js';

const pbf = sharedFile('nyc-west-village/nyc-west-village.osm.pbf');
const shp = sharedFile('nyc-census/cb_2020_36_tract_500k/cb_2020_36_tract_500k.shp');
const table = sharedFile('nyc-census/demographics_ct.csv');
const centroids = sharedFile('nyc-census/demographics-centroids_2020pop.json');

/** The 2020 counts of every NYC tract, read from the table with a plain split (it has no quoted fields). */
async function tractCounts(): Promise<Map<string, { pop: number; occupied: number }>> {
  const [header, ...lines] = (await readFile(table ?? '', 'utf8')).trim().split('\n');
  const columns = (header ?? '').split(',');
  const at = (name: string) => columns.indexOf(name);
  return new Map(
    lines.map((line) => line.split(',')).map((cells) => [cells[at('geoid')] ?? '', { pop: Number(cells[at('pop')]), occupied: Number(cells[at('occupied')]) }]),
  );
}

/** Manhattan's tract polygons, by GEOID. */
async function manhattanTracts(): Promise<Map<string, Polygon | MultiPolygon>> {
  const { features } = await shapefile.read(shp ?? '', (shp ?? '').replace(/\.shp$/, '.dbf'));
  return new Map(
    features.filter((f) => String(f.properties?.GEOID).startsWith('36061')).map((f) => [String(f.properties?.GEOID), f.geometry as Polygon | MultiPolygon]),
  );
}

const residentsIn = (region: RegionData, geometry: Polygon | MultiPolygon) =>
  (region.population ?? []).filter((p) => booleanPointInPolygon([p.lng, p.lat], geometry)).reduce((sum, p) => sum + p.residents, 0);

describe.skipIf(pbf === null || shp === null || table === null || centroids === null)(
  'population layer: Manhattan census on the West Village pack (real data)',
  () => {
    let work: Awaited<ReturnType<typeof tempFolder>>;
    let joined: RegionData;
    let points: RegionData;
    let counts: Map<string, { pop: number; occupied: number }>;
    let tracts: Map<string, Polygon | MultiPolygon>;

    beforeAll(async () => {
      work = await tempFolder('population-nyc');
      const common = { osm: pbf ?? '', name: 'NYC West Village' };
      const census = {
        censusBoundaries: shp ?? '',
        censusTable: table ?? '',
        censusJoin: 'GEOID=geoid',
        censusFields: { population: 'pop', households: 'occupied' },
      };
      // The census-joined pack the territory tests load too (same options, so one import per run).
      joined = await loadRegion(await sharedPack({ ...common, ...census }));
      const geojson = { census: centroids ?? '', censusFields: { id: 'ct', population: 'pop' } };
      points = await loadRegion((await importRegion({ ...common, ...geojson, out: join(work.dir, 'points') })).outDir);
      counts = await tractCounts();
      tracts = await manhattanTracts();
    });
    afterAll(async () => work.cleanup());

    it('joins the tract shapefile to the table and keeps, in each tract, its population times its land share inside the pack', () => {
      const [west, south, east, north] = joined.manifest.coverage?.bbox ?? [0, 0, 0, 0];
      const box: Feature<Polygon> = {
        type: 'Feature',
        properties: {},
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [west, south],
              [east, south],
              [east, north],
              [west, north],
              [west, south],
            ],
          ],
        },
      };
      const expected = new Map<string, number>();
      for (const [geoid, geometry] of tracts) {
        const tract: Feature<Polygon | MultiPolygon> = { type: 'Feature', properties: {}, geometry };
        const part = intersect({ type: 'FeatureCollection', features: [tract, box] });
        if (part !== null && area(part) / area(tract) >= 0.001) expected.set(geoid, area(part) / area(tract));
      }
      expect([...joined.census.map((a) => a.id)].sort()).toEqual([...expected.keys()].sort());
      let total = 0;
      for (const [geoid, share] of expected) {
        const { pop } = counts.get(geoid) ?? { pop: Number.NaN };
        total += pop * share;
        expect(residentsIn(joined, tracts.get(geoid) as Polygon)).toBeCloseTo(pop * share, -1);
        expect(joined.census.find((a) => a.id === geoid)?.shareInside ?? 1).toBeCloseTo(share, 3);
      }
      expect(joined.manifest.population).toMatchObject({ method: 'census', income: false, estimatedResidents: 0 });
      expect(joined.manifest.population?.residents).toBeCloseTo(total, -1);
      const households = [...expected].reduce((sum, [geoid, share]) => sum + (counts.get(geoid)?.occupied ?? 0) * share, 0);
      expect(joined.manifest.population?.households).toBeCloseTo(households, -1);
      expect(joined.manifest.sources.filter((s) => s.kind === 'census').map((s) => [s.name, s.records])).toEqual([
        ['cb_2020_36_tract_500k.shp', 5_394],
        ['demographics_ct.csv', 2_327],
      ]);
    });

    it('keeps the whole population of each tract whose point is inside the pack, from the GeoJSON points', async () => {
      const file = JSON.parse(await readFile(centroids ?? '', 'utf8')) as {
        features: Array<{ properties: { ct: string; pop: number }; geometry: { coordinates: [number, number] } | null }>;
      };
      const [west, south, east, north] = points.manifest.coverage?.bbox ?? [0, 0, 0, 0];
      const inside = file.features.filter(
        (f) =>
          f.geometry !== null &&
          f.geometry.coordinates[0] >= west &&
          f.geometry.coordinates[0] <= east &&
          f.geometry.coordinates[1] >= south &&
          f.geometry.coordinates[1] <= north,
      );
      expect(inside.length).toBeGreaterThan(2);
      for (const feature of inside) {
        const placed = (points.population ?? []).filter((p) => p.area === feature.properties.ct).reduce((sum, p) => sum + p.residents, 0);
        expect(placed).toBeCloseTo(feature.properties.pop, 2);
      }
      expect(points.manifest.population?.residents).toBe(inside.reduce((sum, f) => sum + f.properties.pop, 0));
      expect(new Set((points.population ?? []).map((p) => p.area))).toEqual(new Set(inside.map((f) => f.properties.ct)));
    });

    it('refuses the table’s households column, which counts household population, naming the field', async () => {
      const error = await importRegion({
        osm: pbf ?? '',
        name: 'x',
        out: join(work.dir, 'refused'),
        censusBoundaries: shp ?? '',
        censusTable: table ?? '',
        censusJoin: 'GEOID=geoid',
        censusFields: { population: 'pop' },
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RegionPackError);
      expect((error as RegionPackError).message).toMatch(/households gives 1\.0\d residents per household.*household population/);
    });
  },
);
