import { isoDay } from './gtfs-calendar.js';
import { isRapidMode, routeTypeMode } from './gtfs-route-types.js';
import { type FeedService, readFeedService, type StopService, splitRouteDirection } from './gtfs-service.js';
import type { GtfsSource } from './gtfs-source.js';
import { routeSummary } from './stop-routes.js';
import { titleCaseIfShouting } from './text-fold.js';
import type { BusStop, GtfsServiceWeek, Station, StopRoute, TransitMode } from './types.js';

/** What one GTFS feed adds to a pack. */
export interface GtfsLayers {
  stations: Station[];
  busStops: BusStop[];
  /** Agency names (`agency.txt`). */
  agencies: string[];
  /** `feed_info.txt` publisher name, when present. */
  publisher: string | null;
  /** Whether weekly departures were counted (trips, stop times and a calendar). */
  hasService: boolean;
  /** The typical week counted, when `hasService`. */
  serviceWeek: GtfsServiceWeek | null;
  /** The feed's validity window (`YYYY-MM-DD`), where its calendars give service. */
  validity: { start: string; end: string } | null;
  /** Why service is unknown, when not `hasService`, e.g. `no trips.txt/stop_times.txt`. */
  serviceNote: string | null;
}

interface StopRecord {
  id: string;
  name: string;
  lat: number;
  lng: number;
  locationType: number;
  parent: string | null;
}

/** A route of `routes.txt`, by its index. */
interface RouteRecord {
  id: string;
  name: string;
  mode: TransitMode | null;
}

/**
 * Reads one GTFS feed's stations and bus stops.
 *
 * - With `trips.txt`, `stop_times.txt` and a calendar: each stop's routes
 *   and their departures per direction over the feed's typical week
 *   ({@link readFeedService}); a child stop's service adds up to its
 *   `parent_station`. Stations are parent stations (`location_type=1`) and
 *   parentless stops with a non-bus mode, carrying their rapid-transit routes;
 *   bus stops are stops (platforms of a station included) served by bus
 *   routes, carrying their bus routes. A stop whose trips do not run in the
 *   typical week keeps its modes with no departures.
 * - Without them (e.g. the STM snapshot): parent stations take the feed's
 *   non-bus route types (STM: metro); parentless stops are bus stops when the
 *   feed has bus routes, else stations of the feed's modes; child stops of a
 *   station are its platforms and no bus stops. No departures.
 *
 * Names in capitals only are title-cased (`STATION ANGRIGNON` → `Station Angrignon`).
 *
 * @param feed - an open GTFS feed
 * @param onRows - called with the running row count, for progress
 * @returns the feed's layers
 * @throws RegionPackError on malformed CSV or calendar dates
 */
export async function collectGtfs(feed: GtfsSource, onRows: (rows: number) => void = () => undefined): Promise<GtfsLayers> {
  let rowCount = 0;
  const tick = (): void => {
    rowCount++;
    if (rowCount % 200_000 === 0) onRows(rowCount);
  };
  const agencies: string[] = [];
  await feed.rows('agency.txt', (row) => {
    if (row.agency_name) agencies.push(row.agency_name);
  });
  let publisher: string | null = null;
  await feed.rows('feed_info.txt', (row) => {
    publisher ??= row.feed_publisher_name || null;
  });
  const routes = await readRoutes(feed);
  const routeIndex = new Map(routes.map((route, index) => [route.id, index]));

  let service: FeedService | null = null;
  let serviceNote: string | null = 'no trips.txt/stop_times.txt';
  if (feed.has('trips.txt') && feed.has('stop_times.txt')) {
    service = await readFeedService(feed, routeIndex, tick);
    serviceNote = service === null ? 'no calendar.txt/calendar_dates.txt' : null;
  }
  const stops = await readStops(feed, tick);
  onRows(rowCount);

  const source = `gtfs:${feed.name}`;
  const layers = service === null ? layersWithoutService(stops, routes, source) : layersWithService(stops, routes, service.stops, source);
  const serviceWeek: GtfsServiceWeek | null =
    service === null
      ? null
      : {
          start: isoDay(service.week.first),
          end: isoDay(service.week.last),
          trips: service.week.trips,
          weeksConsidered: service.week.weeksConsidered,
          stopTimes: service.stopTimes,
        };
  const validity = service === null ? null : { start: isoDay(service.validity.first), end: isoDay(service.validity.last) };
  return { ...layers, agencies, publisher, hasService: service !== null, serviceWeek, validity, serviceNote };
}

async function readRoutes(feed: GtfsSource): Promise<RouteRecord[]> {
  const routes: RouteRecord[] = [];
  await feed.rows('routes.txt', (row) => {
    const id = row.route_id ?? '';
    routes.push({
      id,
      name: row.route_short_name || row.route_long_name || id,
      mode: routeTypeMode(Number.parseInt(row.route_type ?? '', 10)),
    });
  });
  return routes;
}

async function readStops(feed: GtfsSource, tick: () => void): Promise<StopRecord[]> {
  const stops: StopRecord[] = [];
  await feed.rows('stops.txt', (row) => {
    tick();
    const lat = Number.parseFloat(row.stop_lat ?? '');
    const lng = Number.parseFloat(row.stop_lon ?? '');
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || (lat === 0 && lng === 0)) return;
    stops.push({
      id: row.stop_id ?? '',
      name: titleCaseIfShouting(row.stop_name ?? ''),
      lat,
      lng,
      locationType: Number.parseInt(row.location_type || '0', 10) || 0,
      parent: row.parent_station || null,
    });
  });
  return stops;
}

