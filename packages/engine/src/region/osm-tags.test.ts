import { describe, expect, it } from 'vitest';
import { isPoi, keptPoiTags } from './osm-tags.js';

describe('isPoi and keptPoiTags', () => {
  it('keeps airports (aeroway=aerodrome) for the reserved venues, not other aeroway objects', () => {
    expect(isPoi({ aeroway: 'aerodrome', name: 'Prattville Airport' })).toBe(true);
    expect(isPoi({ aeroway: 'runway' })).toBe(false);
    expect(isPoi({ aeroway: 'gate', ref: 'A3' })).toBe(false);
    expect(keptPoiTags({ aeroway: 'aerodrome', name: 'Prattville Airport', iata: 'XYZ' })).toEqual({ aeroway: 'aerodrome', name: 'Prattville Airport' });
  });

  it('keeps the other reserved venues through their POI keys, and leaves out street furniture', () => {
    const venues: Array<Record<string, string>> = [
      { leisure: 'stadium' },
      { amenity: 'hospital' },
      { amenity: 'university' },
      { amenity: 'college' },
      { shop: 'mall' },
    ];
    for (const tags of venues) expect(isPoi(tags)).toBe(true);
    expect(isPoi({ amenity: 'bench' })).toBe(false);
  });
});
