import { describe, expect, it } from 'vitest';
import { offset, poi } from '../../test/synthetic-region.js';
import { PoiOutlines } from './poi-outlines.js';

/** A closed square way of `side` metres with its south-west corner `north`/`east` metres from the origin. */
const square = (north: number, east: number, side: number) => [
  offset(north, east),
  offset(north, east + side),
  offset(north + side, east + side),
  offset(north + side, east),
  offset(north, east),
];

describe('PoiOutlines', () => {
  it('records the outlines holding each POI, not the POI itself, and only closed ways', () => {
    const outlines = new PoiOutlines();
    outlines.add('w1', square(0, 0, 40));
    outlines.add('w2', square(10, 10, 10));
    outlines.add('w3', square(0, 0, 40).slice(0, 4)); // not closed
    outlines.add('w4', square(0, 0, 40).slice(0, 3));
    expect(outlines.size).toBe(2);
    const inBoth = { ...poi({ amenity: 'kindergarten', name: 'Kita' }, 15, 15), id: 'n1' };
    const inOne = { ...poi({ amenity: 'kindergarten' }, 30, 30), id: 'n2' };
    const outside = { ...poi({ amenity: 'kindergarten' }, 60, 60), id: 'n3' };
    const itself = { ...poi({ amenity: 'kindergarten' }, 20, 20), id: 'w1' };
    expect(outlines.assign([inBoth, inOne, outside, itself])).toBe(3);
    expect(inBoth.inside).toEqual(['w1', 'w2']);
    expect(inOne.inside).toEqual(['w1']);
    expect(outside.inside).toBeUndefined();
    expect(itself.inside).toEqual(['w2']);
  });

  it('assigns nothing without outlines', () => {
    const lone = poi({ shop: 'hairdresser' }, 0, 0);
    expect(new PoiOutlines().assign([lone])).toBe(0);
    expect(lone.inside).toBeUndefined();
  });
});
