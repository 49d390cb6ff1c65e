import { describe, expect, it } from 'vitest';
import { busStop, ORIGIN, station } from '../../test/synthetic-region.js';
import { TransitIndex } from './transit-index.js';

describe('TransitIndex', () => {
  it('finds the nearest rapid-transit station within 5 km, rounded to whole metres', () => {
    const index = new TransitIndex(
      [station('Bus Terminal', 50, 0, ['bus']), station('Nendeln', 0, 1_234.4, []), station('Far', 0, 3_000, ['light_rail'])],
      [busStop('Post', 100, 0), busStop(null, 399, 0), busStop('Too far', 401, 0)],
    );
    const access = index.access(ORIGIN);
    expect(access.nearest?.station.name).toBe('Nendeln');
    expect(access.nearest?.distanceMetres).toBe(1_234);
    expect(Number.isInteger(access.nearest?.distanceMetres)).toBe(true);
    expect(access.stations.map(({ item }) => item.name)).toEqual(['Nendeln']);
    expect(access.busStops.map(({ item }) => item.name)).toEqual(['Post', null]);
  });

  it('answers null when no station is within 5 km', () => {
    const index = new TransitIndex([station('Beyond', 5_100, 0, ['rail'])], []);
    expect(index.access(ORIGIN)).toEqual({ nearest: null, stations: [], busStops: [] });
  });
});
