import { describe, expect, it } from 'vitest';
import { BBoxBuilder, haversineMetres, wayCentroid } from './geometry.js';

describe('haversineMetres', () => {
  it('gives one degree of latitude as about 111.2 km and zero for the same point', () => {
    expect(haversineMetres({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, -1);
    expect(haversineMetres({ lat: 47.1, lng: 9.5 }, { lat: 47.1, lng: 9.5 })).toBe(0);
  });
});

describe('wayCentroid', () => {
  it('uses the area centroid of a closed way, not the vertex mean', () => {
    // An L-shaped building: the vertex mean and the area centroid differ.
    const ring = [
      { lat: 0, lng: 0 },
      { lat: 0, lng: 0.002 },
      { lat: 0.001, lng: 0.002 },
      { lat: 0.001, lng: 0.001 },
      { lat: 0.002, lng: 0.001 },
      { lat: 0.002, lng: 0 },
      { lat: 0, lng: 0 },
    ];
    const c = wayCentroid(ring);
    expect(c?.lat).toBeCloseTo(0.000833, 6);
    expect(c?.lng).toBeCloseTo(0.000833, 6);
  });

  it('uses the vertex mean for an open way and null for none', () => {
    expect(
      wayCentroid([
        { lat: 0, lng: 0 },
        { lat: 2, lng: 4 },
      ]),
    ).toEqual({ lat: 1, lng: 2 });
    expect(wayCentroid([])).toBeNull();
  });
});

describe('BBoxBuilder', () => {
  it('grows to hold every point', () => {
    const box = new BBoxBuilder();
    expect(box.result()).toEqual([0, 0, 0, 0]);
    box.add({ lat: 47.1, lng: 9.5 });
    box.add({ lat: 32.3, lng: -86.9 });
    expect(box.result()).toEqual([-86.9, 32.3, 9.5, 47.1]);
  });
});
