import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_METRES, haversineMetres } from '../region/geometry.js';
import { cosineOfLatitude, RadiusTest } from './radius-test.js';

/** The point at a bearing (radians) and a distance (metres) from `from`, on the sphere. */
function destination(from: { lat: number; lng: number }, bearing: number, metres: number): { lat: number; lng: number } {
  const rad = Math.PI / 180;
  const angle = metres / EARTH_RADIUS_METRES;
  const lat1 = from.lat * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing));
  const lng2 = from.lng * rad + Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  const lng = lng2 / rad;
  return { lat: lat2 / rad, lng: lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng };
}

describe('RadiusTest', () => {
  it('answers exactly as haversineMetres <= radius, also within a hair of the edge and of the 0.01 % band', () => {
    const centre = fc.record({ lat: fc.double({ min: -89.9, max: 89.9, noNaN: true }), lng: fc.double({ min: -179.9, max: 179.9, noNaN: true }) });
    fc.assert(
      fc.property(
        centre,
        fc.double({ min: 0, max: 20_000, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.integer({ min: -3, max: 3 }),
        (c, r, bearing, share, steps) => {
          const test = new RadiusTest(c, r);
          for (const metres of [r * share, r + steps * 1e-9, r * (1 + steps * 1e-7), r * (1 + steps * 5e-5)]) {
            const point = destination(c, bearing, Math.max(0, metres));
            expect(test.contains(point.lat, point.lng, cosineOfLatitude(point.lat))).toBe(haversineMetres(c, point) <= r);
          }
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('holds the centre in a radius of 0, and a point whose distance underflows to 0 m', () => {
    expect(new RadiusTest({ lat: 47.14, lng: 9.52 }, 0).contains(47.14, 9.52, cosineOfLatitude(47.14))).toBe(true);
    const centre = { lat: 0, lng: 5e-324 };
    expect(new RadiusTest(centre, 0).contains(0, 0, 1)).toBe(haversineMetres(centre, { lat: 0, lng: 0 }) <= 0);
  });
});
