import { CATEGORIES, ScoreResult } from '@locscore/schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine.js';
import { AddressNotFoundError } from '../src/errors.js';
import { CATEGORY_DEFINITIONS } from '../src/places/categories.js';
import { haversineMetres } from '../src/region/geometry.js';
import { loadRegion } from '../src/region/pack-read.js';
import type { RegionData } from '../src/region/types.js';
import type { ScoringEngine } from '../src/scoring-engine.js';
import { sharedFile, sharedPack } from './region-fixtures.js';

const pbf = sharedFile('liechtenstein/liechtenstein.osm.pbf');

describe.skipIf(pbf === null)('createEngine over the Liechtenstein pack (real OSM data)', () => {
  let region: RegionData;
  let engine: ScoringEngine;

  beforeAll(async () => {
    region = await loadRegion(await sharedPack({ osm: pbf ?? '', name: 'Liechtenstein' }));
    engine = createEngine({ regions: [region] });
  });

  it('scores Städtle 38, Vaduz for coffee with the real nearest station and cafés', async () => {
    const result = await engine.score({ address: 'Städtle 38, 9490 Vaduz', category: 'coffee' });
    expect(ScoreResult.parse(result)).toEqual(result);
    expect(result.meta?.geocodePrecision).toBe('address_point');
    expect(result.meta?.region?.name).toBe('Liechtenstein');
    expect(result.meta?.region?.attribution).toMatch(/OpenStreetMap/);

    // The nearest rail station, found here by brute force over the pack's stations.
    const rapid = region.stations
      .map((station) => ({ station, d: haversineMetres(result.coordinates, station) }))
      .filter(({ d }) => d <= 5_000)
      .sort((a, b) => a.d - b.d)[0];
    expect(rapid).toBeDefined();
    expect(result.nearestStation).toBe(rapid?.station.name);
    expect(result.transitDistanceMetres).toBe(Math.round(rapid?.d ?? -1));
    expect(result.insights.some(({ headline }) => headline.includes(rapid?.station.name ?? '?'))).toBe(true);

    const cafes = region.pois.filter((poi) => CATEGORY_DEFINITIONS.coffee.matches(poi.tags) && haversineMetres(result.coordinates, poi) <= 500);
    expect(result.competitorCount).toBe(cafes.length);
    const distances = result.competitors.map((competitor) => competitor.distanceMetres ?? -1);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('finds Nendeln station for an address mapped next to it', async () => {
    const nendeln = region.stations.find((station) => station.name === 'Nendeln');
    expect(nendeln).toBeDefined();
    if (nendeln === undefined) return;
    const near = region.addresses
      .filter((address) => address.city !== undefined && /^\d+$/.test(address.housenumber))
      .map((address) => ({ address, d: haversineMetres(address, nendeln) }))
      .sort((a, b) => a.d - b.d)[0];
    expect(near).toBeDefined();
    if (near === undefined) return;
    const { address } = near;
    const result = await engine.score({
      address: `${address.street} ${address.housenumber}, ${address.postcode ?? ''} ${address.city ?? ''}`,
      category: 'dry-cleaning',
    });
    expect(result.nearestStation).toBe('Nendeln');
    expect(result.transitDistanceMetres).toBeLessThan(near.d + 100);
  });

  it('scores every category within 0-10 and rejects a street that does not exist', async () => {
    for (const category of CATEGORIES) {
      const result = await engine.score({ address: 'Städtle 38, 9490 Vaduz', category });
      ScoreResult.parse(result);
    }
    await expect(engine.score({ address: 'Nonexistentweg 99, 9490 Vaduz', category: 'coffee' })).rejects.toBeInstanceOf(AddressNotFoundError);
  });
});
