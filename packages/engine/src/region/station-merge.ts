import { foldText } from '@locscore/schema';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { haversineMetres } from './geometry.js';
import { routeSummary, uniteRoutes } from './stop-routes.js';
import { stationNameKey } from './text-fold.js';
import type { BusStop, LatLng, Station, TransitMode } from './types.js';

/** Stations of the same normalised name closer than this (metres) are one station. */
export const STATION_MERGE_METRES = 300;

/**
 * A station no feed gives service for (OSM) is the same as the nearest station
 * with feed service within this distance (metres) that shares a mode and a
 * name word: OSM station nodes of the West Village lie 5–105 m from the MTA
 * feed's stations for them, and the next other station is 140 m or more away.
 */
export const STATION_SERVICE_MATCH_METRES = 150;

/**
 * Bus-stop objects of the same folded name or a shared reference closer than
 * this (metres) are one stop: the pole, the platform and the stop position of
 * one stop, or its two poles across the road. Liechtenstein: the objects of
 * 137 of its 157 `uic_ref` values lie within 50 m of each other (the rest
 * are joined by their stop-area relation).
 */
export const BUS_STOP_MERGE_METRES = 50;

/** Objects of one `public_transport=stop_area` relation closer than this (metres) are one stop. */
export const STOP_AREA_MERGE_METRES = 300;

/** A bus stop as read from one source, with what tells which objects are one stop. */
export interface StopObject {
  stop: BusStop;
  /** References the objects of one stop share (`uic_ref=8574387`, `route_ref=11;12`…; see `osmStopReferences`). */
  references?: readonly string[];
  /** `public_transport=stop_area` relations holding it, e.g. `r123`. */
  areas?: readonly string[];
}

/**
 * De-duplicates stations across sources, in two steps.
 *
 * 1. By name: a station whose {@link stationNameKey} equals an earlier one's
 *    within {@link STATION_MERGE_METRES} is merged into it; the earlier keeps
 *    its id, name and position (pass OSM first). Two names that both end in a
 *    different line list, such as `34th Street - Penn Station (A,C,E)` and
 *    `… (1,2,3)`, are different stations, and so are two stations of one GTFS
 *    feed (the MTA's `Canal St` of the 1 line and of the A, C, E, 250 m apart).
 * 2. By service: a station without feed service (no `routes`, e.g. from OSM)
 *    is merged into the nearest station with feed service within
 *    {@link STATION_SERVICE_MATCH_METRES} that shares a mode (a station of
 *    unknown mode matches any) and a name word ({@link nameWords}), such as
 *    `Christopher Street-Sheridan Square (1)` into the feed's
 *    `Christopher St-Stonewall`; the station with service keeps its record.
 *
 * Merging unites sources and modes and the route lists ({@link uniteRoutes});
 * route counts and weekly departures follow the united routes, else add up.
 *
 * @param stations - stations in priority order
 * @returns the merged list (new objects; the input is not changed)
 */
export function mergeStations(stations: readonly Station[]): Station[] {
  return absorbIntoServed(mergeStationsByName(stations));
}

function mergeStationsByName(stations: readonly Station[]): Station[] {
  const byKey = new Map<string, Station[]>();
  const merged: Station[] = [];
  for (const station of stations) {
    const key = stationNameKey(station.name);
    const same = byKey.get(key) ?? [];
    const lines = lineList(station.name);
    const target = same.find((other) => {
      if (sameFeed(station, other)) return false;
      const otherLines = lineList(other.name);
      if (lines !== null && otherLines !== null && lines !== otherLines) return false;
      return haversineMetres(other, station) <= STATION_MERGE_METRES;
    });
    if (target === undefined) {
      const copy = copyStation(station);
      same.push(copy);
      byKey.set(key, same);
      merged.push(copy);
    } else {
      foldStation(target, station);
    }
  }
  return merged;
}

/** Whether both stations come from one GTFS feed, whose parent stations are distinct by definition. */
function sameFeed(a: Station, b: Station): boolean {
  return a.sources.some((source) => source.startsWith('gtfs:') && b.sources.includes(source));
}

