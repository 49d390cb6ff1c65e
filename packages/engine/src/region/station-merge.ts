import { haversineMetres } from './geometry.js';
import { foldName, stationNameKey } from './text-fold.js';
import type { BusStop, Station } from './types.js';

/** Stations of the same normalised name closer than this (metres) are one station. */
export const STATION_MERGE_METRES = 300;

/** Bus stops of the same folded name closer than this (metres) are one stop (OSM + GTFS of one pole). */
export const BUS_STOP_MERGE_METRES = 30;

/**
 * De-duplicates stations across sources: a station whose {@link stationNameKey}
 * equals an earlier one's within {@link STATION_MERGE_METRES} is merged into it
 * (sources and modes united, route counts and weekly departures added). The
 * earlier station keeps its id, name and position, so pass OSM first. Two
 * names that both end in a different line list, such as `34th Street - Penn
 * Station (A,C,E)` and `… (1,2,3)`, are different stations.
 *
 * @param stations - stations in priority order
 * @returns the merged list
 */
export function mergeStations(stations: readonly Station[]): Station[] {
  const byKey = new Map<string, Station[]>();
  const merged: Station[] = [];
  for (const station of stations) {
    const key = stationNameKey(station.name);
    const same = byKey.get(key) ?? [];
    const lines = lineList(station.name);
    const target = same.find((other) => {
      const otherLines = lineList(other.name);
      if (lines !== null && otherLines !== null && lines !== otherLines) return false;
      return haversineMetres(other, station) <= STATION_MERGE_METRES;
    });
    if (target === undefined) {
      const copy: Station = { ...station, modes: [...station.modes], sources: [...station.sources] };
      same.push(copy);
      byKey.set(key, same);
      merged.push(copy);
      continue;
    }
    for (const source of station.sources) if (!target.sources.includes(source)) target.sources.push(source);
    for (const mode of station.modes) if (!target.modes.includes(mode)) target.modes.push(mode);
    if (station.routeCount !== undefined) target.routeCount = (target.routeCount ?? 0) + station.routeCount;
    if (station.weeklyDepartures !== undefined) {
      target.weeklyDepartures = (target.weeklyDepartures ?? 0) + station.weeklyDepartures;
    }
  }
  return merged;
}

/**
 * De-duplicates named bus stops mapped in several sources: same folded name
 * within {@link BUS_STOP_MERGE_METRES} in another source → one stop with the
 * sources united. Stops of one source are never merged with each other (the
 * two poles of a stop on either side of a road are two stops); unnamed stops
 * are kept as they are.
 *
 * @param stops - bus stops in priority order
 * @returns the merged list
 */
export function mergeBusStops(stops: readonly BusStop[]): BusStop[] {
  const cell = (lat: number, lng: number): string => `${Math.floor(lat * 1000)},${Math.floor(lng * 1000)}`;
  const grid = new Map<string, BusStop[]>();
  const merged: BusStop[] = [];
  for (const stop of stops) {
    if (stop.name !== null) {
      const key = foldName(stop.name);
      const baseLat = Math.floor(stop.lat * 1000);
      const baseLng = Math.floor(stop.lng * 1000);
      let target: BusStop | undefined;
      for (let dy = -1; dy <= 1 && target === undefined; dy++) {
        for (let dx = -1; dx <= 1 && target === undefined; dx++) {
          target = grid
            .get(`${baseLat + dy},${baseLng + dx}`)
            ?.find(
              (other) =>
                other.name !== null &&
                !other.sources.some((source) => stop.sources.includes(source)) &&
                foldName(other.name) === key &&
                haversineMetres(other, stop) <= BUS_STOP_MERGE_METRES,
            );
        }
      }
      if (target !== undefined) {
        for (const source of stop.sources) if (!target.sources.includes(source)) target.sources.push(source);
        continue;
      }
    }
    const copy: BusStop = { ...stop, sources: [...stop.sources] };
    const key = cell(stop.lat, stop.lng);
    const list = grid.get(key);
    if (list === undefined) grid.set(key, [copy]);
    else list.push(copy);
    merged.push(copy);
  }
  return merged;
}

/** The folded trailing line list of a station name, e.g. `a c e` for `Canal Street (A,C,E)`, else null. */
function lineList(name: string): string | null {
  const match = /\(([^)]*)\)\s*$/u.exec(name);
  return match === null ? null : foldName(match[1] ?? '');
}