function layersWithService(
  stops: readonly StopRecord[],
  routes: readonly RouteRecord[],
  counted: ReadonlyMap<string, StopService>,
  source: string,
): Pick<GtfsLayers, 'stations' | 'busStops'> {
  const service = withParents(stops, counted);
  const stations: Station[] = [];
  const busStops: BusStop[] = [];
  const modesOf = (own: StopService | undefined): TransitMode[] => {
    const modes = new Set<TransitMode>();
    for (const route of own?.routes ?? []) {
      const mode = routes[route]?.mode;
      if (mode !== null && mode !== undefined) modes.add(mode);
    }
    return [...modes];
  };
  for (const stop of stops) {
    const own = service.get(stop.id);
    const modes = modesOf(own);
    const isParent = stop.locationType === 1;
    const isStop = stop.locationType === 0 || stop.locationType === 4;
    const rapid = modes.filter(isRapidMode);
    if ((isParent || (isStop && stop.parent === null)) && rapid.length > 0) {
      const served = stopRoutes(own, routes, source, isRapidMode);
      stations.push({
        id: `${source}:${stop.id}`,
        name: stop.name,
        lat: stop.lat,
        lng: stop.lng,
        modes: rapid,
        sources: [source],
        ...routeSummary(served),
        routes: served,
      });
    }
    if (stop.locationType === 0 && modes.includes('bus')) {
      const served = stopRoutes(own, routes, source, (mode) => !isRapidMode(mode));
      busStops.push({
        id: `${source}:${stop.id}`,
        name: stop.name || null,
        lat: stop.lat,
        lng: stop.lng,
        sources: [source],
        modes: ['bus'],
        ...routeSummary(served),
        routes: served,
      });
    }
  }
  return { stations, busStops };
}

/** Each stop's own service, plus its children's for a parent station. */
function withParents(stops: readonly StopRecord[], counted: ReadonlyMap<string, StopService>): Map<string, StopService> {
  const service = new Map<string, StopService>();
  for (const [id, own] of counted) service.set(id, { departures: new Map(own.departures), routes: new Set(own.routes) });
  const parentIds = new Set(stops.filter((s) => s.locationType === 1).map((s) => s.id));
  for (const stop of stops) {
    const own = counted.get(stop.id);
    if (own === undefined || stop.parent === null || !parentIds.has(stop.parent)) continue;
    let parent = service.get(stop.parent);
    if (parent === undefined) {
      parent = { departures: new Map(), routes: new Set() };
      service.set(stop.parent, parent);
    }
    for (const route of own.routes) parent.routes.add(route);
    for (const [key, count] of own.departures) parent.departures.set(key, (parent.departures.get(key) ?? 0) + count);
  }
  return service;
}

/** The stop's routes of the modes `keep` accepts, one per route and direction, whole departures, busiest first. */
function stopRoutes(own: StopService | undefined, routes: readonly RouteRecord[], source: string, keep: (mode: TransitMode) => boolean): StopRoute[] {
  const served: StopRoute[] = [];
  for (const [key, count] of own?.departures ?? []) {
    const { route, direction } = splitRouteDirection(key);
    const record = routes[route];
    if (record === undefined || record.mode === null || !keep(record.mode)) continue;
    const weeklyDepartures = Math.round(count);
    if (weeklyDepartures > 0) served.push({ id: `${source}:${record.id}:${direction}`, name: record.name, mode: record.mode, weeklyDepartures });
  }
  return served.sort((a, b) => (b.weeklyDepartures ?? 0) - (a.weeklyDepartures ?? 0) || a.id.localeCompare(b.id));
}

function layersWithoutService(stops: readonly StopRecord[], routes: readonly RouteRecord[], source: string): Pick<GtfsLayers, 'stations' | 'busStops'> {
  const feedModes = new Set<TransitMode>();
  for (const route of routes) if (route.mode !== null) feedModes.add(route.mode);
  const rapidFeedModes = [...feedModes].filter(isRapidMode);
  const feedHasBus = feedModes.has('bus') || feedModes.size === 0;
  const stations: Station[] = [];
  const busStops: BusStop[] = [];
  for (const stop of stops) {
    const isParent = stop.locationType === 1;
    const isStop = stop.locationType === 0 || stop.locationType === 4;
    if (!isParent && !(isStop && stop.parent === null)) continue;
    const modes: TransitMode[] = isParent ? rapidFeedModes : feedHasBus ? ['bus'] : rapidFeedModes;
    if (modes.some(isRapidMode)) {
      stations.push({ id: `${source}:${stop.id}`, name: stop.name, lat: stop.lat, lng: stop.lng, modes: modes.filter(isRapidMode), sources: [source] });
    }
    if (isStop && modes.includes('bus')) {
      busStops.push({ id: `${source}:${stop.id}`, name: stop.name || null, lat: stop.lat, lng: stop.lng, sources: [source], modes: ['bus'] });
    }
  }
  return { stations, busStops };
}
