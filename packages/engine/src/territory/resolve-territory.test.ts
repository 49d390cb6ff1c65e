import { describe, expect, it } from 'vitest';
import { haversineMetres } from '../region/geometry.js';
import type { LatLng, PopulationPoint } from '../region/types.js';
import { ResidentIndex } from './resident-index.js';
import { resolveTerritory, territoryShape } from './resolve-territory.js';
import { TerritoryError } from './territory-error.js';

const centre = { lat: 47.1399, lng: 9.5209 };
const PER_LAT = 111_195;
const PER_LNG = PER_LAT * Math.cos((centre.lat * Math.PI) / 180);
const offset = (north: number, east: number): LatLng => ({ lat: centre.lat + north / PER_LAT, lng: centre.lng + east / PER_LNG });

const points: PopulationPoint[] = [];
for (let north = -2_000; north <= 2_000; north += 100)
  for (let east = -2_000; east <= 2_000; east += 100) points.push({ ...offset(north, east), residents: 25 });
const population = { name: 'Grid', residents: new ResidentIndex(points) };

describe('resolveTerritory', () => {
  it('keeps a radius and a polygon as given', () => {
    expect(resolveTerritory(centre, { type: 'radius', metres: 300 }, population)).toEqual({ type: 'radius', metres: 300 });
    const geometry = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [9.52, 47.13],
          [9.53, 47.13],
          [9.53, 47.14],
          [9.52, 47.13],
        ] as Array<[number, number]>,
      ],
    };
    expect(resolveTerritory(centre, { type: 'polygon', geometry }, population)).toEqual({ type: 'polygon', geometry });
  });

  it('turns a population territory into the circle holding at least that many residents, the same every time', () => {
    const territory = resolveTerritory(centre, { type: 'population', residents: 5_000 }, population);
    if (territory.type !== 'population') throw new Error('expected a population territory');
    expect(territory).toMatchObject({ residents: 5_000, region: 'Grid' });
    expect(territory.residentsInside).toBeGreaterThanOrEqual(5_000);
    const withinRadius = points.filter((point) => haversineMetres(centre, point) <= territory.radiusMetres).length * 25;
    expect(withinRadius).toBeGreaterThanOrEqual(5_000);
    expect(points.filter((point) => haversineMetres(centre, point) < territory.radiusMetres - 0.1).length * 25).toBeLessThan(5_000);
    expect(population.residents.inside(territoryShape(centre, territory)).residents).toBe(territory.residentsInside);
    expect(resolveTerritory(centre, { type: 'population', residents: 5_000 }, population)).toEqual(territory);
  });

  it('names territory.residents when the region holds fewer residents than asked', () => {
    const asked = { type: 'population' as const, residents: 1_000_000 };
    expect(() => resolveTerritory(centre, asked, population)).toThrow(TerritoryError);
    expect(() => resolveTerritory(centre, asked, population)).toThrow(
      'territory.residents: region Grid holds only 42025 residents, fewer than the 1000000 asked for',
    );
    try {
      resolveTerritory(centre, asked, { name: 'Empty', residents: new ResidentIndex([]) });
    } catch (error) {
      expect(error).toBeInstanceOf(TerritoryError);
      expect((error as TerritoryError).details).toEqual({
        fields: [{ field: 'territory.residents', message: 'territory.residents: region Empty has no population layer, fewer than the 1000000 asked for' }],
      });
    }
  });
});

describe('territoryShape', () => {
  it('measures a radius territory exactly on the sphere', () => {
    const shape = territoryShape(centre, { type: 'radius', metres: 300 });
    expect(shape.contains(offset(299, 0))).toBe(true);
    expect(shape.contains(offset(301, 0))).toBe(false);
  });
});
