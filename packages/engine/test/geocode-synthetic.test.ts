import { describe, expect, it } from 'vitest';
import { createGeocoder } from '../src/geocode/geocoder.js';
import { matchOf } from './geocode-helpers.js';
import { syntheticAddresses, syntheticQueries } from './synthetic-addresses.js';

/** Speed at this scale is measured by `bench/geocode-throughput.ts`, not here. */
describe('geocoder on 100,000 synthetic addresses', () => {
  it('locates every query, with street names shared by ten towns', () => {
    const { addresses, streets, names } = syntheticAddresses();
    expect(addresses.length).toBe(100_000);
    const geocoder = createGeocoder({ addresses, streets, interpolations: [] });
    const queries = syntheticQueries(names, 5_000);
    const missed = queries.filter((query) => matchOf(geocoder, query) === null);
    expect(missed).toEqual([]);
  });
});
