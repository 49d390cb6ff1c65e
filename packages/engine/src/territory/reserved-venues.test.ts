import { RESERVED_VENUE_KINDS, RESERVED_VENUE_TAGS } from '@locscore/schema';
import { describe, expect, it } from 'vitest';
import type { LatLng, Poi } from '../region/types.js';
import { ReservedVenueIndex, reservedVenueKind } from './reserved-venues.js';
import { circleShape } from './shape.js';

const centre = { lat: 47.1399, lng: 9.5209 };
const PER_LAT = 111_195;
const PER_LNG = PER_LAT * Math.cos((centre.lat * Math.PI) / 180);
const offset = (north: number, east: number): LatLng => ({ lat: centre.lat + north / PER_LAT, lng: centre.lng + east / PER_LNG });
const poi = (id: string, name: string | null, tags: Record<string, string>, at: LatLng): Poi => ({
  id,
  name,
  ...at,
  tags: name === null ? tags : { ...tags, name },
  rating: null,
});

describe('reservedVenueKind', () => {
  it('recognises each reserved tag and nothing else', () => {
    for (const kind of RESERVED_VENUE_KINDS) {
      const [key = '', value = ''] = RESERVED_VENUE_TAGS[kind].split('=');
      expect(reservedVenueKind({ [key]: value })).toBe(kind);
    }
    expect(reservedVenueKind({ aeroway: 'runway' })).toBeNull();
    expect(reservedVenueKind({ amenity: 'school' })).toBeNull();
    expect(reservedVenueKind({ leisure: 'sports_centre' })).toBeNull();
  });
});

describe('ReservedVenueIndex', () => {
  const pois = [
    poi('n1', 'Landesspital', { amenity: 'hospital' }, offset(100, 0)),
    poi('w2', 'Landesspital', { amenity: 'hospital', building: 'yes' }, offset(120, 10)),
    poi('w3', null, { leisure: 'stadium' }, offset(0, -300)),
    poi('w4', 'Flugplatz', { aeroway: 'aerodrome' }, offset(5_000, 0)),
    poi('n5', 'Café', { amenity: 'cafe' }, offset(10, 10)),
  ];
  const index = new ReservedVenueIndex(pois);

  it('joins the mappings of one venue and keeps unnamed venues, nearest first', () => {
    expect(index.size).toBe(3);
    expect(index.inside(circleShape(centre, 1_000), centre)).toEqual([
      { name: 'Landesspital', kind: 'hospital', osmTag: 'amenity=hospital', osmId: 'n1', coordinates: offset(100, 0), distanceMetres: 100 },
      { name: null, kind: 'stadium', osmTag: 'leisure=stadium', osmId: 'w3', coordinates: offset(0, -300), distanceMetres: 300 },
    ]);
  });

  it('finds what lies inside the territory only', () => {
    expect(index.inside(circleShape(centre, 50), centre)).toEqual([]);
    expect(index.inside(circleShape(centre, 6_000), centre).map((venue) => venue.name)).toEqual(['Landesspital', null, 'Flugplatz']);
  });
});
