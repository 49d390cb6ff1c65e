import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineMetres } from '../region/geometry.js';
import type { LatLng, PopulationPoint } from '../region/types.js';
import { ResidentIndex } from './resident-index.js';
import { circleShape, polygonShape } from './shape.js';

const centre = { lat: 40.7359, lng: -74.0036 };
/** Metres per degree of latitude, and of longitude at the centre's latitude (sphere of 6,371,008.8 m). */
const PER_LAT = 111_195;
const PER_LNG = PER_LAT * Math.cos((centre.lat * Math.PI) / 180);
const offset = (north: number, east: number): LatLng => ({ lat: centre.lat + north / PER_LAT, lng: centre.lng + east / PER_LNG });

/** A grid of population points every 50 m over 2 km × 2 km around the centre; residents vary with position. */
const grid: PopulationPoint[] = [];
for (let north = -1_000; north <= 1_000; north += 50) {
  for (let east = -1_000; east <= 1_000; east += 50)
    grid.push({ ...offset(north, east), residents: 10 + ((north + east) % 7 === 0 ? 5.25 : 0), households: 4 });
}
const index = new ResidentIndex(grid);
const sumWhere = (test: (point: PopulationPoint) => boolean) => Math.round(grid.filter(test).reduce((sum, point) => sum + point.residents, 0) * 100) / 100;

describe('ResidentIndex', () => {
  it('sums the residents and households inside a circle and a polygon as a plain filter does', () => {
    expect(index.inside(circleShape(centre, 420))).toEqual({
      residents: sumWhere((point) => haversineMetres(centre, point) <= 420),
      households: 4 * grid.filter((point) => haversineMetres(centre, point) <= 420).length,
    });
    const [south, north] = [offset(-300, 0).lat, offset(200, 0).lat];
    const [west, east] = [offset(0, -250).lng, offset(0, 260).lng];
    const box = polygonShape({
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
    });
    expect(index.inside(box).residents).toBe(sumWhere((point) => point.lat >= south && point.lat <= north && point.lng >= west && point.lng <= east));
    expect(index.totalResidents).toBe(sumWhere(() => true));
  });

  it('counts shared residents no more than either side holds', () => {
    fc.assert(
      fc.property(fc.integer({ min: -800, max: 800 }), fc.integer({ min: 50, max: 900 }), fc.integer({ min: 50, max: 900 }), (east, radiusA, radiusB) => {
        const a = circleShape(centre, radiusA);
        const b = circleShape(offset(0, east), radiusB);
        const shared = index.shared(a, b);
        expect(shared).toBe(sumWhere((point) => haversineMetres(centre, point) <= radiusA && haversineMetres(offset(0, east), point) <= radiusB));
        expect(shared).toBeLessThanOrEqual(index.inside(a).residents);
        expect(shared).toBeLessThanOrEqual(index.inside(b).residents);
      }),
      { numRuns: 40 },
    );
  });

  it('finds the smallest circle holding a number of residents, nearest points first', () => {
    const byDistance = [...grid].sort((p, q) => haversineMetres(centre, p) - haversineMetres(centre, q));
    let sum = 0;
    let needed = 0;
    for (const point of byDistance) {
      sum += point.residents;
      needed = haversineMetres(centre, point);
      if (sum >= 2_000) break;
    }
    const holding = index.radiusHolding(centre, 2_000);
    expect(holding?.radiusMetres).toBeCloseTo(needed, 6);
    expect(holding?.residents).toBe(sumWhere((point) => haversineMetres(centre, point) <= needed));
    expect(holding?.residents).toBeGreaterThanOrEqual(2_000);
  });

  it('answers null when the layer holds fewer residents than asked, and nothing from an empty layer', () => {
    expect(index.radiusHolding(centre, index.totalResidents + 1)).toBeNull();
    expect(index.radiusHolding(centre, index.totalResidents)?.residents).toBe(index.totalResidents);
    const empty = new ResidentIndex([]);
    expect(empty.radiusHolding(centre, 1)).toBeNull();
    expect(empty.inside(circleShape(centre, 1_000))).toEqual({ residents: 0, households: null });
  });
});
