import { describe, expect, it } from 'vitest';
import { assembleRings } from './ring-assembly.js';
import type { LatLng } from './types.js';

const p = (lng: number, lat: number): LatLng => ({ lat, lng });

describe('assembleRings', () => {
  it('joins outer ways end to end (reversing where needed), counter-clockwise, with a clockwise hole', () => {
    const geometry = assembleRings([
      { id: 1, role: 'outer', points: [p(0, 0), p(1, 0), p(1, 1)] },
      { id: 2, role: 'outer', points: [p(0, 0), p(0, 1), p(1, 1)] },
      { id: 3, role: 'inner', points: [p(0.2, 0.2), p(0.8, 0.2), p(0.8, 0.8), p(0.2, 0.8), p(0.2, 0.2)] },
    ]);
    expect(geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0],
        ],
        [
          [0.2, 0.2],
          [0.2, 0.8],
          [0.8, 0.8],
          [0.8, 0.2],
          [0.2, 0.2],
        ],
      ],
    });
  });

  it('gives a MultiPolygon for several outer rings (an exclave), each with its own holes', () => {
    const geometry = assembleRings([
      { id: 1, role: 'outer', points: [p(0, 0), p(1, 0), p(1, 1), p(0, 1), p(0, 0)] },
      { id: 2, role: 'outer', points: [p(5, 5), p(6, 5), p(6, 6), p(5, 5)] },
      { id: 3, role: 'inner', points: [p(5.5, 5.2), p(5.8, 5.2), p(5.8, 5.4), p(5.5, 5.2)] },
    ]);
    expect(geometry?.type).toBe('MultiPolygon');
    expect(geometry?.type === 'MultiPolygon' ? geometry.coordinates.map((polygon) => polygon.length) : []).toEqual([1, 2]);
  });

  it('refuses a relation whose ring does not close (a member cut off at the extract edge) instead of a smaller area', () => {
    const closed = { id: 9, role: 'outer' as const, points: [p(5, 5), p(6, 5), p(6, 6), p(5, 5)] };
    expect(assembleRings([{ id: 1, role: 'outer', points: [p(0, 0), p(1, 0), p(1, 1)] }])).toBeNull();
    expect(assembleRings([closed, { id: 1, role: 'outer', points: [p(0, 0), p(1, 0), p(1, 1)] }])).toBeNull();
    expect(assembleRings([closed, { id: 2, role: 'inner', points: [p(5.5, 5.2), p(5.8, 5.2)] }])).toBeNull();
  });

  it('needs an outer way, and rounds coordinates to OSM precision (1e-7 degrees)', () => {
    expect(assembleRings([{ id: 3, role: 'inner', points: [p(0, 0), p(1, 0), p(1, 1), p(0, 0)] }])).toBeNull();
    const geometry = assembleRings([{ id: 1, role: 'outer', points: [p(9.123456789, 47.1), p(9.2, 47.1), p(9.2, 47.2), p(9.123456789, 47.1)] }]);
    expect(geometry?.type === 'Polygon' ? geometry.coordinates[0]?.[0] : null).toEqual([9.1234568, 47.1]);
  });

  it('closes a ring whose ways come out of order, growing the chain at its start when its end meets nothing', () => {
    const geometry = assembleRings([
      { id: 1, role: 'outer', points: [p(1, 0), p(1, 1)] },
      { id: 2, role: 'outer', points: [p(0, 1), p(0, 0)] },
      { id: 3, role: 'outer', points: [p(0, 0), p(1, 0)] },
      { id: 4, role: 'outer', points: [p(0, 1), p(1, 1)] },
    ]);
    expect(geometry?.type).toBe('Polygon');
    const ring = geometry?.type === 'Polygon' ? geometry.coordinates[0] : [];
    expect(ring).toHaveLength(5);
    expect(new Set(ring?.map((position) => position.join(',')))).toEqual(new Set(['0,0', '1,0', '1,1', '0,1']));
  });

  it('refuses an inner ring that lies in no outer ring', () => {
    expect(
      assembleRings([
        { id: 1, role: 'outer', points: [p(0, 0), p(1, 0), p(1, 1), p(0, 0)] },
        { id: 2, role: 'inner', points: [p(5, 5), p(6, 5), p(6, 6), p(5, 5)] },
      ]),
    ).toBeNull();
  });
});
