import { describe, expect, it } from 'vitest';
import { mergeBusStops, mergeStations } from './station-merge.js';
import type { BusStop, Station } from './types.js';

const station = (over: Partial<Station>): Station => ({ id: 'x', name: 'Central', lat: 45.5, lng: -73.57, modes: [], sources: ['osm'], ...over });

describe('mergeStations', () => {
  it('merges the same normalised name within 300 m, uniting sources and modes', () => {
    const merged = mergeStations([
      station({ id: 'osm:n1', name: 'Central Station', modes: [] }),
      station({ id: 'gtfs:a:C', name: 'CENTRAL', lat: 45.5015, modes: ['subway'], sources: ['gtfs:a'], routeCount: 2, weeklyDepartures: 100 }),
      station({ id: 'gtfs:b:C', name: 'Central', lat: 45.5005, modes: ['rail'], sources: ['gtfs:b'], routeCount: 1, weeklyDepartures: 50 }),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ id: 'osm:n1', name: 'Central Station', modes: ['subway', 'rail'], sources: ['osm', 'gtfs:a', 'gtfs:b'], routeCount: 3, weeklyDepartures: 150 });
  });

  it('keeps stations apart beyond 300 m, with another name, or with other line lists', () => {
    expect(mergeStations([station({}), station({ lat: 45.504 })])).toHaveLength(2);
    expect(mergeStations([station({}), station({ name: 'Peel' })])).toHaveLength(2);
    expect(mergeStations([station({ name: 'Penn (A,C,E)' }), station({ name: 'Penn (1,2,3)', lat: 45.5015 })])).toHaveLength(2);
  });

  it('does not change its input', () => {
    const input = [station({ sources: ['osm'] }), station({ sources: ['gtfs:a'] })];
    mergeStations(input);
    expect(input[0]?.sources).toEqual(['osm']);
  });
});

describe('mergeBusStops', () => {
  const stop = (over: Partial<BusStop>): BusStop => ({ id: 's', name: 'Main at King', lat: 45.5, lng: -73.57, sources: ['osm'], ...over });

  it('merges a stop mapped in OSM and GTFS within 30 m', () => {
    const merged = mergeBusStops([stop({}), stop({ id: 'g', lat: 45.5001, sources: ['gtfs:a'] })]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.sources).toEqual(['osm', 'gtfs:a']);
  });

  it('keeps both poles of one source, unnamed stops and far stops', () => {
    expect(mergeBusStops([stop({}), stop({ lat: 45.5002 })])).toHaveLength(2);
    expect(mergeBusStops([stop({ name: null }), stop({ name: null, sources: ['gtfs:a'] })])).toHaveLength(2);
    expect(mergeBusStops([stop({}), stop({ lat: 45.501, sources: ['gtfs:a'] })])).toHaveLength(2);
  });
});
