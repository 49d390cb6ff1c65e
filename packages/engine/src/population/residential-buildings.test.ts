import { describe, expect, it } from 'vitest';
import { offset } from '../../test/synthetic-region.js';
import { ResidentialBuildingCollector } from './building-collect.js';
import { floorAreaOf } from './floor-area.js';
import { levelsOf, residentialKindOf, ringAreaM2 } from './residential-buildings.js';

/** A closed square ring of `side` metres with its south-west corner `north`/`east` metres from the origin. */
const square = (side: number, north = 0, east = 0) => {
  const ring = [offset(north, east), offset(north, east + side), offset(north + side, east + side), offset(north + side, east)];
  return [...ring, ring[0] ?? offset(north, east)];
};

describe('residential buildings', () => {
  it('tells dwellings from other buildings by their tags', () => {
    expect(residentialKindOf({ building: 'house' })).toBe('house');
    expect(residentialKindOf({ building: 'yes' })).toBe('yes');
    expect(residentialKindOf({ building: 'yes', shop: 'bakery' })).toBeNull();
    expect(residentialKindOf({ building: 'yes', tourism: 'hotel' })).toBeNull();
    expect(residentialKindOf({ building: 'yes', tourism: 'guest_house' })).toBe('yes');
    expect(residentialKindOf({ building: 'industrial' })).toBeNull();
    expect(residentialKindOf({ building: 'commercial', 'building:use': 'residential' })).toBe('commercial');
    expect(residentialKindOf({ building: 'yes', 'building:use': 'retail' })).toBeNull();
    expect(residentialKindOf({ amenity: 'school' })).toBeNull();
  });

  it('reads storeys from building:levels or height, and footprints in square metres', () => {
    expect(levelsOf({ 'building:levels': '5' })).toBe(5);
    expect(levelsOf({ 'building:levels': '3;4' })).toBe(3);
    expect(levelsOf({ height: '12 m' })).toBe(4);
    expect(levelsOf({ height: 'tall' })).toBeNull();
    expect(levelsOf({})).toBeNull();
    expect(ringAreaM2(square(20))).toBeCloseTo(400, 0);
    expect(ringAreaM2(square(100))).toBeCloseTo(10_000, -1);
  });

  it('collects dwellings of 30 m² and more, leaving building=yes on industrial land out', () => {
    const collector = new ResidentialBuildingCollector();
    const industrial = square(200, 1_000, 1_000);
    collector.offerWay({ landuse: 'industrial' }, industrial, offset(1_100, 1_100));
    collector.offerWay({ building: 'yes' }, square(20, 1_050, 1_050), offset(1_060, 1_060));
    collector.offerWay({ building: 'apartments' }, square(20, 1_100, 1_100), offset(1_110, 1_110));
    collector.offerWay({ building: 'yes' }, square(20), offset(10, 10));
    collector.offerWay({ building: 'yes' }, square(5, 100, 100), offset(102, 102));
    const kinds = collector.finish().map(({ kind, footprintM2 }) => [kind, Math.round(footprintM2)]);
    expect(kinds).toEqual([
      ['apartments', 400],
      ['yes', 400],
    ]);
  });

  it('gives untagged storeys the extract median of the kind once 20 are tagged, else the default', () => {
    const tagged = Array.from({ length: 20 }, () => ({ lat: 0, lng: 0, kind: 'apartments', footprintM2: 100, levels: 6 }));
    const floorArea = floorAreaOf([...tagged, { lat: 0, lng: 0, kind: 'house', footprintM2: 100, levels: 3 }]);
    expect(floorArea({ lat: 0, lng: 0, kind: 'apartments', footprintM2: 100, levels: null })).toBe(600);
    expect(floorArea({ lat: 0, lng: 0, kind: 'house', footprintM2: 100, levels: null })).toBe(200);
    expect(floorArea({ lat: 0, lng: 0, kind: 'house', footprintM2: 100, levels: 1 })).toBe(100);
  });
});
