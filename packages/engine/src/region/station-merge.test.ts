import { describe, expect, it } from 'vitest';
import { mergeBusStops, mergeStations, nameWords, type StopObject } from './station-merge.js';
import type { BusStop, Station, StopRoute } from './types.js';

const station = (over: Partial<Station>): Station => ({ id: 'x', name: 'Central', lat: 45.5, lng: -73.57, modes: [], sources: ['osm'], ...over });
const route = (id: string, weeklyDepartures?: number): StopRoute => ({
  id,
  name: id,
  mode: 'subway',
  ...(weeklyDepartures === undefined ? {} : { weeklyDepartures }),
});
/** Metres north of 45.5° N as degrees of latitude. */
const north = (metres: number): number => 45.5 + metres / 111_195;

describe('mergeStations', () => {
  it('merges the same normalised name within 300 m, uniting sources, modes and counts', () => {
    const merged = mergeStations([
      station({ id: 'osm:n1', name: 'Central Station', modes: [] }),
      station({ id: 'gtfs:a:C', name: 'CENTRAL', lat: 45.5015, modes: ['subway'], sources: ['gtfs:a'], routeCount: 2, weeklyDepartures: 100 }),
      station({ id: 'gtfs:b:C', name: 'Central', lat: 45.5005, modes: ['rail'], sources: ['gtfs:b'], routeCount: 1, weeklyDepartures: 50 }),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({
      id: 'osm:n1',
      name: 'Central Station',
      modes: ['subway', 'rail'],
      sources: ['osm', 'gtfs:a', 'gtfs:b'],
      routeCount: 3,
      weeklyDepartures: 150,
    });
  });

  it('unites route lists, adding the departures of a route seen twice', () => {
    const merged = mergeStations([
      station({ id: 'gtfs:a:C', name: 'Central', sources: ['gtfs:a'], modes: ['subway'], routes: [route('gtfs:a:1:0', 700), route('gtfs:a:1:1', 650)] }),
      station({ id: 'gtfs:b:C', name: 'Central', lat: north(100), sources: ['gtfs:b'], modes: ['rail'], routes: [route('gtfs:b:R:0', 100)] }),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.routes?.map((r) => r.id)).toEqual(['gtfs:a:1:0', 'gtfs:a:1:1', 'gtfs:b:R:0']);
    expect(merged[0]).toMatchObject({ routeCount: 2, weeklyDepartures: 1_450 });
  });

  it('keeps stations apart beyond 300 m, with another name, with other line lists, or of one feed', () => {
    expect(mergeStations([station({}), station({ lat: 45.504 })])).toHaveLength(2);
    expect(mergeStations([station({}), station({ name: 'Peel' })])).toHaveLength(2);
    expect(mergeStations([station({ name: 'Penn (A,C,E)' }), station({ name: 'Penn (1,2,3)', lat: 45.5015 })])).toHaveLength(2);
    const canal = { name: 'Canal St', sources: ['gtfs:mta'], modes: ['subway' as const], routes: [] };
    expect(mergeStations([station({ id: 'gtfs:mta:135', ...canal }), station({ id: 'gtfs:mta:A34', ...canal, lat: north(250) })])).toHaveLength(2);
  });

  it('folds an OSM station into the nearest feed station with service sharing a name word and a mode', () => {
    const merged = mergeStations([
      station({ id: 'osm:n1', name: 'Christopher Street-Sheridan Square (1)', modes: ['subway'] }),
      station({
        id: 'gtfs:mta:133',
        name: 'Christopher St-Stonewall',
        lat: north(22),
        modes: ['subway'],
        sources: ['gtfs:mta'],
        routes: [route('gtfs:mta:1:0', 1_600)],
      }),
      station({ id: 'gtfs:mta:X', name: 'Christopher St', lat: north(120), modes: ['subway'], sources: ['gtfs:mta'], routes: [route('gtfs:mta:2:0', 100)] }),
    ]);
    expect(merged.map((s) => s.id)).toEqual(['gtfs:mta:133', 'gtfs:mta:X']);
    expect(merged[0]).toMatchObject({ name: 'Christopher St-Stonewall', sources: ['gtfs:mta', 'osm'], weeklyDepartures: 1_600 });
  });

  it('keeps an OSM station that shares no name word, no mode, or lies beyond 150 m', () => {
    const fed = station({ id: 'gtfs:mta:A31', name: '14 St', sources: ['gtfs:mta'], modes: ['subway'], routes: [route('gtfs:mta:A:0', 900)] });
    expect(mergeStations([station({ name: 'Houston Street', modes: ['subway'], lat: north(50) }), fed])).toHaveLength(2);
    expect(mergeStations([station({ name: '14th Street', modes: ['tram'], lat: north(50) }), fed])).toHaveLength(2);
    expect(mergeStations([station({ name: '14th Street', modes: ['subway'], lat: north(160) }), fed])).toHaveLength(2);
    expect(mergeStations([station({ name: '14th Street', modes: [], lat: north(140) }), fed])).toHaveLength(1);
  });

  it('does not change its input', () => {
    const input = [station({ sources: ['osm'] }), station({ sources: ['gtfs:a'] })];
    mergeStations(input);
    expect(input[0]?.sources).toEqual(['osm']);
  });
});

describe('nameWords', () => {
  it('keeps the words that tell stations apart, ordinals as numbers', () => {
    expect(nameWords('14th Street-8th Avenue (A,C,E,L)')).toEqual(['14', '8']);
    expect(nameWords('Times Sq-42 St')).toEqual(['times', '42']);
    expect(nameWords('Gare Centrale')).toEqual(['centrale']);
  });
});

describe('mergeBusStops', () => {
  const stop = (over: Partial<BusStop>, extra: Omit<StopObject, 'stop'> = {}): StopObject => ({
    stop: { id: 's', name: 'Main at King', lat: 45.5, lng: -73.57, sources: ['osm'], ...over },
    ...extra,
  });

  it('merges the pole, platform and stop positions of one stop, and its two poles across the road', () => {
    const merged = mergeBusStops([
      stop({ id: 'osm:n1' }),
      stop({ id: 'osm:n2', lat: north(25) }),
      stop({ id: 'osm:n3', name: 'MAIN AT KING', lat: north(45) }),
      stop({ id: 'osm:n4', name: null, lat: north(60) }, { areas: ['r9'] }),
    ]);
    expect(merged.map((s) => s.id)).toEqual(['osm:n1', 'osm:n4']);
    expect(merged[0]?.lat).toBe(45.5);
  });

  it('links objects through shared references and stop areas, not through names alone beyond 50 m', () => {
    expect(
      mergeBusStops([
        stop({ id: 'a', name: 'Post' }, { references: ['uic_ref=1'] }),
        stop({ id: 'b', name: 'Post Vaduz', lat: north(40) }, { references: ['uic_ref=1'] }),
      ]),
    ).toHaveLength(1);
    expect(mergeBusStops([stop({ id: 'a' }, { areas: ['r1'] }), stop({ id: 'b', name: 'Other', lat: north(190) }, { areas: ['r1'] })])).toHaveLength(1);
    expect(mergeBusStops([stop({ id: 'a' }, { areas: ['r1'] }), stop({ id: 'b', lat: north(320) }, { areas: ['r1'] })])).toHaveLength(2);
    expect(mergeBusStops([stop({ id: 'a' }), stop({ id: 'b', lat: north(60) })])).toHaveLength(2);
    expect(mergeBusStops([stop({ id: 'a', name: null }), stop({ id: 'b', name: null, lat: north(10) })])).toHaveLength(2);
  });

  it('unites OSM lines of merged objects once each', () => {
    const bus = (id: string): StopRoute => ({ id, name: id, mode: 'bus' });
    const merged = mergeBusStops([
      stop({ id: 'a', routes: [bus('osm:bus:11'), bus('osm:bus:12')] }),
      stop({ id: 'b', lat: north(20), routes: [bus('osm:bus:11')] }),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ routeCount: 2 });
    expect(merged[0]?.weeklyDepartures).toBeUndefined();
  });

  it('folds OSM objects into the nearest GTFS stop with service within 50 m, whatever their names, keeping its record', () => {
    const served = (id: string, lat: number, departures: number): StopObject =>
      stop({
        id,
        name: `W 14 St/${id}`,
        lat,
        sources: ['gtfs:bus'],
        routes: [{ id: `gtfs:bus:M14:${id}`, name: 'M14', mode: 'bus', weeklyDepartures: departures }],
      });
    const merged = mergeBusStops([
      stop({ id: 'osm:n1', name: '14th Street & 8th Avenue', lat: north(20), routes: [{ id: 'osm:bus:M14', name: 'M14', mode: 'bus' }] }),
      served('g1', 45.5, 900),
      served('g2', north(70), 800),
    ]);
    expect(merged.map((s) => s.id)).toEqual(['g1', 'g2']);
    expect(merged[0]).toMatchObject({ sources: ['gtfs:bus', 'osm'], routeCount: 1, weeklyDepartures: 900 });
    expect(merged[0]?.routes?.map((r) => r.id)).toEqual(['gtfs:bus:M14:g1']);
  });

  it('answers nothing for nothing', () => {
    expect(mergeBusStops([])).toEqual([]);
  });
});
