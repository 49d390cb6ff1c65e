import { describe, expect, it } from 'vitest';
import type { ColumnCodec } from './column.js';
import { lines, point, points, polygons } from './coordinate-columns.js';
import { StringTable, StringTableBuilder } from './string-table.js';
import { json, number, numbers, osmId, string, strings, tags } from './value-columns.js';

/** Writes values through a codec and reads them back as the pack reader does. */
function roundTrip<V, R extends { get(i: number): unknown }>(codec: ColumnCodec<V, R>, values: readonly V[]): unknown[] {
  const table = new StringTableBuilder();
  const builder = codec.builder(table);
  for (const value of values) builder.add(value);
  const buffers = builder.finish();
  const { offsets, bytes } = table.finish();
  const reader = codec.read(buffers, new StringTable(offsets, bytes), values.length);
  return values.map((_value, i) => reader.get(i));
}

describe('value columns', () => {
  it('keeps strings, absent ones as undefined, each distinct string once', () => {
    const table = new StringTableBuilder();
    expect([table.code('Vaduz'), table.code('Städtle'), table.code('Vaduz'), table.code(undefined), table.code(null)]).toEqual([
      0, 1, 0, 0xffff_ffff, 0xffff_ffff,
    ]);
    expect(roundTrip(string, ['Städtle', undefined, null, 'Städtle', ''])).toEqual(['Städtle', undefined, undefined, 'Städtle', '']);
  });

  it('tells an absent list from an empty one', () => {
    expect(roundTrip(strings, [['r1', 'r2'], undefined, [], ['r2']])).toEqual([['r1', 'r2'], undefined, [], ['r2']]);
  });

  it('gives rows with the same list one shared, frozen array', () => {
    const [first, other, same] = roundTrip(strings, [
      ['r1', 'r2'],
      ['r2', 'r1'],
      ['r1', 'r2'],
    ]) as string[][];
    expect(same).toBe(first);
    expect(other).not.toBe(first);
    expect(other).toEqual(['r2', 'r1']);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('keeps tags, numbers with gaps, and lists of numbers with nulls', () => {
    expect(roundTrip(tags, [{ amenity: 'cafe', name: 'Café' }, {}])).toEqual([{ amenity: 'cafe', name: 'Café' }, {}]);
    expect(roundTrip(number, [4.5, null, undefined, 0, -3])).toEqual([4.5, undefined, undefined, 0, -3]);
    expect(roundTrip(numbers, [[1, null, 9], []])).toEqual([[1, null, 9], []]);
  });

  it('stores OSM ids as a type and a number, and other ids as strings', () => {
    expect(roundTrip(osmId, ['n123', 'w8294849643', 'r1155955', 'sample-1', 'n'])).toEqual(['n123', 'w8294849643', 'r1155955', 'sample-1', 'n']);
  });

  it('keeps nested values as JSON', () => {
    const routes = [{ id: 'gtfs:mta:A:0', name: 'A', mode: 'subway', weeklyDepartures: 812 }];
    expect(roundTrip(json, [routes, undefined])).toEqual([routes, undefined]);
  });
});

describe('coordinate columns', () => {
  it('stores whole 10⁻⁷ degrees fixed-point and any other coordinate exactly as Float64', () => {
    const node = { lat: 47.1410301, lng: 9.5209277 };
    const builder = point.builder(new StringTableBuilder());
    builder.add(node);
    expect(builder.finish().coords).toBeInstanceOf(Int32Array);
    expect(roundTrip(point, [node])).toEqual([node]);
    const centroid = { lat: 47.141030149, lng: -122.000000051 };
    const mixed = point.builder(new StringTableBuilder());
    mixed.add(node);
    mixed.add(centroid);
    expect(mixed.finish().coords).toBeInstanceOf(Float64Array);
    expect(roundTrip(point, [node, centroid])).toEqual([node, centroid]);
  });

  it('rejects a coordinate beyond ±180° or not finite', () => {
    expect(() => roundTrip(point, [{ lat: Number.NaN, lng: 0 }])).toThrow(RangeError);
    expect(() => roundTrip(point, [{ lat: 0, lng: 181 }])).toThrow(/within ±180/);
  });

  it('keeps lists of points and lists of lines, empty ones included', () => {
    const a = { lat: 1, lng: 2 };
    const b = { lat: 3, lng: 4 };
    expect(roundTrip(points, [[a, b], [], [b]])).toEqual([[a, b], [], [b]]);
    expect(roundTrip(lines, [[[a, b], [b]], [], [[a]]])).toEqual([[[a, b], [b]], [], [[a]]]);
  });

  it('keeps polygons and multipolygons with their holes', () => {
    const square = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    const hole = [
      [0.2, 0.2],
      [0.2, 0.4],
      [0.4, 0.2],
      [0.2, 0.2],
    ];
    const polygon = { type: 'Polygon' as const, coordinates: [square, hole] };
    const multi = { type: 'MultiPolygon' as const, coordinates: [[square], [hole]] };
    expect(roundTrip(polygons, [polygon, multi])).toEqual([polygon, multi]);
  });
});
