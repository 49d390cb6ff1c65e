import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import type { MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { PreparedPolygon } from './area-pip.js';

/** A closed ring of `n` points around a centre, its radius wobbling so that edges slope every way. */
function wobblyRing(cx: number, cy: number, radius: number, n: number): Position[] {
  const ring: Position[] = [];
  for (let i = 0; i < n; i++) {
    const angle = (2 * Math.PI * i) / n;
    const r = radius * (1 + 0.3 * Math.sin(7 * angle));
    ring.push([Math.round((cx + r * Math.cos(angle)) * 1e7) / 1e7, Math.round((cy + r * Math.sin(angle)) * 1e7) / 1e7]);
  }
  ring.push(ring[0] as Position);
  return ring;
}

/** Points of a grid over the box, every vertex, and the midpoint of every edge (on the boundary). */
function probes(geometry: Polygon | MultiPolygon, steps: number): Position[] {
  const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  const points = rings.flat();
  const xs = points.map((p) => p[0] ?? 0);
  const ys = points.map((p) => p[1] ?? 0);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const out: Position[] = [...points];
  for (const ring of rings)
    for (let i = 0; i + 1 < ring.length; i++)
      out.push([((ring[i]?.[0] ?? 0) + (ring[i + 1]?.[0] ?? 0)) / 2, ((ring[i]?.[1] ?? 0) + (ring[i + 1]?.[1] ?? 0)) / 2]);
  for (let i = -1; i <= steps + 1; i++)
    for (let j = -1; j <= steps + 1; j++) out.push([minX + ((maxX - minX) * i) / steps, minY + ((maxY - minY) * j) / steps]);
  return out;
}

function expectSameAnswers(geometry: Polygon | MultiPolygon, steps: number): number {
  const prepared = new PreparedPolygon(geometry);
  let inside = 0;
  for (const [x = 0, y = 0] of probes(geometry, steps)) {
    const expected = booleanPointInPolygon([x, y], geometry);
    expect([x, y, prepared.contains(x, y)]).toEqual([x, y, expected]);
    if (expected) inside++;
  }
  return inside;
}

describe('PreparedPolygon', () => {
  it('answers as turf for a ring of many edges with a hole, on vertices, edges and a grid', () => {
    const polygon: Polygon = { type: 'Polygon', coordinates: [wobblyRing(9.5, 47.1, 0.1, 2000), wobblyRing(9.5, 47.1, 0.03, 300).reverse()] };
    expect(expectSameAnswers(polygon, 120)).toBeGreaterThan(1000);
  });

  it('answers as turf for a multipolygon with axis-parallel edges (horizontal edges on a probe latitude)', () => {
    const square: Position[] = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
      [0, 0],
    ];
    const geometry: MultiPolygon = { type: 'MultiPolygon', coordinates: [[square], [wobblyRing(5, 5, 1, 50)]] };
    expect(expectSameAnswers(geometry, 40)).toBeGreaterThan(100);
  });

  it('leaves an unclosed ring to turf, which refuses it', () => {
    const polygon: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      ],
    };
    expect(() => new PreparedPolygon(polygon).contains(0.5, 0.2)).toThrow(/First and last/);
  });
});
