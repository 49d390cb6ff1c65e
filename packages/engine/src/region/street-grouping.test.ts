import { foldText } from '@locscore/schema';
import { describe, expect, it } from 'vitest';
import { haversineMetres } from './geometry.js';
import { groupStreets, STREET_CITY_RADIUS_METRES, type StreetLine } from './street-grouping.js';
import type { AddressPoint, LatLng } from './types.js';

const line = (name: string, from: LatLng, metresEast = 200, altNames: string[] = []): StreetLine => ({
  name,
  altNames,
  line: [from, { lat: from.lat, lng: from.lng + metresEast / (111_195 * Math.cos((from.lat * Math.PI) / 180)) }],
});
const address = (street: string, city: string | undefined, at: LatLng): AddressPoint => ({
  ...at,
  street,
  housenumber: '1',
  osmId: 'n1',
  ...(city === undefined ? {} : { city }),
});

const foldedNames = new Map<string, string>();
const folded = (name: string): string => foldedNames.get(name) ?? foldedNames.set(name, foldText(name)).get(name) ?? name;

/** The municipality the quadratic grouping gave a way: the nearest same-name address with a town within 3 km, first in list order on ties. */
function bruteCity(way: StreetLine, addresses: readonly AddressPoint[]): string | undefined {
  const middle = way.line[Math.floor(way.line.length / 2)] as LatLng;
  let best = STREET_CITY_RADIUS_METRES;
  let city: string | undefined;
  for (const a of addresses) {
    if (a.city === undefined || folded(a.street) !== folded(way.name)) continue;
    const d = haversineMetres(middle, a);
    if (d < best) [best, city] = [d, a.city];
  }
  return city;
}

describe('groupStreets', () => {
  it("gives each town's street of one name its own street, in the order of their first way", () => {
    const vaduz = { lat: 47.14, lng: 9.52 };
    const schaan = { lat: 47.165, lng: 9.51 };
    const streets = groupStreets(
      [line('Landstrasse', vaduz), line('Landstrasse', schaan, 300, ['Hauptstrasse']), line('landstrasse', { lat: 47.1402, lng: 9.5203 })],
      [address('Landstrasse', 'Vaduz', vaduz), address('Landstrasse', 'Schaan', schaan), address('Landstrasse', undefined, schaan)],
    );
    expect(streets.map((s) => [s.name, s.city, s.lines.length, s.altNames])).toEqual([
      ['Landstrasse', 'Vaduz', 2, undefined],
      ['Landstrasse', 'Schaan', 1, ['Hauptstrasse']],
    ]);
  });

  it('keeps townless ways of one name apart when they are far apart, and joins chains of near ones', () => {
    const here = { lat: 47.2, lng: 9.5 };
    const chain = [0, 1, 2].map((i) => line('Feldweg', { lat: here.lat, lng: here.lng + i * 0.0027 }, 200, i === 2 ? ['Feldstrasse'] : []));
    const farAway = line('Feldweg', { lat: 48.2, lng: 11.5 });
    const streets = groupStreets([chain[0] as StreetLine, farAway, chain[1] as StreetLine, chain[2] as StreetLine], []);
    expect(streets.map((s) => [s.name, s.city, s.lines.length, s.altNames])).toEqual([
      ['Feldweg', undefined, 3, ['Feldstrasse']],
      ['Feldweg', undefined, 1, undefined],
    ]);
  });

  it('gives every way the town the quadratic nearest-address scan gives, on many copies of a street name', () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const at = (): LatLng => ({ lat: 47 + random() * 0.5, lng: 9 + random() * 0.5 });
    const names = ['Hauptstrasse', 'Kirchweg', 'Dorfstrasse'];
    const addresses = Array.from({ length: 3_000 }, (_, i) => address(names[i % 3] as string, random() < 0.9 ? `Town ${i % 40}` : undefined, at()));
    const ways = Array.from({ length: 400 }, (_, i) => line(names[i % 3] as string, at(), 150));
    const streets = groupStreets(ways, addresses);
    const townOf = new Map(streets.flatMap((s) => s.lines.map((l) => [l, s.city] as const)));
    const towns = ways.map((way) => townOf.get(way.line));
    expect(towns).toEqual(ways.map((way) => bruteCity(way, addresses)));
    expect(towns.filter((town) => town !== undefined).length).toBeGreaterThan(200);
  });
});
