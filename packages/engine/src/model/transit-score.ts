import type { BusStop, Station, TransitMode } from '../region/types.js';
import { DEFAULT_BUS_ROUTE_WEEKLY_DEPARTURES, DEFAULT_WEEKLY_DEPARTURES, defaultRouteWeeklyDepartures, MODE_WEIGHTS, primaryMode } from '../transit/modes.js';
import { BUS_STOP_CATCHMENT_METRES } from '../transit/transit-index.js';
import { walkDecay } from './walk-decay.js';

/**
 * Supply unit of the log scale, weighted weekly departures: one bus route in
 * one direction, hourly for 16 hours a day (half of {@link DEFAULT_BUS_ROUTE_WEEKLY_DEPARTURES}).
 * A stop with one such route both ways (200) scores 1.6.
 */
export const SUPPLY_REFERENCE = DEFAULT_BUS_ROUTE_WEEKLY_DEPARTURES / 2;
/**
 * Supply that scores 10, weighted weekly departures: Manhattan's best-served
 * hubs with the MTA subway and bus feeds (Times Square 81,000, Herald Square
 * 80,000; the West Village 34,000 to 73,000), so that real service levels
 * spread below it (see `docs/methodology/transit.md`).
 */
export const SUPPLY_FULL = 80_000;

/** A rapid-transit station near the point. */
export interface StationNearby {
  item: Station;
  /** Great-circle distance, metres. */
  distanceMetres: number;
}

/** A bus stop near the point. */
export interface BusStopNearby {
  item: BusStop;
  /** Great-circle distance, metres. */
  distanceMetres: number;
}

/** The stops the transit score reads: what `TransitIndex.access` finds. */
export interface TransitNearby {
  /** Rapid-transit stations within 2.4 km. */
  stations: readonly StationNearby[];
  /** Bus stops within 400 m (stops farther away add nothing). */
  busStops: readonly BusStopNearby[];
}

/** One route's service at a stop as the supply counts it (a stop with unknown routes offers one line of its own). */
export interface ServiceLine {
  /** The route key (`StopRoute.id`), or the stop's id when its routes are unknown: each key counts once. */
  key: string;
  mode: TransitMode;
  /** Departures per week at this stop. */
  weeklyDepartures: number;
}

/** What {@link transitService} finds near a point. */
export interface TransitService {
  /** Weighted weekly departures, ≥ 0: Σ over lines of mode weight × weekly departures × distance decay. */
  supply: number;
  /** Lines (route keys) that add to the supply. */
  lines: number;
  /** Their weekly departures (unweighted, undecayed) at the stops that count for them. */
  weeklyDepartures: number;
}

function finiteDepartures(value: number | undefined): number | null {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : null;
}

/** One line per route, with its feed departures or the mode's default for a route without a timetable. */
function routeLines(routes: NonNullable<Station['routes']>): ServiceLine[] {
  return routes.map((route) => ({
    key: route.id,
    mode: route.mode,
    weeklyDepartures: finiteDepartures(route.weeklyDepartures) ?? defaultRouteWeeklyDepartures(route.mode),
  }));
}

/**
 * The lines a station offers: its routes (feed departures, or the mode's
 * default for a route without a timetable); else one line keyed by the station
 * with its `weeklyDepartures`; else {@link DEFAULT_WEEKLY_DEPARTURES} of its
 * primary mode.
 *
 * @param station - a rapid-transit station
 */
export function stationLines(station: Station): ServiceLine[] {
  if (station.routes !== undefined) return routeLines(station.routes);
  const mode = primaryMode(station);
  return [{ key: station.id, mode, weeklyDepartures: finiteDepartures(station.weeklyDepartures) ?? DEFAULT_WEEKLY_DEPARTURES[mode] }];
}

/**
 * The lines a bus stop offers: its routes (feed departures, or
 * {@link DEFAULT_BUS_ROUTE_WEEKLY_DEPARTURES} for an OSM line); else one line
 * keyed by the stop with its `weeklyDepartures`, else the default.
 *
 * @param stop - a bus stop
 */
export function busStopLines(stop: BusStop): ServiceLine[] {
  if (stop.routes !== undefined) return routeLines(stop.routes);
  return [{ key: stop.id, mode: 'bus', weeklyDepartures: finiteDepartures(stop.weeklyDepartures) ?? DEFAULT_BUS_ROUTE_WEEKLY_DEPARTURES }];
}

/**
 * Weekly departures of a station, all its lines together ({@link stationLines}).
 *
 * @param station - a rapid-transit station
 */
export function stationWeeklyDepartures(station: Station): number {
  return stationLines(station).reduce((total, line) => total + line.weeklyDepartures, 0);
}

/**
 * Transit supply near a point, after Transit Score: each line (a route in one
 * direction from a feed, an OSM line, or a stop whose routes are unknown)
 * counts once, at the stop where it weighs most:
 * `S = Σ_lines max_stops MODE_WEIGHTS[mode] × weeklyDepartures × decay(d)`,
 * with decay {@link walkDecay} for stations (to 2.4 km) and 1 for bus stops
 * within 400 m. A route seen at several stations or stops (both platforms of
 * a hub, successive stops of one bus line) thus counts once.
 *
 * @param nearby - stations within 2.4 km and bus stops within 400 m, with their distances
 * @returns the supply, its lines and their weekly departures
 */
export function transitService(nearby: TransitNearby): TransitService {
  const best = new Map<string, { weighted: number; departures: number }>();
  const offer = (lines: readonly ServiceLine[], decay: number): void => {
    if (!(decay > 0)) return;
    for (const line of lines) {
      const weighted = MODE_WEIGHTS[line.mode] * line.weeklyDepartures * decay;
      const known = best.get(line.key);
      if (known === undefined || weighted > known.weighted) best.set(line.key, { weighted, departures: line.weeklyDepartures });
    }
  };
  for (const { item, distanceMetres } of nearby.stations) offer(stationLines(item), walkDecay(distanceMetres));
  for (const { item, distanceMetres } of nearby.busStops) {
    offer(busStopLines(item), distanceMetres >= 0 && distanceMetres <= BUS_STOP_CATCHMENT_METRES ? 1 : 0);
  }
  let supply = 0;
  let lines = 0;
  let weeklyDepartures = 0;
  for (const { weighted, departures } of best.values()) {
    if (!(weighted > 0)) continue;
    supply += weighted;
    lines++;
    weeklyDepartures += departures;
  }
  return { supply, lines, weeklyDepartures };
}

/**
 * Transit supply near a point, weighted weekly departures ({@link transitService}).
 *
 * @param nearby - stations within 2.4 km and bus stops within 400 m
 * @returns ≥ 0
 */
export function transitSupply(nearby: TransitNearby): number {
  return transitService(nearby).supply;
}

/**
 * Transit sub-score from supply, on a log scale as Transit Score does
 * (transit supply spans orders of magnitude):
 * `10 × min(1, ln(1 + S / SUPPLY_REFERENCE) / ln(1 + SUPPLY_FULL / SUPPLY_REFERENCE))`.
 *
 * @param supply - {@link transitSupply}, weighted weekly departures
 * @returns 0-10, not rounded; non-decreasing in supply
 */
export function transitScoreFromSupply(supply: number): number {
  if (!Number.isFinite(supply) || supply <= 0) return 0;
  return 10 * Math.min(1, Math.log1p(supply / SUPPLY_REFERENCE) / Math.log1p(SUPPLY_FULL / SUPPLY_REFERENCE));
}
