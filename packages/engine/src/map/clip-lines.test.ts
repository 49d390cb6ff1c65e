import { describe, expect, it } from 'vitest';
import { haversineMetres } from '../region/geometry.js';
import { clipToCircle } from './clip-lines.js';

/** A point `east` and `north` metres from a centre at 47.14° N (about 75.8 km a degree of longitude). */
const centre = { lat: 47.14, lng: 9.52 };
const at = (east: number, north: number) => ({
  lat: centre.lat + north / 111_195,
  lng: centre.lng + east / (111_195 * Math.cos((centre.lat * Math.PI) / 180)),
});

describe('clipToCircle', () => {
  it('keeps a line that crosses the circle from the vertex before to the vertex after', () => {
    const line = [at(-900, 0), at(-400, 0), at(0, 0), at(400, 0), at(900, 0)];
    expect(clipToCircle(line, centre, 500)).toEqual([line]);
    expect(clipToCircle(line, centre, 100)).toEqual([[line[1], line[2], line[3]]]);
  });

  it('keeps a segment whose ends are both outside but whose middle passes inside', () => {
    const line = [at(-600, 50), at(600, 50)];
    expect(clipToCircle(line, centre, 100)).toEqual([line]);
    expect(clipToCircle(line, centre, 49)).toEqual([]);
  });

  it('splits a line that leaves the circle and comes back into two lines', () => {
    const line = [at(-50, 0), at(-50, 400), at(-2000, 400), at(-2000, -400), at(50, -400), at(50, 0)];
    const runs = clipToCircle(line, centre, 200);
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(run.length).toBeGreaterThanOrEqual(2);
    expect(runs[0]?.[0]).toEqual(line[0]);
    expect(runs[1]?.[runs[1].length - 1]).toEqual(line[5]);
  });

  it('drops lines that stay outside, and a single point', () => {
    expect(clipToCircle([at(300, 300), at(600, 300)], centre, 200)).toEqual([]);
    expect(clipToCircle([at(0, 0)], centre, 200)).toEqual([]);
    expect(haversineMetres(centre, at(300, 300))).toBeGreaterThan(200);
  });
});