function absorbIntoServed(stations: Station[]): Station[] {
  const served = stations.filter((station) => station.routes !== undefined);
  if (served.length === 0) return stations;
  const absorbed = new Set<Station>();
  for (const station of stations) {
    if (station.routes !== undefined) continue;
    const words = nameWords(station.name);
    let best: Station | null = null;
    let bestMetres = STATION_SERVICE_MATCH_METRES;
    for (const candidate of served) {
      const metres = haversineMetres(station, candidate);
      if ((best === null ? metres > bestMetres : metres >= bestMetres) || !sharesMode(station.modes, candidate.modes)) continue;
      if (!nameWords(candidate.name).some((word) => words.includes(word))) continue;
      best = candidate;
      bestMetres = metres;
    }
    if (best !== null) {
      foldStation(best, station);
      absorbed.add(station);
    }
  }
  return stations.filter((station) => !absorbed.has(station));
}

function copyStation(station: Station): Station {
  const copy: Station = { ...station, modes: [...station.modes], sources: [...station.sources] };
  if (station.routes !== undefined) copy.routes = station.routes.map((route) => ({ ...route }));
  return copy;
}

/** Folds `other` into `target`: sources, modes, routes (or counts) united. */
function foldStation(target: Station, other: Station): void {
  for (const source of other.sources) if (!target.sources.includes(source)) target.sources.push(source);
  for (const mode of other.modes) if (!target.modes.includes(mode)) target.modes.push(mode);
  const routes = uniteRoutes([target.routes, other.routes]);
  if (routes !== undefined) {
    Object.assign(target, { routes, ...routeSummary(routes) });
    if (!routes.every((route) => route.weeklyDepartures !== undefined)) delete target.weeklyDepartures;
    return;
  }
  if (other.routeCount !== undefined) target.routeCount = (target.routeCount ?? 0) + other.routeCount;
  if (other.weeklyDepartures !== undefined) target.weeklyDepartures = (target.weeklyDepartures ?? 0) + other.weeklyDepartures;
}

function sharesMode(a: readonly TransitMode[], b: readonly TransitMode[]): boolean {
  return a.length === 0 || b.length === 0 || a.some((mode) => b.includes(mode));
}

/** Words that say nothing about which station or stop it is. */
const GENERIC_WORDS = new Set([
  'st',
  'street',
  'av',
  'ave',
  'avenue',
  'sq',
  'square',
  'rd',
  'road',
  'pl',
  'place',
  'blvd',
  'boulevard',
  'pkwy',
  'parkway',
  'dr',
  'drive',
  'ln',
  'lane',
  'n',
  's',
  'e',
  'w',
  'north',
  'south',
  'east',
  'west',
  'the',
  'and',
  'of',
  'at',
]);

/**
 * The distinctive words of a station name for matching across sources:
 * {@link stationNameKey}'s words, ordinals as numbers (`14th` → `14`),
 * without street types, compass points and particles ({@link GENERIC_WORDS}).
 *
 * @param name - e.g. `14th Street-8th Avenue (A,C,E,L)`
 * @returns e.g. `['14', '8']`
 */
export function nameWords(name: string): string[] {
  return stationNameKey(name)
    .split(' ')
    .map((word) => word.replace(/^(\d+)(st|nd|rd|th)$/u, '$1'))
    .filter((word) => word !== '' && !GENERIC_WORDS.has(word));
}

/**
 * Merges the objects of one bus stop into one stop, in two steps.
 *
 * 1. Objects closer than {@link BUS_STOP_MERGE_METRES} with the same folded
 *    name, or sharing a reference, and objects of one stop area closer than
 *    {@link STOP_AREA_MERGE_METRES}, are one stop (linked transitively). It
 *    keeps the id and position of its first object in input order (pass OSM
 *    platforms first) and the first name given; sources, modes and routes are
 *    united ({@link uniteRoutes}).
 * 2. A stop without feed service (no timetabled routes) is merged into the
 *    nearest stop with feed service within {@link BUS_STOP_MERGE_METRES},
 *    whatever its name (a GTFS stop and the OSM objects it duplicates are one
 *    stop); the stop with service keeps its record.
 *
 * @param objects - bus-stop objects in priority order
 * @returns the merged stops (new objects; the input is not changed)
 */
