/**
 * The geocoding rules of docs/geocoding.md, each held on the real extracts
 * (Liechtenstein cut to its boundary, the NYC West Village slice cut to its
 * declared box), with the examples of the issue that asked for them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine.js';
import { AddressAmbiguousError, AddressNotFoundError } from '../src/errors.js';
import { createGeocoder } from '../src/geocode/geocoder.js';
import type { GeocodeOutcome, Geocoder } from '../src/geocode/types.js';
import { haversineMetres } from '../src/region/geometry.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import type { ScoringEngine } from '../src/scoring-engine.js';
import { sharedFile, sharedPack } from './region-fixtures.js';

const liechtensteinPbf = sharedFile('liechtenstein/liechtenstein.osm.pbf');
const nycPbf = sharedFile('nyc-west-village/nyc-west-village.osm.pbf');

describe.skipIf(liechtensteinPbf === null || nycPbf === null)('geocoding rules on the real extracts', () => {
  let li: RegionData;
  let nyc: RegionData;
  let liGeocoder: Geocoder;
  let nycGeocoder: Geocoder;
  let engine: ScoringEngine;

  beforeAll(async () => {
    li = await loadRegion(await sharedPack({ osm: liechtensteinPbf ?? '', boundary: 'Liechtenstein', name: 'Liechtenstein' }));
    nyc = await loadRegion(await sharedPack({ osm: nycPbf ?? '', name: 'NYC West Village' }));
    liGeocoder = createGeocoder(li);
    nycGeocoder = createGeocoder(nyc);
    engine = createEngine({ regions: [li, nyc] });
  });

  const rejection = async (address: string): Promise<unknown> =>
    engine.score({ address, category: 'coffee' }).then(
      () => null,
      (error: unknown) => error,
    );
  const matched = (outcome: GeocodeOutcome) => (outcome.status === 'matched' ? outcome.match : null);

  describe('every component the input names must agree with the match', () => {
    it.each([
      ['Bahnhofstrasse 12, 9470 Buchs SG', /no municipality "Buchs"/],
      ['Städtle 38, 8001 Zürich', /no municipality "Zürich" and no postcode 8001 in the loaded regions/],
      ['55 Perry Street, Springfield, IL', /no municipality "Springfield"/],
      ['55 Perry Street, Paris', /no municipality "Paris" in the loaded regions/],
      ['55 Perry Street, Brooklyn', /no municipality "Brooklyn" in the loaded regions/],
      ['Landstrasse 92, 6800 Feldkirch', /no municipality "Feldkirch"/],
    ])('%s → address_not_found, with the reason, never the same street elsewhere', async (address, reason) => {
      const error = await rejection(address);
      expect(error).toBeInstanceOf(AddressNotFoundError);
      expect((error as AddressNotFoundError).reason).toMatch(reason);
      expect((error as AddressNotFoundError).details.field).toBe('address');
    });

    it('rules out the real street in the wrong town, suggesting where it is (Städtle 38, 9494 Schaan)', async () => {
      const error = (await rejection('Städtle 38, 9494 Schaan')) as AddressNotFoundError;
      expect(error).toBeInstanceOf(AddressNotFoundError);
      expect(error.reason).toBe('no Städtle 38 in 9494 Schaan');
      expect(error.candidates[0]).toMatchObject({ matchedAddress: 'Städtle 38, 9490 Vaduz', region: 'Liechtenstein', precision: 'address_point' });
    });

    it('rules out a contradicting state or country', () => {
      expect(liGeocoder.geocode('Städtle 38, Vaduz, USA').status).toBe('not_found');
      expect(nycGeocoder.geocode('55 Perry Street, New York, NJ').status).toBe('not_found');
      expect(matched(nycGeocoder.geocode('55 Perry Street, New York, NY 10014'))?.matchedAddress).toMatch(/^55 Perry Street, New York/);
    });

    it('reads the initials of a municipality of three or more words as its name (NYC for New York City)', () => {
      const full = matched(nycGeocoder.geocode('86 Jane Street, New York'));
      const initials = matched(nycGeocoder.geocode('86 Jane St, NYC'));
      expect(full).not.toBeNull();
      expect(initials).toEqual(full);
      expect(nycGeocoder.geocode('86 Jane St, NYX').status).toBe('not_found');
    });
  });

  describe('a municipality or postcode that agrees never makes a match worse', () => {
    it('Im Rösle 12a, with and without 9494 Schaan: the same address point', () => {
      const bare = matched(liGeocoder.geocode('Im Rösle 12a'));
      const withTown = matched(liGeocoder.geocode('Im Rösle 12a, 9494 Schaan'));
      expect(bare?.precision).toBe('address_point');
      expect(withTown).toMatchObject({ precision: 'address_point', lat: bare?.lat, lng: bare?.lng });
      // The town confirms the match; a postcode only the town's other addresses carry neither confirms nor lowers it.
      expect(withTown?.confidence).toBeGreaterThanOrEqual(bare?.confidence ?? 1);
      expect(matched(liGeocoder.geocode('Im Rösle 12a, Schaan'))?.confidence).toBeGreaterThan(bare?.confidence ?? 1);
    });

    it('holds for every Liechtenstein address: adding its own town and postcode keeps the precision and point', () => {
      let worse = 0;
      let compared = 0;
      for (const a of li.addresses) {
        if (!/^\d+[a-z]?$/.test(a.housenumber) || a.city === undefined) continue;
        const bare = matched(liGeocoder.geocode(`${a.street} ${a.housenumber}`));
        if (bare === null) continue;
        compared += 1;
        const full = matched(liGeocoder.geocode(`${a.street} ${a.housenumber}, ${a.postcode ?? ''} ${a.city}`));
        if (full === null || full.precision !== bare.precision || haversineMetres(full, bare) > 1) worse += 1;
      }
      expect(compared).toBeGreaterThan(2_500);
      expect(worse).toBe(0);
    });
  });

  describe('the same street and number in several municipalities is ambiguous', () => {
    it('Landstrasse 92 → address_ambiguous with the candidates; the town chooses', async () => {
      const error = (await rejection('Landstrasse 92')) as AddressAmbiguousError;
      expect(error).toBeInstanceOf(AddressAmbiguousError);
      expect(error.code).toBe('address_ambiguous');
      expect(error.candidates.length).toBeGreaterThanOrEqual(2);
      expect(error.candidates.length).toBeLessThanOrEqual(5);
      const addresses = error.candidates.map((c) => c.matchedAddress);
      expect(addresses).toContain('Landstrasse 92, 9490 Vaduz');
      expect(addresses).toContain('Landstrasse 92, 9491 Ruggell');
      for (const candidate of error.candidates) expect(candidate).toMatchObject({ region: 'Liechtenstein', precision: 'address_point' });
      const vaduz = await engine.score({ address: 'Landstrasse 92, Vaduz', category: 'coffee' });
      expect(vaduz.meta?.matchedAddress).toBe('Landstrasse 92, 9490 Vaduz');
    });
  });

  describe('near misses', () => {
    it('a typo too far to accept is not found, with "did you mean" candidates', async () => {
      const error = (await rejection('Lanstrase 92, Vaduz')) as AddressNotFoundError;
      expect(error).toBeInstanceOf(AddressNotFoundError);
      expect(error.candidates.length).toBeGreaterThan(0);
      expect(error.candidates.length).toBeLessThanOrEqual(3);
      expect(error.candidates[0]?.matchedAddress).toBe('Landstrasse 92, 9490 Vaduz');
    });

    it('one typo in a long name is accepted, with lower confidence', () => {
      expect(matched(liGeocoder.geocode('Landstrase 92, Vaduz'))).toMatchObject({ matchedAddress: 'Landstrasse 92, 9490 Vaduz', confidence: 0.85 });
    });
  });

  describe('address points', () => {
    it('are found on streets without a mapped way (86 Jane Street; West Washington Place, Charles Lane, Greenwich Mews)', () => {
      expect(matched(nycGeocoder.geocode('86 Jane Street, New York, NY'))?.precision).toBe('address_point');
      const wayNames = new Set(nyc.streets.map((street) => street.name));
      const withoutWay = nyc.addresses.filter((a) => !wayNames.has(a.street) && /^\d+$/.test(a.housenumber));
      expect(withoutWay.length).toBeGreaterThan(10);
      for (const a of withoutWay) {
        const match = matched(nycGeocoder.geocode(`${a.housenumber} ${a.street}, New York, NY`));
        expect(match?.precision, `${a.housenumber} ${a.street}`).toBe('address_point');
        expect(haversineMetres(match ?? { lat: 0, lng: 0 }, a)).toBeLessThan(200);
      }
    });

    it('without addr:city take their municipality from the boundaries (Triesenberg’s Rotenbodenstrasse)', () => {
      const rotenboden = li.addresses.filter((a) => a.street === 'Rotenbodenstrasse' && /^\d+$/.test(a.housenumber));
      expect(rotenboden.length).toBeGreaterThan(40);
      for (const a of rotenboden) {
        const match = matched(liGeocoder.geocode(`Rotenbodenstrasse ${a.housenumber}, Triesenberg`));
        expect(match?.precision).toBe('address_point');
        expect(match?.matchedAddress).toMatch(/Triesenberg$/);
      }
    });

    it('several objects with one number on one street are one address: the same answer whichever is met (53 Christopher St)', () => {
      const objects = nyc.addresses.filter((a) => a.street === 'Christopher Street' && a.housenumber === '53');
      expect(objects.length).toBe(2);
      const answers = ['53 Christopher St, New York NY', '53 Christopher Street', '53 CHRISTOPHER ST, NY 10014'].map((text) =>
        matched(nycGeocoder.geocode(text)),
      );
      for (const answer of answers) {
        expect(answer?.precision).toBe('address_point');
        expect(answer).toMatchObject({ lat: answers[0]?.lat, lng: answers[0]?.lng });
        expect(objects.some((o) => o.lat === answer?.lat && o.lng === answer.lng)).toBe(true);
      }
    });
  });

  describe('street names', () => {
    it('reads directions in any position and ordinals (5 Little W 12th St)', () => {
      for (const text of ['5 Little W 12th St, New York NY', '5 Little West Twelfth Street, New York', '5 LITTLE W. 12 ST']) {
        expect(matched(nycGeocoder.geocode(text))?.matchedAddress, text).toMatch(/^5 Little West 12th Street/);
      }
      const eleventh = nyc.addresses.find((a) => a.street === 'West 11th Street' && /^\d+$/.test(a.housenumber));
      expect(matched(nycGeocoder.geocode(`${eleventh?.housenumber} W 11th St, New York, NY`))?.matchedAddress).toMatch(/West 11th Street/);
    });

    it('reads St., Sankt and Saint as one word (Liechtenstein writes both St. Martins-Ring and Sankt Martins-Ring)', () => {
      const ring = li.addresses.filter((a) => /^(St\.|Sankt) Martins-Ring$/.test(a.street) && /^\d+$/.test(a.housenumber));
      expect(new Set(ring.map((a) => a.street)).size).toBe(2);
      for (const a of ring.slice(0, 20)) {
        for (const spelling of ['St. Martins-Ring', 'Sankt Martins-Ring', 'Saint Martins-Ring', 'St Martins-Ring']) {
          const match = matched(liGeocoder.geocode(`${spelling} ${a.housenumber}, ${a.city ?? ''}`));
          expect(match?.precision, `${spelling} ${a.housenumber}`).toBe('address_point');
        }
      }
      expect(matched(liGeocoder.geocode('St. Florinsgasse 3, Vaduz'))?.matchedAddress).toMatch(/^Sankt Florinsgasse 3, 9490 Vaduz$/);
    });
  });

  describe('coverage and several packs', () => {
    it('leaves the Alabama objects out of the Liechtenstein pack: an Alabama address is not found', async () => {
      expect(li.addresses.some((a) => a.lng < 0)).toBe(false);
      const error = await rejection('1 Main Street, Prattville, AL 36067');
      expect(error).toBeInstanceOf(AddressNotFoundError);
    });

    it('the pack holding the named municipality wins: 55 Perry Street, Vaduz is not found, never New York', async () => {
      const error = (await rejection('55 Perry Street, Vaduz')) as AddressNotFoundError;
      expect(error).toBeInstanceOf(AddressNotFoundError);
      expect(error.candidates.every((c) => c.region === 'Liechtenstein')).toBe(true);
      const perry = await engine.score({ address: '55 Perry Street, New York, NY', category: 'coffee' });
      expect(perry.meta?.region?.name).toBe('NYC West Village');
      const stadtle = await engine.score({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' });
      expect(stadtle.meta?.region?.name).toBe('Liechtenstein');
    });
  });

  describe('confidence', () => {
    it('is 1 for an exact address in the named town, and lower without a town, interpolated, at the street or with a typo', async () => {
      const exact = await engine.score({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' });
      expect(exact.meta).toMatchObject({ geocodePrecision: 'address_point', geocodeConfidence: 1, matchedAddress: 'Städtle 38, 9490 Vaduz' });
      expect(matched(liGeocoder.geocode('Städtle 38'))?.confidence).toBe(0.9);
      expect(matched(liGeocoder.geocode('Städtle, Vaduz'))).toMatchObject({ precision: 'street', confidence: 0.5 });
      const interpolated = matched(liGeocoder.geocode('Städtle 36, 9490 Vaduz'));
      if (interpolated?.precision === 'interpolated') expect(interpolated.confidence).toBe(0.8);
    });
  });
});
