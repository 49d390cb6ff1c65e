import { describe, expect, it } from 'vitest';
import type { BusStop, Station, StopRoute, TransitMode } from '../region/types.js';
import { competitorPressure, competitorScoreFromPressure } from './competitor-score.js';
import { SUPPLY_FULL, stationWeeklyDepartures, transitScoreFromSupply, transitService, transitSupply } from './transit-score.js';

const station = (modes: Station['modes'], weeklyDepartures?: number): Station => ({
  id: 's',
  name: 'S',
  lat: 0,
  lng: 0,
  sources: [],
  modes,
  ...(weeklyDepartures === undefined ? {} : { weeklyDepartures }),
});

const bus = (id: string, routes?: StopRoute[]): BusStop => ({ id, name: id, lat: 0, lng: 0, sources: [], ...(routes === undefined ? {} : { routes }) });
const line = (id: string, mode: TransitMode, weeklyDepartures?: number): StopRoute => ({
  id,
  name: id,
  mode,
  ...(weeklyDepartures === undefined ? {} : { weeklyDepartures }),
});
const near = <T>(item: T, distanceMetres = 0) => ({ item, distanceMetres });

describe('transit supply', () => {
  it('weighs rail 2x bus and uses feed departures where given, defaults where not', () => {
    expect(transitSupply({ stations: [], busStops: [near(bus('a'))] })).toBe(200);
    expect(transitSupply({ stations: [near(station([], 300))], busStops: [] })).toBe(600);
    expect(transitSupply({ stations: [], busStops: [near(bus('a', [line('g:M14:0', 'bus', 900)]))] })).toBe(900);
    expect(transitSupply({ stations: [], busStops: [near(bus('a', [line('osm:bus:11', 'bus')]))] })).toBe(200);
    expect(stationWeeklyDepartures(station(['subway']))).toBe(3_600);
    expect(stationWeeklyDepartures(station(['subway'], 0))).toBe(0);
    expect(stationWeeklyDepartures({ ...station(['subway']), routes: [line('g:A:0', 'subway', 900), line('g:A:1', 'subway', 800)] })).toBe(1_700);
  });

  it('counts each route once, at the stop where it weighs most', () => {
    const m14 = line('g:M14:0', 'bus', 900);
    const stops = [
      near(bus('a', [m14]), 100),
      near(bus('b', [m14, line('g:M8:0', 'bus', 300)]), 300),
      near(bus('c', [{ ...m14, weeklyDepartures: 950 }]), 399),
    ];
    expect(transitService({ stations: [], busStops: stops })).toEqual({ supply: 1_250, lines: 2, weeklyDepartures: 1_250 });
    const a = { ...station(['subway']), id: 'x', routes: [line('g:A:0', 'subway', 1_000)] };
    const farther = { ...a, id: 'y' };
    expect(transitSupply({ stations: [near(a, 1_400), near(farther, 300)], busStops: [] })).toBe(2_000);
  });

  it('gives nothing for a bus stop beyond 400 m or a station beyond 2.4 km', () => {
    expect(transitSupply({ stations: [], busStops: [near(bus('a'), 401)] })).toBe(0);
    expect(transitSupply({ stations: [near(station(['subway']), 2_400)], busStops: [] })).toBe(0);
  });
});

describe('transit score', () => {
  it('is 0 with no transit, 10 at the full supply, and log-scaled between', () => {
    expect(transitScoreFromSupply(0)).toBe(0);
    expect(transitScoreFromSupply(SUPPLY_FULL)).toBe(10);
    expect(transitScoreFromSupply(10 * SUPPLY_FULL)).toBe(10);
    expect(transitScoreFromSupply(Number.NaN)).toBe(0);
  });

  it('places the reference service levels of the methodology', () => {
    const score = (supply: number) => Math.round(transitScoreFromSupply(supply) * 10) / 10;
    // An hourly bus both ways; a town centre on 10 such lines; the West Village's least and best served addresses with the MTA feeds.
    expect(score(200)).toBe(1.6);
    expect(score(2_000)).toBe(4.6);
    expect(score(34_000)).toBe(8.7);
    expect(score(73_000)).toBe(9.9);
    const metroAtDoor = transitScoreFromSupply(transitSupply({ stations: [near(station(['subway']), 100)], busStops: [] }));
    const metroAtMile = transitScoreFromSupply(transitSupply({ stations: [near(station(['subway']), 1_609)], busStops: [] }));
    expect(metroAtDoor).toBeGreaterThan(6);
    expect(metroAtMile).toBeLessThan(metroAtDoor - 2);
  });
});

describe('competitor score', () => {
  it('is 10 without competitors and 5 with one average competitor next door', () => {
    expect(competitorScoreFromPressure(competitorPressure([], 500))).toBe(10);
    expect(competitorScoreFromPressure(competitorPressure([{ distanceMetres: 0, rating: null }], 500))).toBe(5);
    expect(competitorScoreFromPressure(competitorPressure([{ distanceMetres: 0, rating: 4 }], 500))).toBe(5);
  });

  it('weighs a 5-star competitor twice an unrated one and a far one at 1/9', () => {
    expect(competitorPressure([{ distanceMetres: 0, rating: 5 }], 500)).toBe(2);
    expect(competitorPressure([{ distanceMetres: 500, rating: null }], 500)).toBeCloseTo(1 / 9, 10);
  });
});
