import type { Station } from '../region/types.js';
import { DEFAULT_WEEKLY_DEPARTURES, MODE_WEIGHTS, primaryMode } from '../transit/modes.js';
import { walkDecay } from './walk-decay.js';

/** Weekly departures a bus stop is assumed to have (no per-stop service in packs): about hourly to half-hourly. */
export const BUS_STOP_WEEKLY_DEPARTURES = DEFAULT_WEEKLY_DEPARTURES.bus;
/** Supply unit of the log scale: 100 weighted weekly departures (one ordinary bus stop). */
export const SUPPLY_REFERENCE = 100;
/** Supply that scores 10: 6,000 weighted weekly departures, e.g. a metro station at the door plus a dense bus grid. */
export const SUPPLY_FULL = 6_000;

/** A rapid-transit station near the point. */
export interface StationNearby {
  item: Station;
  /** Great-circle distance, metres. */
  distanceMetres: number;
}

/**
 * Weekly departures used for a station: its `weeklyDepartures` when the pack
 * has a positive one, else {@link DEFAULT_WEEKLY_DEPARTURES} of its primary mode.
 */
export function stationWeeklyDepartures(station: Station): number {
  const given = station.weeklyDepartures;
  if (given !== undefined && Number.isFinite(given) && given > 0) return given;
  return DEFAULT_WEEKLY_DEPARTURES[primaryMode(station)];
}

/**
 * Transit supply at a point, after Transit Score: the sum over rapid-transit
 * stations of mode weight × weekly departures × {@link walkDecay}(distance),
 * plus each bus stop within 400 m × 1 (bus weight) × {@link BUS_STOP_WEEKLY_DEPARTURES}.
 * Bus stops beyond 400 m are not passed in (the transit-planning bus catchment).
 *
 * @param stations - rapid-transit stations within 2.4 km with their distances
 * @param busStopCount - bus stops within 400 m
 * @returns weighted weekly departures, ≥ 0
 */
export function transitSupply(stations: readonly StationNearby[], busStopCount: number): number {
  let supply = 0;
  for (const { item: station, distanceMetres } of stations) {
    supply += MODE_WEIGHTS[primaryMode(station)] * stationWeeklyDepartures(station) * walkDecay(distanceMetres);
  }
  return supply + Math.max(0, busStopCount) * MODE_WEIGHTS.bus * BUS_STOP_WEEKLY_DEPARTURES;
}

/**
 * Transit sub-score from supply, on a log scale as Transit Score does (transit
 * supply spans orders of magnitude):
 * `10 × min(1, ln(1 + S / 100) / ln(1 + 6000 / 100))`.
 *
 * @param supply - {@link transitSupply}, weighted weekly departures
 * @returns 0-10, not rounded; non-decreasing in supply
 */
export function transitScoreFromSupply(supply: number): number {
  if (!Number.isFinite(supply) || supply <= 0) return 0;
  return 10 * Math.min(1, Math.log1p(supply / SUPPLY_REFERENCE) / Math.log1p(SUPPLY_FULL / SUPPLY_REFERENCE));
}
