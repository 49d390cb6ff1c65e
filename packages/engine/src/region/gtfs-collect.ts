import type { GtfsRow, GtfsSource } from './gtfs-source.js';
import { isRapidMode, routeTypeMode } from './gtfs-route-types.js';
import { titleCaseIfShouting } from './text-fold.js';
import type { BusStop, Station, TransitMode } from './types.js';

/** What one GTFS feed adds to a pack. */
export interface GtfsLayers {
  stations: Station[];
  busStops: BusStop[];
  /** Agency names (`agency.txt`). */
  agencies: string[];
  /** `feed_info.txt` publisher name, when present. */
  publisher: string | null;
  /** Whether the feed had `trips.txt` and `stop_times.txt` (service levels known). */
  hasService: boolean;
}

interface StopRecord {
  id: string;
  name: string;
  lat: number;
  lng: number;
  locationType: number;
  parent: string | null;
}

interface StopService {
  routes: Set<number>;
  weeklyDepartures: number;
}

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/**
 * Reads one GTFS feed's stations and bus stops.
 *
 * - With `trips.txt` and `stop_times.txt`: each stop's routes (and modes) come
 *   from its trips, departures per week from `calendar.txt` (days per week of
 *   each service) or `calendar_dates.txt` (added dates per week of its span).
 *   A stop's service also counts for its `parent_station`. Stations are parent
 *   stations (`location_type=1`) and parentless stops with a non-bus mode;
 *   bus stops are stops served by bus routes that are not part of such a station.
 * - Without them (e.g. the STM snapshot): parent stations take the feed's
 *   non-bus route types (STM: metro); parentless stops are bus stops when the
 *   feed has bus routes, else stations of the feed's modes; child stops of a
 *   station are its platforms and no bus stops.
 *
 * Names in capitals only are title-cased (`STATION ANGRIGNON` → `Station Angrignon`).
 *
 * @param feed - an open GTFS feed
 * @param onRows - called with the running row count, for progress
 * @returns the feed's layers
 * @throws RegionPackError on malformed CSV
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

  const routeIndex = new Map<string, number>();
  const routeModes: Array<TransitMode | null> = [];
  await feed.rows('routes.txt', (row) => {
    routeIndex.set(row.route_id ?? '', routeModes.length);
    routeModes.push(routeTypeMode(Number.parseInt(row.route_type ?? '', 10)));
  });
  const feedModes = new Set<TransitMode>();
  for (const mode of routeModes) if (mode !== null) feedModes.add(mode);

  const hasService = feed.has('trips.txt') && feed.has('stop_times.txt');
  const service = new Map<string, StopService>();
  if (hasService) await readService(feed, routeIndex, service, tick);

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
  onRows(rowCount);

  // A child's service counts for its parent station.
  const parentIds = new Set(stops.filter((s) => s.locationType === 1).map((s) => s.id));
  if (hasService) {
    for (const stop of stops) {
      const own = service.get(stop.id);
      if (own === undefined || stop.parent === null || !parentIds.has(stop.parent)) continue;
      const parent = service.get(stop.parent) ?? { routes: new Set<number>(), weeklyDepartures: 0 };
      for (const route of own.routes) parent.routes.add(route);
      parent.weeklyDepartures += own.weeklyDepartures;
      service.set(stop.parent, parent);
    }
  }
  const modesOf = (id: string): TransitMode[] => {
    const own = service.get(id);
    if (own === undefined) return [];
    const modes = new Set<TransitMode>();
    for (const route of own.routes) {
      const mode = routeModes[route];
      if (mode !== null && mode !== undefined) modes.add(mode);
    }
    return [...modes];
  };
  const rapidFeedModes = [...feedModes].filter(isRapidMode);
  const feedHasBus = feedModes.has('bus') || feedModes.size === 0;
  const source = `gtfs:${feed.name}`;
  const stations: Station[] = [];
  const busStops: BusStop[] = [];
  const stationIds = new Set<string>();

  for (const stop of stops) {
    const isParent = stop.locationType === 1;
    const isStop = stop.locationType === 0 || stop.locationType === 4;
    if (!isParent && !(isStop && stop.parent === null)) continue;
    let modes: TransitMode[];
    if (hasService) modes = modesOf(stop.id);
    else if (isParent) modes = rapidFeedModes;
    else modes = feedHasBus ? ['bus'] : rapidFeedModes;
    const rapid = modes.filter(isRapidMode);
    if (rapid.length > 0) {
      const station: Station = { id: `${source}:${stop.id}`, name: stop.name, lat: stop.lat, lng: stop.lng, modes: rapid, sources: [source] };
      const own = service.get(stop.id);
      if (own !== undefined) {
        station.routeCount = own.routes.size;
        station.weeklyDepartures = Math.round(own.weeklyDepartures);
      }
      stations.push(station);
      stationIds.add(stop.id);
    }
    if (isStop && modes.includes('bus')) {
      busStops.push({ id: `${source}:${stop.id}`, name: stop.name || null, lat: stop.lat, lng: stop.lng, sources: [source] });
    }
  }
  // Bus platforms inside a bus-only parent station (a bus terminal) are bus stops too.
  if (hasService) {
    for (const stop of stops) {
      if (stop.parent === null || stationIds.has(stop.parent) || stop.locationType !== 0) continue;
      if (modesOf(stop.id).includes('bus')) {
        busStops.push({ id: `${source}:${stop.id}`, name: stop.name || null, lat: stop.lat, lng: stop.lng, sources: [source] });
      }
    }
  }
  return { stations, busStops, agencies, publisher, hasService };
}

async function readService(
  feed: GtfsSource,
  routeIndex: Map<string, number>,
  service: Map<string, StopService>,
  tick: () => void,
): Promise<void> {
  const perWeek = new Map<string, number>();
  await feed.rows('calendar.txt', (row) => {
    let days = 0;
    for (const day of WEEKDAYS) if (row[day] === '1') days++;
    perWeek.set(row.service_id ?? '', days);
  });
  const added = new Map<string, { count: number; first: string; last: string }>();
  await feed.rows('calendar_dates.txt', (row: GtfsRow) => {
    const id = row.service_id ?? '';
    const date = row.date ?? '';
    if (perWeek.has(id) || row.exception_type !== '1') return;
    const entry = added.get(id);
    if (entry === undefined) added.set(id, { count: 1, first: date, last: date });
    else {
      entry.count++;
      if (date < entry.first) entry.first = date;
      if (date > entry.last) entry.last = date;
    }
  });
  for (const [id, { count, first, last }] of added) {
    const spanDays = (dateValue(last) - dateValue(first)) / 86_400_000 + 1;
    perWeek.set(id, count / Math.max(1, spanDays / 7));
  }
  const hasCalendar = perWeek.size > 0;
  const trips = new Map<string, { route: number; weekly: number }>();
  await feed.rows('trips.txt', (row) => {
    tick();
    const route = routeIndex.get(row.route_id ?? '');
    if (route === undefined) return;
    // Without any calendar, count each trip once a week (the service level stays relative).
    const weekly = hasCalendar ? (perWeek.get(row.service_id ?? '') ?? 0) : 1;
    trips.set(row.trip_id ?? '', { route, weekly });
  });
  await feed.rows('stop_times.txt', (row) => {
    tick();
    const trip = trips.get(row.trip_id ?? '');
    if (trip === undefined) return;
    const stopId = row.stop_id ?? '';
    let entry = service.get(stopId);
    if (entry === undefined) {
      entry = { routes: new Set<number>(), weeklyDepartures: 0 };
      service.set(stopId, entry);
    }
    entry.routes.add(trip.route);
    entry.weeklyDepartures += trip.weekly;
  });
}

function dateValue(yyyymmdd: string): number {
  return Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8)));
}
