import type { AddressPoint, Street } from '../src/region/types.js';

/** The towns of {@link syntheticAddresses}. */
export const SYNTHETIC_TOWNS = ['Vaduz', 'Triesen', 'Schaan', 'Balzers', 'Montréal', 'Brossard', 'Longueuil', 'Laval', 'New York', 'Hoboken'];
const NAMES = ['Saint-Laurent', 'Landstrasse', 'Kirchgasse', 'Gouin', 'Sainte-Catherine', 'Perry', 'Matte', 'Höfleweg', 'Côte-des-Neiges', 'Main'];
const TYPES = ['Boulevard', 'Rue', 'Avenue', 'Street', 'Chemin', ''];

/** A synthetic region's address points and streets, with the street names it used. */
export interface SyntheticAddresses {
  addresses: AddressPoint[];
  streets: Street[];
  names: string[];
}

/**
 * A synthetic region of 100,000 addresses: 10 towns × 200 streets × 50
 * numbers (odd numbers times 3), with names reused across towns (as real
 * regions do) so that town disambiguation is exercised at scale. Postcodes are
 * `9000 + town index`.
 */
export function syntheticAddresses(): SyntheticAddresses {
  const addresses: AddressPoint[] = [];
  const streets: Street[] = [];
  const names: string[] = [];
  for (let s = 0; s < 200; s += 1) {
    const type = TYPES[s % TYPES.length] ?? '';
    const base = `${NAMES[s % NAMES.length] ?? 'Main'}${s >= NAMES.length ? ` ${Math.floor(s / NAMES.length)}` : ''}`;
    names.push(type === '' ? `${base}strasse` : type === 'Street' ? `${base} Street` : `${type} ${base}`);
  }
  SYNTHETIC_TOWNS.forEach((city, t) => {
    names.forEach((street, s) => {
      const lat = 45 + t * 0.1 + s * 0.001;
      for (let n = 1; n <= 100; n += 2) {
        addresses.push({ street, housenumber: String(n * 3), city, postcode: String(9000 + t), lat, lng: -73 + n * 0.00005, osmId: `n${addresses.length}` });
      }
      streets.push({
        name: street,
        city,
        lines: [
          [
            { lat, lng: -73 },
            { lat, lng: -72.99 },
          ],
        ],
      });
    });
  });
  return { addresses, streets, names };
}

/**
 * `count` civic-address queries over {@link syntheticAddresses}: mapped
 * numbers and numbers between two mapped ones of the same parity on one
 * block (interpolated), in two writing orders and in upper case, each in a
 * town that has the street.
 */
export function syntheticQueries(names: readonly string[], count: number): string[] {
  const queries: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const street = names[(i * 7) % names.length] ?? '';
    const town = SYNTHETIC_TOWNS[i % SYNTHETIC_TOWNS.length] ?? '';
    // Mapped numbers are 3 × odd (3, 9, 15…); 3 × odd + 2 lies between two of them (5 between 3 and 9), except across a hundred.
    const mapped = 3 * (2 * ((i * 13) % 16) + 1);
    const number = i % 2 === 0 || Math.floor(mapped / 100) !== Math.floor((mapped + 6) / 100) ? mapped : mapped + 2;
    queries.push(i % 3 === 0 ? `${number} ${street.toUpperCase()}, ${town}` : `${street} ${number}, ${9000 + (i % SYNTHETIC_TOWNS.length)} ${town}`);
  }
  return queries;
}