export function mergeBusStops(objects: readonly StopObject[]): BusStop[] {
  if (objects.length === 0) return [];
  const index = new KDBush(objects.length);
  for (const { stop } of objects) index.add(stop.lng, stop.lat);
  index.finish();
  const parent = objects.map((_, i) => i);
  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] ?? root;
    let node = i;
    while (parent[node] !== root) {
      const next = parent[node] ?? root;
      parent[node] = root;
      node = next;
    }
    return root;
  };
  const union = (a: number, b: number): void => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  objects.forEach((object, i) => {
    const reach = object.areas !== undefined && object.areas.length > 0 ? STOP_AREA_MERGE_METRES : BUS_STOP_MERGE_METRES;
    for (const j of nearbyIds(index, object.stop, reach)) {
      const other = objects[j];
      if (j >= i || other === undefined) continue;
      const metres = haversineMetres(object.stop, other.stop);
      if (metres <= STOP_AREA_MERGE_METRES && shareAny(object.areas, other.areas)) union(i, j);
      else if (metres <= BUS_STOP_MERGE_METRES && sameStop(object, other)) union(i, j);
    }
  });
  const groups = new Map<number, BusStop[]>();
  objects.forEach((object, i) => {
    const root = find(i);
    const group = groups.get(root) ?? [];
    group.push(object.stop);
    groups.set(root, group);
  });
  return absorbStopsIntoServed([...groups.values()].map(combineStops));
}

/** Ids of indexed points within `metres` of `point` (padded; callers re-check in haversine metres). */
function nearbyIds(index: KDBush, point: LatLng, metres: number): number[] {
  return around(index, point.lng, point.lat, Number.POSITIVE_INFINITY, (metres * 1.01) / 1000);
}

function shareAny(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return a !== undefined && b !== undefined && a.some((value) => b.includes(value));
}

function sameStop(a: StopObject, b: StopObject): boolean {
  const named = a.stop.name !== null && b.stop.name !== null && foldText(a.stop.name) === foldText(b.stop.name);
  return named || shareAny(a.references, b.references);
}

/** One stop from the objects of one group (the first gives id and position). */
function combineStops(group: readonly BusStop[]): BusStop {
  const [first, ...rest] = group;
  if (first === undefined) throw new RangeError('empty bus-stop group');
  const stop: BusStop = { id: first.id, name: group.find((s) => s.name !== null)?.name ?? null, lat: first.lat, lng: first.lng, sources: [] };
  foldBusStop(stop, first);
  for (const other of rest) foldBusStop(stop, other);
  return stop;
}

/** Folds `other` into `target`: sources, modes and routes united, counts from the routes. */
function foldBusStop(target: BusStop, other: BusStop): void {
  for (const source of other.sources) if (!target.sources.includes(source)) target.sources.push(source);
  if (other.modes !== undefined) target.modes = [...new Set([...(target.modes ?? []), ...other.modes])];
  const routes = uniteRoutes([target.routes, other.routes]);
  if (routes === undefined) return;
  const { routeCount, weeklyDepartures } = routeSummary(routes);
  Object.assign(target, { routes, routeCount });
  if (weeklyDepartures === undefined) delete target.weeklyDepartures;
  else target.weeklyDepartures = weeklyDepartures;
}

function hasFeedService(stop: BusStop): boolean {
  return stop.routes?.some((route) => route.weeklyDepartures !== undefined) === true;
}

function absorbStopsIntoServed(stops: BusStop[]): BusStop[] {
  const servedIds = stops.flatMap((stop, i) => (hasFeedService(stop) ? [i] : []));
  if (servedIds.length === 0 || servedIds.length === stops.length) return stops;
  const index = new KDBush(servedIds.length);
  for (const i of servedIds) index.add(stops[i]?.lng ?? 0, stops[i]?.lat ?? 0);
  index.finish();
  const absorbed = new Set<BusStop>();
  for (const stop of stops) {
    if (hasFeedService(stop)) continue;
    let best: BusStop | null = null;
    let bestMetres = BUS_STOP_MERGE_METRES;
    for (const k of nearbyIds(index, stop, BUS_STOP_MERGE_METRES)) {
      const candidate = stops[servedIds[k] ?? -1];
      if (candidate === undefined) continue;
      const metres = haversineMetres(stop, candidate);
      if (best === null ? metres <= bestMetres : metres < bestMetres) [best, bestMetres] = [candidate, metres];
    }
    if (best !== null) {
      foldBusStop(best, stop);
      absorbed.add(stop);
    }
  }
  return stops.filter((stop) => !absorbed.has(stop));
}

/** The folded trailing line list of a station name, e.g. `a c e` for `Canal Street (A,C,E)`, else null. */
function lineList(name: string): string | null {
  const match = /\(([^)]*)\)\s*$/u.exec(name);
  return match === null ? null : foldText(match[1] ?? '');
}
