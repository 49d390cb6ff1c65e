import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_METRES, haversineMetres } from '../region/geometry.js';
import { SearchCircle, cosineOfLatitude, countingBox } from './search-circle.js';

const centre = fc.record({ lat: fc.double({ min: -89.9, max: 89.9, noNaN: true }), lng: fc.double({ min: -179.9, max: 179.9, noNaN: true }) });
const radius = fc.double({ min: 0, max: 20_000, noNaN: true });
/** A point at a bearing and a distance (metres) from `from`, on the sphere. */
function destination(from: { lat: number; lng: number }, bearing: number, metres: number): { lat: number; lng: number } {
  const rad = Math.PI / 180;
  const angle = metres / EARTH_RADIUS_METRES;
  const lat1 = from.lat * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing));
  const lng2 = from.lng * rad + Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  const lng = lng2 / rad;
  return { lat: lat2 / rad, lng: lng > 180 ? lng - 360 : lng < -180 ? lng + 360 : lng };
}

describe('SearchCircle', () => {
  it('decides membership exactly as haversineMetres <= radius, also within a hair of the edge', () => {
    fc.assert(
      fc.property(centre, radius, fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0, max: 2, noNaN: true }), fc.integer({ min: -3, max: 3 }), (c, r, bearing, share, ulps) => {
        const circle = new SearchCircle(c, r);
        // Points anywhere up to twice the radius, a few nanometres either side of it, and either side of the 0.01 % band.
        for (const metres of [r * share, r + ulps * 1e-9, r * (1 + ulps * 1e-7), r * (1 + ulps * 5e-5)]) {
          const point = destination(c, bearing, Math.max(0, metres));
          expect(circle.contains(point.lat, point.lng, cosineOfLatitude(point.lat))).toBe(haversineMetres(c, point) <= r);
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it('has a box holding every point of the circle, or none across the antimeridian', () => {
    fc.assert(
      fc.property(centre, radius, fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), (c, r, bearing) => {
        const { box } = new SearchCircle(c, r);
        const point = destination(c, bearing, r);
        if (box === null || haversineMetres(c, point) > r) return;
        expect(point.lng).toBeGreaterThanOrEqual(box[0]);
        expect(point.lat).toBeGreaterThanOrEqual(box[1]);
        expect(point.lng).toBeLessThanOrEqual(box[2]);
        expect(point.lat).toBeLessThanOrEqual(box[3]);
      }),
      { numRuns: 3_000 },
    );
    expect(new SearchCircle({ lat: 10, lng: 179.99 }, 5_000).box).toBeNull();
    expect(new SearchCircle({ lat: 89.99, lng: 0 }, 5_000).box?.[0]).toBe(-180);
    // A difference that underflows to 0 m is inside a circle of radius 0, and inside its box.
    const centre0 = { lat: 0, lng: 5e-324 };
    expect(haversineMetres(centre0, { lat: 0, lng: 0 })).toBe(0);
    expect(new SearchCircle(centre0, 0).box?.[0]).toBeLessThan(0);
    expect(new SearchCircle(centre0, 0).contains(0, 0, 1)).toBe(true);
  });

  it('holds a box only when every point of it is in the circle', () => {
    let held = 0;
    fc.assert(
      fc.property(centre, fc.double({ min: 1, max: 5_000, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 1e-7, max: 0.02, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (c, r, bearing, share, size, u, v) => {
        const circle = new SearchCircle(c, r);
        const corner = destination(c, bearing, r * share);
        const box = [corner.lng, corner.lat, corner.lng + size, corner.lat + size] as const;
        if (!circle.holdsBox(...box)) return;
        held += 1;
        for (const [x, y] of [[0, 0], [1, 1], [0, 1], [1, 0], [u, v]] as const) {
          const point = { lng: box[0] + x * size, lat: box[1] + y * size };
          expect(haversineMetres(c, point)).toBeLessThanOrEqual(r);
        }
      }),
      { numRuns: 5_000 },
    );
    expect(held).toBeGreaterThan(100);
    expect(new SearchCircle({ lat: 47.14, lng: 9.52 }, 800).holdsBox(9.519, 47.139, 9.521, 47.141)).toBe(true);
    expect(new SearchCircle({ lat: 47.14, lng: 9.52 }, 800).holdsBox(9.519, 47.139, 9.531, 47.141)).toBe(false);
  });

  it('keeps the counting box PointIndex.countWithin has always used', () => {
    const [minLng, minLat, maxLng, maxLat] = countingBox({ lat: 47.14, lng: 9.52 }, 800);
    expect(maxLat - 47.14).toBeCloseTo((800 / 111_195) * 1.001, 12);
    expect(maxLng - 9.52).toBeCloseTo(800 / 111_195 / Math.cos((47.14 * Math.PI) / 180), 12);
    expect([minLng + maxLng, minLat + maxLat].map((sum) => sum / 2)).toEqual([expect.closeTo(9.52, 12), expect.closeTo(47.14, 12)]);
  });
});
