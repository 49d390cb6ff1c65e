import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGeocoder } from '../src/geocode/geocoder.js';
import { houseNumberKeys } from '../src/geocode/house-number.js';
import { foldText, normalizeStreet } from '../src/geocode/index.js';
import type { Geocoder } from '../src/geocode/types.js';
import { haversineMetres } from '../src/region/geometry.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { AddressPoint, RegionData } from '../src/region/types.js';
import { matchOf } from './geocode-helpers.js';
import { sharedFile, sharedPack } from './region-fixtures.js';

/** Where an address may be found: every mapped position of (street key, number, town). */
function positionsByAddress(addresses: readonly AddressPoint[]): Map<string, AddressPoint[]> {
  const map = new Map<string, AddressPoint[]>();
  for (const a of addresses) {
    const key = `${normalizeStreet(a.street)}|${a.housenumber.trim().toLowerCase()}`;
    map.set(key, [...(map.get(key) ?? []), a]);
  }
  return map;
}

/** Share of addresses found as an address point at one of the mapped positions of that same address. */
function roundTrip(geocoder: Geocoder, addresses: readonly AddressPoint[], write: (a: AddressPoint) => string): { share: number; misses: string[] } {
  const positions = positionsByAddress(addresses);
  let found = 0;
  const misses: string[] = [];
  for (const a of addresses) {
    const match = matchOf(geocoder, write(a));
    const same = positions.get(`${normalizeStreet(a.street)}|${a.housenumber.trim().toLowerCase()}`) ?? [];
    if (match?.precision === 'address_point' && same.some((p) => p.lat === match.lat && p.lng === match.lng)) found += 1;
    else if (misses.length < 10) misses.push(`${write(a)} → ${JSON.stringify(match)}`);
  }
  return { share: found / addresses.length, misses };
}

/**
 * Leave-one-out interpolation: for each address with a plain number and
 * mapped neighbours on both sides, hide it and locate it again.
 * @returns the error of each estimate in metres
 */
function leaveOneOutErrors(addresses: readonly AddressPoint[], limit: number): number[] {
  const errors: number[] = [];
  const plain = addresses.filter((a) => /^\d+$/.test(a.housenumber) && a.city !== undefined);
  for (let i = 0; i < plain.length && errors.length < limit; i += 7) {
    const hidden = plain[i];
    if (hidden === undefined) continue;
    const hiddenKey = normalizeStreet(hidden.street);
    const others = addresses.filter((a) => !(houseNumberKeys(a.housenumber).includes(hidden.housenumber) && normalizeStreet(a.street) === hiddenKey));
    const geocoder = createGeocoder({ addresses: others, streets: [], interpolations: [] });
    const match = matchOf(geocoder, `${hidden.street} ${hidden.housenumber}, ${hidden.city ?? ''}`);
    if (match?.precision === 'interpolated') errors.push(haversineMetres(match, hidden));
    expect(match?.precision).not.toBe('address_point');
  }
  return errors.sort((a, b) => a - b);
}

const liechtenstein = sharedFile('liechtenstein/liechtenstein.osm.pbf');
const nyc = sharedFile('nyc-west-village/nyc-west-village.osm.pbf');
const montreal = sharedFile('greater-montreal/addresses/montreal_lieux-interet.geojson');

describe.skipIf(liechtenstein === null)('geocoder on the Liechtenstein OSM pack (real data)', () => {
  let region: RegionData;
  let geocoder: Geocoder;

  beforeAll(async () => {
    region = await loadRegion(await sharedPack({ osm: liechtenstein ?? '', boundary: 'Liechtenstein', name: 'Liechtenstein' }));
    geocoder = createGeocoder(region);
  });

  it('finds every mapped address again, written German-style with postcode and town', () => {
    const withNumber = region.addresses.filter((a) => /^\d/.test(a.housenumber));
    const { share, misses } = roundTrip(geocoder, withNumber, (a) => `${a.street} ${a.housenumber}, ${a.postcode ?? ''} ${a.city ?? ''}`);
    expect(share, misses.join('\n')).toBeGreaterThan(0.995);
  });

  it('finds them written folded, abbreviated and number-first', () => {
    const strassen = region.addresses.filter((a) => /strasse$/i.test(a.street) && /^\d+$/.test(a.housenumber));
    expect(strassen.length).toBeGreaterThan(500);
    const { share, misses } = roundTrip(
      geocoder,
      strassen,
      (a) =>
        `${a.housenumber} ${foldText(a.street)
          .replace(/strasse$/, 'str.')
          .toUpperCase()}, ${a.city ?? ''}`,
    );
    expect(share, misses.join('\n')).toBeGreaterThan(0.99);
  });

  it('locates Städtle 38, 9490 Vaduz at its mapped position and writes it cleanly', () => {
    // Two objects carry Städtle 38 (a node and its building): one address, the same answer for every spelling.
    const mapped = region.addresses.filter((a) => a.street === 'Städtle' && a.housenumber === '38' && a.city === 'Vaduz');
    expect(mapped.length).toBeGreaterThanOrEqual(2);
    const answers = ['Städtle 38, 9490 Vaduz', 'Staedtle 38, FL-9490 Vaduz', 'STADTLE 38 VADUZ', 'Städtel 38, Vaduz'].map((text) => matchOf(geocoder, text));
    for (const match of answers) {
      expect(match).toMatchObject({ precision: 'address_point', lat: answers[0]?.lat, lng: answers[0]?.lng, matchedAddress: 'Städtle 38, 9490 Vaduz' });
      expect(mapped.some((a) => a.lat === match?.lat && a.lng === match.lng)).toBe(true);
    }
  });

  it('interpolates hidden addresses close to where they are mapped', () => {
    const errors = leaveOneOutErrors(region.addresses, 40);
    expect(errors.length).toBeGreaterThan(20);
    const median = errors[Math.floor(errors.length / 2)] ?? Number.POSITIVE_INFINITY;
    console.info(`Liechtenstein leave-one-out: ${errors.length} interpolated, median error ${median.toFixed(1)} m`);
    expect(median).toBeLessThan(60);
  });
});

