import { describe, expect, it } from 'vitest';
import { MAX_TERRITORY_VERTICES, TerritoryGeometryInput } from './territory-geometry.js';

const issuesOf = (input: unknown) =>
  (TerritoryGeometryInput.safeParse(input).error?.issues ?? []).map((issue) => ({ field: issue.path.join('.'), message: issue.message }));

const square: Array<[number, number]> = [
  [9.52, 47.14],
  [9.53, 47.14],
  [9.53, 47.15],
  [9.52, 47.15],
  [9.52, 47.14],
];

/** A closed ring of `vertices` positions (the last repeating the first) on a small wavy circle around Vaduz. */
function wavyRing(vertices: number): Array<[number, number]> {
  const ring: Array<[number, number]> = [];
  for (let i = 0; i < vertices - 1; i++) {
    const angle = (2 * Math.PI * i) / (vertices - 1);
    const radius = 0.01 * (1 + 0.05 * Math.sin(angle * 50));
    ring.push([9.52 + radius * Math.cos(angle), 47.14 + radius * Math.sin(angle)]);
  }
  ring.push(ring[0] as [number, number]);
  return ring;
}

describe('TerritoryGeometryInput', () => {
  it('accepts a polygon with a hole and drops altitudes', () => {
    const hole: Array<[number, number]> = [
      [9.524, 47.144],
      [9.524, 47.146],
      [9.526, 47.146],
      [9.526, 47.144],
      [9.524, 47.144],
    ];
    const withAltitude = square.map(([lng, lat]) => [lng, lat, 455]);
    expect(TerritoryGeometryInput.parse({ type: 'Polygon', coordinates: [withAltitude, hole] })).toEqual({ type: 'Polygon', coordinates: [square, hole] });
  });

  it('accepts a multipolygon whose parts are apart', () => {
    const east = square.map(([lng, lat]): [number, number] => [lng + 0.05, lat]);
    expect(TerritoryGeometryInput.safeParse({ type: 'MultiPolygon', coordinates: [[square], [east]] }).success).toBe(true);
  });

  it('names a ring that is open, too short or without area', () => {
    expect(issuesOf({ type: 'Polygon', coordinates: [square.slice(0, 4)] })).toEqual([
      { field: 'coordinates.0', message: 'ring must be closed: its last position must repeat its first' },
    ]);
    expect(issuesOf({ type: 'Polygon', coordinates: [[square[0], square[1], square[0]]] })[0]).toEqual({
      field: 'coordinates.0',
      message: 'a ring needs at least 4 positions: 3 corners and the first again',
    });
    const flat = [
      [9.52, 47.14],
      [9.53, 47.14],
      [9.54, 47.14],
      [9.52, 47.14],
    ];
    expect(issuesOf({ type: 'Polygon', coordinates: [flat] })).toEqual([{ field: 'coordinates.0', message: 'ring 0 has no area' }]);
  });

  it('refuses a bow tie, naming the ring and where it crosses itself', () => {
    const bowTie = [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(issuesOf({ type: 'Polygon', coordinates: [bowTie] })).toEqual([
      { field: 'coordinates.0', message: 'territory.geometry must not self-intersect: ring 0 crosses itself at [0.5, 0.5]' },
    ]);
  });

  it('refuses a hole crossing the outer ring, in the part of a multipolygon where it is', () => {
    const outer = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
      [0, 0],
    ];
    const hole = [
      [1, 1],
      [5, 2],
      [1, 3],
      [1, 1],
    ];
    expect(issuesOf({ type: 'MultiPolygon', coordinates: [[square], [outer, hole]] })).toEqual([
      { field: 'coordinates.1.0', message: 'territory.geometry must not self-intersect: polygon 1: ring 0 crosses ring 1 at [4, 1.75]' },
    ]);
  });

  it('names positions out of range and geometries of another type', () => {
    const ring = square.map(([lng, lat], index): [number, number] => (index === 1 ? [181, lat] : index === 2 ? [lng, -91] : [lng, lat]));
    expect(issuesOf({ type: 'Polygon', coordinates: [ring] })).toEqual([
      { field: 'coordinates.0.1.0', message: 'longitude must be between -180 and 180' },
      { field: 'coordinates.0.2.1', message: 'latitude must be between -90 and 90' },
    ]);
    expect(issuesOf({ type: 'Point', coordinates: [9.52, 47.14] })).toEqual([
      { field: 'type', message: 'territory.geometry.type must be Polygon or MultiPolygon' },
    ]);
    expect(issuesOf({ type: 'Polygon', coordinates: [[[9.52], ...square.slice(1)]] })[0]?.field).toBe('coordinates.0.0.1');
    expect(issuesOf('POLYGON((0 0, 1 0, 1 1, 0 0))')[0]?.message).toBe('territory.geometry must be a GeoJSON Polygon or MultiPolygon');
  });

  it(`accepts ${MAX_TERRITORY_VERTICES} vertices and refuses one more`, () => {
    expect(issuesOf({ type: 'Polygon', coordinates: [wavyRing(MAX_TERRITORY_VERTICES)] })).toEqual([]);
    expect(issuesOf({ type: 'Polygon', coordinates: [wavyRing(MAX_TERRITORY_VERTICES + 1)] })).toEqual([
      { field: 'coordinates', message: `territory.geometry has ${MAX_TERRITORY_VERTICES + 1} vertices; at most ${MAX_TERRITORY_VERTICES} are allowed` },
    ]);
  });
});
