import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_METRES, haversineMetres } from '../region/geometry.js';
import { boxIntersection, CIRCLE_STEPS, circlePolygon, circleShape, polygonShape } from './shape.js';

const centre = { lat: 40.7359, lng: -74.0036 };
const RAD = Math.PI / 180;

/** The point `metres` from `from` on the initial bearing (degrees from north), great circle. */
function destinationPoint(from: { lat: number; lng: number }, metres: number, bearing: number): { lat: number; lng: number } {
  const angle = metres / EARTH_RADIUS_METRES;
  const [lat1, lng1, theta] = [from.lat * RAD, from.lng * RAD, bearing * RAD];
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(theta));
  const lng2 = lng1 + Math.atan2(Math.sin(theta) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / RAD, lng: lng2 / RAD };
}

describe('circleShape', () => {
  it('holds exactly the points within the radius, great circle', () => {
    const shape = circleShape(centre, 300);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      expect(shape.contains(destinationPoint(centre, 299.9, bearing))).toBe(true);
      expect(shape.contains(destinationPoint(centre, 300.1, bearing))).toBe(false);
    }
    const [minLng, minLat, maxLng, maxLat] = shape.bbox;
    for (const bearing of [0, 90, 180, 270]) {
      const edge = destinationPoint(centre, 300, bearing);
      expect(edge.lng >= minLng && edge.lng <= maxLng && edge.lat >= minLat && edge.lat <= maxLat).toBe(true);
    }
  });
});

describe('circlePolygon', () => {
  it('is a closed polygon of 64 sides that holds the whole circle and little more', () => {
    const polygon = circlePolygon(centre, 300);
    const [ring = []] = polygon.coordinates;
    expect(ring).toHaveLength(CIRCLE_STEPS + 1);
    expect(ring[0]).toEqual(ring[CIRCLE_STEPS]);
    const farthest = Math.max(...ring.map(([lng = 0, lat = 0]) => haversineMetres(centre, { lat, lng })));
    expect(farthest / (300 / Math.cos(Math.PI / CIRCLE_STEPS))).toBeCloseTo(1, 2);
  });

  it.each([
    [centre, 300],
    [{ lat: 47.1399, lng: 9.5209 }, 5_000],
    [{ lat: 47.1399, lng: 9.5209 }, 100_000],
    [{ lat: 64.1466, lng: -21.9426 }, 20_000],
  ])('holds every point of the circle around %o of %d m', (at, metres) => {
    const shape = polygonShape(circlePolygon(at, metres));
    for (let bearing = 0; bearing < 360; bearing += 0.25) expect(shape.contains(destinationPoint(at, metres, bearing)), `bearing ${bearing}`).toBe(true);
  });
});

describe('polygonShape', () => {
  it('honours holes and counts edges as inside', () => {
    const outer = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
      [0, 0],
    ];
    const hole = [
      [1, 1],
      [1, 3],
      [3, 3],
      [3, 1],
      [1, 1],
    ];
    const shape = polygonShape({ type: 'Polygon', coordinates: [outer, hole] });
    expect(shape.bbox).toEqual([0, 0, 4, 4]);
    expect(shape.contains({ lat: 0.5, lng: 0.5 })).toBe(true);
    expect(shape.contains({ lat: 2, lng: 2 })).toBe(false);
    expect(shape.contains({ lat: 0, lng: 2 })).toBe(true);
    expect(shape.contains({ lat: 5, lng: 2 })).toBe(false);
  });

  it('takes each part of a multipolygon', () => {
    const square = (x: number) => [
      [x, 0],
      [x + 1, 0],
      [x + 1, 1],
      [x, 1],
      [x, 0],
    ];
    const shape = polygonShape({ type: 'MultiPolygon', coordinates: [[square(0)], [square(5)]] });
    expect([shape.contains({ lat: 0.5, lng: 0.5 }), shape.contains({ lat: 0.5, lng: 5.5 }), shape.contains({ lat: 0.5, lng: 3 })]).toEqual([true, true, false]);
  });
});

describe('boxIntersection', () => {
  it('gives the shared box, or null for boxes apart', () => {
    expect(boxIntersection([0, 0, 2, 2], [1, 1, 3, 3])).toEqual([1, 1, 2, 2]);
    expect(boxIntersection([0, 0, 1, 1], [1, 1, 3, 3])).toEqual([1, 1, 1, 1]);
    expect(boxIntersection([0, 0, 1, 1], [2, 2, 3, 3])).toBeNull();
  });
});
