import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { offset } from '../../test/synthetic-region.js';
import type { Area } from '../region/types.js';
import { osmPopulationZones } from './osm-zones.js';
import type { PopulatedPlace } from './populated-places.js';

function square(side: number, north: number, east: number): Polygon {
  const corners = [offset(north, east), offset(north, east + side), offset(north + side, east + side), offset(north + side, east), offset(north, east)];
  return { type: 'Polygon', coordinates: [corners.map(({ lat, lng }) => [lng, lat])] };
}
const area = (id: string, name: string, geometry: Polygon, extra: Partial<Area> = {}): Area => ({
  id,
  kind: 'administrative',
  name,
  adminLevel: 8,
  geometry,
  ...extra,
});
const place = (id: string, name: string, population: number, north: number, east: number, kind = 'village'): PopulatedPlace => ({
  id,
  name,
  place: kind,
  population,
  ...offset(north, east),
});

describe('osmPopulationZones', () => {
  it('gives a boundary the population of the place node of its name inside it, counts nested places once, and keeps lone places as points', () => {
    const { zones, nested } = osmPopulationZones(
      [
        area('r1', 'Eschen', square(2_000, 0, 0)),
        area('r2', 'Mauren', square(2_000, 0, 2_000), { population: 4_200 }),
        area('r3', 'Gamprin', square(2_000, 0, 4_000)),
        area('p1', 'Postcode', square(2_000, 0, 0), { kind: 'postal_code' }),
      ],
      [
        place('n1', 'Eschen', 4_407, 1_000, 1_000),
        place('n2', 'Nendeln', 1_357, 200, 200),
        place('n3', 'Mauren', 4_138, 1_000, 3_000),
        place('n4', 'Eschen', 99, 1_000, 3_500),
        place('n5', 'Alpweiler', 40, 5_000, 5_000, 'hamlet'),
      ],
    );
    expect(zones.map(({ id, population, geometry, reachMetres }) => ({ id, population, polygon: geometry !== null, reachMetres }))).toEqual([
      { id: 'r1', population: 4_407, polygon: true, reachMetres: undefined },
      { id: 'r2', population: 4_200, polygon: true, reachMetres: undefined },
      { id: 'n5', population: 40, polygon: false, reachMetres: 500 },
    ]);
    expect(zones[0]?.point).toEqual(offset(1_000, 1_000));
    expect(nested.map(({ id }) => id)).toEqual(['n2', 'n3', 'n4']);
  });
});
