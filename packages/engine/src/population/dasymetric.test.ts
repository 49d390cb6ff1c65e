import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { offset } from '../../test/synthetic-region.js';
import type { LatLng, PopulationPoint } from '../region/types.js';
import { CoveragePolygon } from './coverage-share.js';
import { spreadPopulation } from './dasymetric.js';
import type { PopulationZone } from './population-zone.js';
import type { ResidentialBuilding } from './residential-buildings.js';

/** A square polygon `side` metres wide with its south-west corner `north`/`east` metres from the origin. */
function square(side: number, north: number, east: number): Polygon {
  const corners = [offset(north, east), offset(north, east + side), offset(north + side, east + side), offset(north + side, east), offset(north, east)];
  return { type: 'Polygon', coordinates: [corners.map(({ lat, lng }) => [lng, lat])] };
}

const building = (north: number, east: number, footprintM2 = 100, levels: number | null = null): ResidentialBuilding => ({
  ...offset(north, east),
  kind: 'house',
  footprintM2,
  levels,
});
const zone = (id: string, population: number, geometry: Polygon | null, point: LatLng, extra: Partial<PopulationZone> = {}): PopulationZone => ({
  id,
  name: id,
  population,
  geometry,
  point,
  ...extra,
});
const floorArea = (b: ResidentialBuilding) => b.footprintM2 * (b.levels ?? 2);
const sum = (points: readonly PopulationPoint[], test: (p: PopulationPoint) => boolean = () => true) =>
  points.filter(test).reduce((total, p) => total + p.residents, 0);
const inPolygon = (polygon: Polygon) => (p: LatLng) => booleanPointInPolygon([p.lng, p.lat], polygon);

/** The coverage: a box 2 km square from the origin. */
const { lat: south, lng: west } = offset(0, 0);
const { lat: north, lng: east } = offset(2_000, 2_000);
const coverage = new CoveragePolygon([west, south, east, north], null, (p) => p.lng >= west && p.lng <= east && p.lat >= south && p.lat <= north);

describe('spreadPopulation', () => {
  it('spreads each area over its dwellings by floor area and keeps its total', () => {
    const a = square(1_000, 0, 0);
    const b = square(1_000, 0, 1_000);
    const buildings = [building(100, 100, 100, 1), building(200, 200, 300, 1), building(300, 1_300), building(400, 1_400), building(500, 1_500)];
    const { points, stats } = spreadPopulation({
      zones: [zone('A', 1_000, a, offset(500, 500), { households: 400, income: 50_000 }), zone('B', 333, b, offset(500, 1_500))],
      buildings,
      addresses: [],
      coverage,
      floorArea,
    });
    expect(sum(points, inPolygon(a))).toBeCloseTo(1_000, 6);
    expect(sum(points, inPolygon(b))).toBeCloseTo(333, 6);
    expect(points.find((p) => p.area === 'A' && p.residents === 250)).toMatchObject({ households: 100, income: 50_000 });
    expect(points.filter((p) => p.area === 'B').map((p) => p.residents)).toEqual([111, 111, 111]);
    expect(stats).toMatchObject({ total: 2, overBuildings: 2, cutByEdge: 0 });
  });

  it('falls back to address points, then to the area point, and keeps the share of an area cut by the edge', () => {
    const empty = square(500, 100, 100);
    const addressed = square(500, 1_000, 100);
    const cut = square(1_000, 1_000, 1_500);
    const { points, stats, shares } = spreadPopulation({
      zones: [zone('E', 90, empty, offset(350, 350)), zone('D', 100, addressed, offset(1_250, 350)), zone('C', 1_000, cut, offset(1_500, 1_600))],
      buildings: [building(1_500, 1_600), building(1_500, 2_400)],
      addresses: [offset(1_100, 200), offset(1_200, 300), offset(1_300, 400), offset(1_400, 500)],
      coverage,
      floorArea,
    });
    expect(points.filter((p) => p.area === 'E')).toEqual([{ ...offset(350, 350), residents: 90, area: 'E' }]);
    expect(points.filter((p) => p.area === 'D').map((p) => p.residents)).toEqual([25, 25, 25, 25]);
    expect(shares.get([...shares.keys()].find((z) => z.id === 'C') as PopulationZone)).toBeCloseTo(0.5, 2);
    expect(sum(points, (p) => p.area === 'C')).toBeCloseTo(1_000 * (shares.get([...shares.keys()].find((z) => z.id === 'C') as PopulationZone) ?? 0), 1);
    expect(points.filter((p) => p.area === 'C')).toHaveLength(1);
    expect(stats).toMatchObject({ total: 3, overBuildings: 1, overAddresses: 1, atPoint: 1, cutByEdge: 1 });
  });

  it('lets an area holding smaller ones spread only what they leave, and point areas take their nearest dwellings', () => {
    const country = square(2_000, 0, 0);
    const town = square(500, 0, 0);
    const buildings = [building(100, 100), building(200, 200), building(1_550, 1_600), building(1_900, 1_900)];
    const nested = spreadPopulation({
      zones: [zone('country', 1_000, country, offset(1_000, 1_000)), zone('town', 600, town, offset(250, 250))],
      buildings,
      addresses: [],
      coverage,
      floorArea,
    });
    expect(sum(nested.points, (p) => p.area === 'town')).toBeCloseTo(600, 6);
    expect(sum(nested.points, (p) => p.area === 'country')).toBeCloseTo(400, 6);
    const points = spreadPopulation({
      zones: [zone('west', 50, null, offset(150, 150)), zone('east', 70, null, offset(1_550, 1_550), { reachMetres: 100 })],
      buildings,
      addresses: [],
      coverage,
      floorArea,
      estimateUncovered: true,
    });
    expect(points.points.filter((p) => p.area === 'west').map((p) => p.residents)).toEqual([25, 25]);
    expect(points.points.filter((p) => p.area === 'east').map((p) => p.residents)).toEqual([70]);
    expect(points.points.filter((p) => p.area === undefined).map((p) => p.residents)).toEqual([4]);
    expect(points.stats.estimatedResidents).toBe(4);
  });
});
