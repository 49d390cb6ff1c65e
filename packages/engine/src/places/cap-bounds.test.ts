import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { haversineMetres } from '../region/geometry.js';
import { BoxPlace, CapBounds } from './cap-bounds.js';

/** `classify` of one box given as four numbers. */
function place(cap: CapBounds, minLng: number, minLat: number, maxLng: number, maxLat: number): BoxPlace {
  return cap.classify(Float64Array.of(minLng, minLat, maxLng, maxLat), 0);
}

describe('CapBounds', () => {
  it('calls a box inside only when all its points are within the radius, outside only when none is', () => {
    const centre = fc.record({ lat: fc.double({ min: -80, max: 80, noNaN: true }), lng: fc.double({ min: -170, max: 170, noNaN: true }) });
    // A box near the centre (within about 0.05°) and points spread over it, corners and edges included.
    const offsetDegrees = fc.double({ min: -0.05, max: 0.05, noNaN: true });
    const spread = fc.array(fc.tuple(fc.constantFrom(0, 1, 0.5), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 4, maxLength: 12 });
    fc.assert(
      fc.property(
        centre,
        fc.double({ min: 0, max: 6_000, noNaN: true }),
        offsetDegrees,
        offsetDegrees,
        offsetDegrees,
        offsetDegrees,
        spread,
        (c, radius, a, b, d, e, shares) => {
          const [minLng, maxLng] = [c.lng + Math.min(a, b), c.lng + Math.max(a, b)];
          const [minLat, maxLat] = [c.lat + Math.min(d, e), c.lat + Math.max(d, e)];
          const found = place(new CapBounds(c, radius), minLng, minLat, maxLng, maxLat);
          // Clamped: `min + share × (max − min)` can round past `max`.
          const points = shares.map(([s, t], i) => ({
            lng: Math.min(maxLng, minLng + (i % 2 === 0 ? s : t) * (maxLng - minLng)),
            lat: Math.min(maxLat, minLat + (i % 2 === 0 ? t : s) * (maxLat - minLat)),
          }));
          for (const point of [
            ...points,
            { lng: minLng, lat: minLat },
            { lng: maxLng, lat: maxLat },
            { lng: minLng, lat: maxLat },
            { lng: maxLng, lat: minLat },
          ]) {
            if (found === BoxPlace.inside) expect(haversineMetres(c, point)).toBeLessThanOrEqual(radius);
            if (found === BoxPlace.outside) expect(haversineMetres(c, point)).toBeGreaterThan(radius);
          }
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('tells a box well inside, one well outside and one across the edge', () => {
    const cap = new CapBounds({ lat: 47.14, lng: 9.52 }, 1_000);
    // About 150 m by 110 m around the centre; 2 km east; straddling the circle's eastern edge.
    expect(place(cap, 9.519, 47.1395, 9.521, 47.1405)).toBe(BoxPlace.inside);
    expect(place(cap, 9.546, 47.139, 9.548, 47.141)).toBe(BoxPlace.outside);
    expect(place(cap, 9.53, 47.139, 9.54, 47.141)).toBe(BoxPlace.crossing);
    // Longitudes 180° or more away, a box with no extent at the centre (radius 0), and a NaN box.
    expect(place(new CapBounds({ lat: 0, lng: 179.9 }, 50_000), -180, -1, 180, 1)).toBe(BoxPlace.crossing);
    expect(place(new CapBounds({ lat: 47.14, lng: 9.52 }, 0), 9.52, 47.14, 9.52, 47.14)).toBe(BoxPlace.crossing);
    expect(place(cap, Number.NaN, 47.14, 9.52, 47.14)).toBe(BoxPlace.crossing);
  });
});
