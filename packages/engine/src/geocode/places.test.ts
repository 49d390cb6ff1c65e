import { describe, expect, it } from 'vitest';
import type { AddressPoint } from '../region/types.js';
import { RegionPlaces } from './places.js';

const at = (city: string, osmId: string): AddressPoint => ({ street: 'Main Street', housenumber: '1', lat: 45, lng: -73, osmId, city });

describe('RegionPlaces.cityKeyOf', () => {
  it('reads the initials of a municipality of three or more words as its key', () => {
    const places = new RegionPlaces({ addresses: [at('New York City', 'n1'), at('Saint-Jean-sur-Richelieu', 'n2')] });
    expect(places.cityKeyOf('NYC')).toBe('new york');
    expect(places.cityKeyOf('S.J.S.R.')).toBe('saint jean sur richelieu');
    expect(places.cityKeyOf('New York City')).toBe('new york');
  });

  it('keeps a name the region knows, and lets shared initials stand for neither', () => {
    const places = new RegionPlaces({ addresses: [at('Saint Jean sur Richelieu', 'n1'), at('Saint Jacques sur Rhône', 'n2'), at('Sjsr', 'n3')] });
    expect(places.cityKeyOf('SJSR')).toBe('sjsr');
    const clash = new RegionPlaces({ addresses: [at('Saint Jean sur Richelieu', 'n1'), at('Saint Jacques sur Rhône', 'n2')] });
    expect(clash.cityKeyOf('SJSR')).toBe('sjsr');
    expect(new RegionPlaces({ addresses: [at('Buchs', 'n1')] }).cityKeyOf('B')).toBe('b');
  });
});