describe.skipIf(nyc === null)('geocoder on the NYC West Village OSM pack (real data)', () => {
  let region: RegionData;
  let geocoder: Geocoder;

  beforeAll(async () => {
    region = await loadRegion(await sharedPack({ osm: nyc ?? '', name: 'NYC West Village' }));
    geocoder = createGeocoder(region);
  });

  it('finds every plain mapped address again, written US-style and abbreviated', () => {
    const plain = region.addresses.filter((a) => /^\d+[a-z]?$/i.test(a.housenumber));
    const abbreviate = (street: string): string =>
      street
        .replace(/\bStreet\b/, 'St')
        .replace(/\bAvenue\b/, 'Ave')
        .replace(/^West\b/, 'W')
        .replace(/^East\b/, 'E');
    const full = roundTrip(geocoder, plain, (a) => `${a.housenumber} ${a.street}, New York, NY ${a.postcode ?? ''}`);
    expect(full.share, full.misses.join('\n')).toBeGreaterThan(0.99);
    const short = roundTrip(geocoder, plain, (a) => `${a.housenumber} ${abbreviate(a.street)}`);
    expect(short.share, short.misses.join('\n')).toBeGreaterThan(0.98);
  });

  it('locates 55 Perry Street at its mapped position', () => {
    const mapped = region.addresses.filter((a) => a.street === 'Perry Street' && a.housenumber === '55');
    expect(mapped.length).toBeGreaterThan(0);
    const match = matchOf(geocoder, '55 Perry Street, New York, NY 10014');
    expect(match?.precision).toBe('address_point');
    expect(mapped.some((a) => a.lat === match?.lat && a.lng === match?.lng)).toBe(true);
    expect(match?.matchedAddress).toMatch(/^55 Perry Street, New York/);
  });
});

describe.skipIf(montreal === null)('geocoder on City of Montréal civic addresses (real data, French forms)', () => {
  let addresses: AddressPoint[];
  let geocoder: Geocoder;

  beforeAll(async () => {
    const text = await readFile(montreal ?? '', 'utf8');
    const collection = JSON.parse(text) as { features: Array<{ properties: Record<string, unknown> }> };
    const clean = (value: unknown): string => (typeof value === 'string' ? value.replace(/\u00a0/g, ' ').trim() : '');
    addresses = [];
    for (const [index, feature] of collection.features.entries()) {
      const p = feature.properties;
      const [housenumber, street, city, postcode] = [clean(p['Numéro']), clean(p.rue), clean(p.Ville), clean(p['Code postal'])];
      if (!/^\d+$/.test(housenumber) || street === '' || typeof p.Latitude !== 'number' || typeof p.Longitude !== 'number') continue;
      addresses.push({ housenumber, street, city, postcode, state: 'QC', lat: p.Latitude, lng: p.Longitude, osmId: `mtl${index}` });
    }
    geocoder = createGeocoder({ addresses, streets: [], interpolations: [] });
  });

  it('finds each civic address written in full, abbreviated, and without accents', () => {
    expect(addresses.length).toBeGreaterThan(1500);
    const abbreviate = (street: string): string =>
      street
        .replace(/^Boulevard\b/, 'boul.')
        .replace(/^Avenue\b/, 'av.')
        .replace(/^Chemin\b/, 'ch.')
        .replace(/\bSaint-/, 'St-')
        .replace(/\bSainte-/, 'Ste-')
        .replace(/ Est$/, ' E')
        .replace(/ Ouest$/, ' O');
    const full = roundTrip(geocoder, addresses, (a) => `${a.housenumber} ${a.street}, ${a.city ?? ''}, QC ${a.postcode ?? ''}`);
    expect(full.share, full.misses.join('\n')).toBeGreaterThan(0.99);
    const short = roundTrip(geocoder, addresses, (a) => `${a.housenumber} ${abbreviate(a.street)}, ${a.city ?? ''}`);
    expect(short.share, short.misses.join('\n')).toBeGreaterThan(0.98);
    const folded = roundTrip(geocoder, addresses, (a) => `${a.housenumber} ${foldText(a.street)} ${a.postcode ?? ''}`);
    expect(folded.share, folded.misses.join('\n')).toBeGreaterThan(0.98);
  });

  it('locates 1239 boulevard Gouin Est (École Sophie-Barat) at 45.561964,-73.667297', () => {
    const match = matchOf(geocoder, '1239 Boul. Gouin E, Montréal, QC H2C 1B3');
    expect(match?.precision).toBe('address_point');
    expect(haversineMetres(match ?? { lat: 0, lng: 0 }, { lat: 45.561964, lng: -73.667297 })).toBeLessThan(5);
    expect(match?.matchedAddress).toBe('1239 Boulevard Gouin Est, Montréal, QC H2C 1B3');
  });
});
