import { describe, expect, it } from 'vitest';
import type { Station } from '../region/types.js';
import { competitorPressure, competitorScoreFromPressure } from './competitor-score.js';
import { stationWeeklyDepartures, transitScoreFromSupply, transitSupply } from './transit-score.js';

const station = (modes: Station['modes'], weeklyDepartures?: number): Station => ({
  id: 's', name: 'S', lat: 0, lng: 0, sources: [], modes, ...(weeklyDepartures === undefined ? {} : { weeklyDepartures }),
});

describe('transit score', () => {
  it('weighs rail 2x bus and uses feed departures where given', () => {
    expect(transitSupply([], 1)).toBe(100);
    expect(transitSupply([{ item: station([], 300), distanceMetres: 0 }], 0)).toBe(600);
    expect(stationWeeklyDepartures(station(['subway']))).toBe(2_000);
    expect(stationWeeklyDepartures(station(['subway'], 0))).toBe(2_000);
  });

  it('is 0 with no transit, 10 at the full supply, and log-scaled between', () => {
    expect(transitScoreFromSupply(0)).toBe(0);
    expect(transitScoreFromSupply(6_000)).toBe(10);
    expect(transitScoreFromSupply(60_000)).toBe(10);
    const metroAtDoor = transitScoreFromSupply(transitSupply([{ item: station(['subway']), distanceMetres: 100 }], 0));
    const metroAtMile = transitScoreFromSupply(transitSupply([{ item: station(['subway']), distanceMetres: 1_609 }], 0));
    expect(metroAtDoor).toBeGreaterThan(8.5);
    expect(metroAtMile).toBeLessThan(metroAtDoor - 3);
    expect(transitScoreFromSupply(transitSupply([{ item: station(['subway']), distanceMetres: 2_500 }], 0))).toBe(0);
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
