import { describe, expect, it } from 'vitest';
import { matchOf } from './geocode-helpers.js';
import { createGeocoder } from '../src/geocode/geocoder.js';
import type { AddressPoint, Street } from '../src/region/types.js';

const TOWNS = ['Vaduz', 'Triesen', 'Schaan', 'Balzers', 'Montréal', 'Brossard', 'Longueuil', 'Laval', 'New York', 'Hoboken'];
const NAMES = ['Saint-Laurent', 'Landstrasse', 'Kirchgasse', 'Gouin', 'Sainte-Catherine', 'Perry', 'Matte', 'Höfleweg', 'Côte-des-Neiges', 'Main'];
const TYPES = ['Boulevard', 'Rue', 'Avenue', 'Street', 'Chemin', ''];

/**
 * A synthetic region of 100,000 addresses: 10 towns × 200 streets × 50
 * numbers, with names reused across towns (as real regions do) so that town
 * disambiguation is exercised at scale.
 */
function syntheticRegion(): { addresses: AddressPoint[]; streets: Street[]; names: string[] } {
  const addresses: AddressPoint[] = [];
  const streets: Street[] = [];
  const names: string[] = [];
  for (let s = 0; s < 200; s += 1) {
    const type = TYPES[s % TYPES.length] ?? '';
    const base = `${NAMES[s % NAMES.length] ?? 'Main'}${s >= NAMES.length ? ` ${Math.floor(s / NAMES.length)}` : ''}`;
    names.push(type === '' ? `${base}strasse` : type === 'Street' ? `${base} Street` : `${type} ${base}`);
  }
  TOWNS.forEach((city, t) => {
    names.forEach((street, s) => {
      const lat = 45 + t * 0.1 + s * 0.001;
      for (let n = 1; n <= 100; n += 2) {
        addresses.push({ street, housenumber: String(n * 3), city, postcode: String(9000 + t), lat, lng: -73 + n * 0.00005, osmId: `n${addresses.length}` });
      }
      streets.push({ name: street, city, lines: [[{ lat, lng: -73 }, { lat, lng: -72.99 }]] });
    });
  });
  return { addresses, streets, names };
}

describe('geocoder throughput on 100,000 addresses', () => {
  // Speed is measured by bench/geocoder-accuracy.ts, not here.
  it('builds its indexes once and locates every query, exact, interpolated or at the street', () => {
    const { addresses, streets, names } = syntheticRegion();
    expect(addresses.length).toBe(100_000);
    const geocoder = createGeocoder({ addresses, streets, interpolations: [] });

    const queries: string[] = [];
    for (let i = 0; i < 5_000; i += 1) {
      const street = names[(i * 7) % names.length] ?? '';
      const town = TOWNS[i % TOWNS.length] ?? '';
      const number = 3 + ((i * 13) % 150); // exact, interpolated and beyond-the-end numbers
      queries.push(i % 3 === 0 ? `${number} ${street.toUpperCase()}, ${town}` : `${street} ${number}, ${9000 + (i % TOWNS.length)} ${town}`);
    }
    let located = 0;
    for (const query of queries) if (matchOf(geocoder, query) !== null) located += 1;
    expect(located).toBe(queries.length);
  });
});
