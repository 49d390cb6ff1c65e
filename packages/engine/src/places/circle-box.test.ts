import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_METRES, haversineMetres } from '../region/geometry.js';
import { circleBox } from './circle-box.js';

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

describe('circleBox', () => {
  it('holds every point of the circle, or is null', () => {
    const centre = fc.record({ lat: fc.double({ min: -89.9, max: 89.9, noNaN: true }), lng: fc.double({ min: -179.9, max: 179.9, noNaN: true }) });
    fc.assert(
      fc.property(centre, fc.double({ min: 0, max: 50_000, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), (c, r, bearing) => {
        const box = circleBox(c, r);
        const point = destination(c, bearing, r);
        if (box === null || haversineMetres(c, point) > r) return;
        expect(point.lng).toBeGreaterThanOrEqual(box[0]);
        expect(point.lat).toBeGreaterThanOrEqual(box[1]);
        expect(point.lng).toBeLessThanOrEqual(box[2]);
        expect(point.lat).toBeLessThanOrEqual(box[3]);
      }),
      { numRuns: 3_000 },
    );
  });

  it('is null across the antimeridian or around a pole, and a point-sized box for radius 0', () => {
    expect(circleBox({ lat: 10, lng: 179.99 }, 5_000)).toBeNull();
    expect(circleBox({ lat: 89.99, lng: 0 }, 5_000)).toBeNull();
    const [minLng, minLat, maxLng, maxLat] = circleBox({ lat: 47.14, lng: 9.52 }, 0) ?? [];
    expect([minLng, minLat, maxLng, maxLat].map((n) => Math.round((n ?? 0) * 1e6) / 1e6)).toEqual([9.52, 47.14, 9.52, 47.14]);
  });
});
