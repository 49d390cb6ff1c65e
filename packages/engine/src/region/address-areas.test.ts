import { describe, expect, it } from 'vitest';
import { placeAddressesInAreas } from './address-areas.js';
import { AreaIndex } from './area-index.js';
import type { AddressPoint, Area } from './types.js';

const square = (area: Omit<Area, 'geometry'>, min: number, max: number): Area => ({
  ...area,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [min, min],
        [max, min],
        [max, max],
        [min, max],
        [min, min],
      ],
    ],
  },
});

describe('placeAddressesInAreas', () => {
  const index = new AreaIndex([
    square({ id: 'r1', kind: 'administrative', adminLevel: 2, name: 'Land' }, 0, 10),
    square({ id: 'r2', kind: 'administrative', adminLevel: 8, name: 'Triesenberg' }, 1, 3),
    square({ id: 'r3', kind: 'administrative', adminLevel: 10, name: 'Steg' }, 1.5, 2),
    square({ id: 'r4', kind: 'postal_code', postcode: '9497' }, 1, 2.5),
  ]);

  it('fills a missing municipality and postcode from the areas, and lists every area holding the point', () => {
    const bare: AddressPoint = { lat: 1.8, lng: 1.8, housenumber: '15', street: 'Dorfstrasse', osmId: 'n1' };
    const tagged: AddressPoint = { lat: 2.7, lng: 2.7, housenumber: '2', street: 'Dorfstrasse', city: 'Malbun', postcode: '9490', osmId: 'n2' };
    const outside: AddressPoint = { lat: 20, lng: 20, housenumber: '1', street: 'Far', osmId: 'n3' };
    const counts = placeAddressesInAreas([bare, tagged, outside], index);
    expect(bare).toMatchObject({ city: 'Triesenberg', postcode: '9497', areas: ['r3', 'r4', 'r2', 'r1'] });
    // Tags win over areas: a postal town may differ from the municipality owning the land.
    expect(tagged).toMatchObject({ city: 'Malbun', postcode: '9490', areas: ['r2', 'r1'] });
    expect(outside.areas).toBeUndefined();
    expect(counts).toEqual({ cities: 1, postcodes: 1 });
  });
});
