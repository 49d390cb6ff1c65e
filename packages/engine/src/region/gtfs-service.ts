import { chooseServiceWeek, type DayRange, gtfsDay, ServiceCalendar, type ServiceWeek } from './gtfs-calendar.js';
import type { GtfsSource } from './gtfs-source.js';

/** Direction slot of a trip without `direction_id`: one of three per route (0, 1, none). */
const NO_DIRECTION = 2;

/** A feed's service at one stop (a `stops.txt` row), over its typical week. */
export interface StopService {
  /**
   * Departures in the typical week per route and direction, keyed by
   * {@link routeDirectionKey}; a route whose trips do not run that week is absent.
   */
  departures: Map<number, number>;
  /** Indexes (into `routes.txt` order) of every route with a trip stopping here, in any week. */
  routes: Set<number>;
}

/** What {@link readFeedService} counts. */
export interface FeedService {
  /** The typical week the departures are counted over. */
  week: ServiceWeek;
  /** Service per `stop_id` (only stops that appear in `stop_times.txt`). */
  stops: Map<string, StopService>;
  /** `stop_times.txt` rows read. */
  stopTimes: number;
  /** The feed's validity: `feed_info.txt`'s start and end dates, else the span of its calendars. */
  validity: DayRange;
}

/**
 * Key of a route and direction in {@link StopService.departures}.
 *
 * @param route - index of the route in `routes.txt`
 * @param direction - `direction_id` 0 or 1, or 2 when the trip has none
 */
export function routeDirectionKey(route: number, direction: number): number {
  return route * 3 + direction;
}

/**
 * The route index and direction (`0`, `1`, or `-` for none) of a {@link routeDirectionKey}.
 *
 * @param key - the key
 */
export function splitRouteDirection(key: number): { route: number; direction: '0' | '1' | '-' } {
  const slot = key % 3;
  return { route: (key - slot) / 3, direction: slot === 0 ? '0' : slot === 1 ? '1' : '-' };
}

/** Trips of a feed, in typed arrays indexed by trip number. */
interface TripTable {
  index: Map<string, number>;
  route: Int32Array;
  direction: Uint8Array;
  service: string[];
  /** Departures a day from each stop: 1, or the runs `frequencies.txt` gives. */
  runs: Float64Array;
}

/**
 * Counts a feed's departures per stop, route and direction over its typical
 * week ({@link chooseServiceWeek}), streaming `stop_times.txt` once.
 *
 * A `stop_times` row is a departure when the trip boards there (`pickup_type`
 * not 1) and goes on (not the trip's last stop by `stop_sequence`). A trip
 * counts once per day its service runs in the typical week, times its runs a
 * day when `frequencies.txt` lists it (⌈(end_time − start_time) / headway_secs⌉
 * per row). Memory holds the trips (in typed arrays) and the per-stop counts,
 * never the stop times.
 *
 * @param feed - an open feed with `trips.txt` and `stop_times.txt`
 * @param routeIndex - `route_id` → index in `routes.txt` order; trips of other routes are skipped
 * @param tick - called once per row read, for progress
 * @returns the counts, or null when the feed has no `calendar.txt` or `calendar_dates.txt` rows (service unknown)
 * @throws RegionPackError on malformed CSV or calendar dates
 */
export async function readFeedService(feed: GtfsSource, routeIndex: ReadonlyMap<string, number>, tick: () => void): Promise<FeedService | null> {
  const calendar = await readCalendar(feed);
  if (calendar.isEmpty) return null;
  const trips = await readTrips(feed, routeIndex, tick);
  await readFrequencies(feed, trips);
  const tripsByService = new Map<string, number>();
  trips.service.forEach((service, trip) => {
    tripsByService.set(service, (tripsByService.get(service) ?? 0) + (trips.runs[trip] ?? 1));
  });
  const declared = await readValidity(feed);
  const week = chooseServiceWeek(calendar, tripsByService, declared);
  const span = calendar.span();
  if (week === null || span === null) return null;
  const weekly = new Float64Array(trips.service.length);
  trips.service.forEach((service, trip) => {
    weekly[trip] = (week.perWeek.get(service) ?? 0) * (trips.runs[trip] ?? 1);
  });
  const { stops, stopTimes } = await countDepartures(feed, trips, weekly, tick);
  return { week, stops, stopTimes, validity: declared ?? span };
}

async function readCalendar(feed: GtfsSource): Promise<ServiceCalendar> {
  const calendar = new ServiceCalendar();
  await feed.rows('calendar.txt', (row) => calendar.addCalendar(row, `${feed.path}/calendar.txt`));
  await feed.rows('calendar_dates.txt', (row) => calendar.addException(row, `${feed.path}/calendar_dates.txt`));
  return calendar;
}

async function readValidity(feed: GtfsSource): Promise<DayRange | null> {
  let validity: DayRange | null = null;
  await feed.rows('feed_info.txt', (row) => {
    const first = gtfsDay(row.feed_start_date ?? '');
    const last = gtfsDay(row.feed_end_date ?? '');
    if (validity === null && !Number.isNaN(first) && !Number.isNaN(last) && first <= last) validity = { first, last };
  });
  return validity;
}

async function readTrips(feed: GtfsSource, routeIndex: ReadonlyMap<string, number>, tick: () => void): Promise<TripTable> {
  const index = new Map<string, number>();
  const routes: number[] = [];
  const directions: number[] = [];
  const service: string[] = [];
  await feed.columns('trips.txt', ['route_id', 'trip_id', 'service_id', 'direction_id'], ([routeId = '', id = '', serviceId = '', direction]) => {
    tick();
    const route = routeIndex.get(routeId);
    if (route === undefined || index.has(id)) return;
    index.set(id, service.length);
    routes.push(route);
    directions.push(direction === '0' ? 0 : direction === '1' ? 1 : NO_DIRECTION);
    service.push(serviceId);
  });
  return {
    index,
    route: Int32Array.from(routes),
    direction: Uint8Array.from(directions),
    service,
    runs: new Float64Array(service.length).fill(1),
  };
}

/** Seconds after midnight of a GTFS time (`H:MM:SS`, hours may exceed 24); NaN when malformed. */
function gtfsSeconds(text: string): number {
  const match = /^(\d+):(\d{2}):(\d{2})$/.exec(text.trim());
  return match === null ? Number.NaN : Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

async function readFrequencies(feed: GtfsSource, trips: TripTable): Promise<void> {
  const runs = new Map<number, number>();
  await feed.rows('frequencies.txt', (row) => {
    const trip = trips.index.get(row.trip_id ?? '');
    const span = gtfsSeconds(row.end_time ?? '') - gtfsSeconds(row.start_time ?? '');
    const headway = Number(row.headway_secs);
    if (trip === undefined || !(span > 0) || !(headway > 0)) return;
    runs.set(trip, (runs.get(trip) ?? 0) + Math.ceil(span / headway));
  });
  for (const [trip, count] of runs) trips.runs[trip] = count;
}

async function countDepartures(
  feed: GtfsSource,
  trips: TripTable,
  weekly: Float64Array,
  tick: () => void,
): Promise<{ stops: Map<string, StopService>; stopTimes: number }> {
  const stops = new Map<string, StopService>();
  const tripCount = trips.service.length;
  // Each trip's stop with the highest stop_sequence so far, and whether a departure was counted there.
  const lastSequence = new Float64Array(tripCount).fill(Number.NEGATIVE_INFINITY);
  const lastStop: Array<StopService | undefined> = new Array(tripCount);
  const lastCounted = new Uint8Array(tripCount);
  let stopTimes = 0;
  await feed.columns('stop_times.txt', ['trip_id', 'stop_id', 'stop_sequence', 'pickup_type'], ([tripId = '', stopId = '', sequenceText = '', pickupType]) => {
    tick();
    stopTimes++;
    const trip = trips.index.get(tripId);
    if (trip === undefined) return;
    let stop = stops.get(stopId);
    if (stop === undefined) {
      stop = { departures: new Map(), routes: new Set() };
      stops.set(stopId, stop);
    }
    const route = trips.route[trip] ?? 0;
    stop.routes.add(route);
    const boards = pickupType !== '1';
    const runs = weekly[trip] ?? 0;
    if (boards && runs > 0) {
      const key = routeDirectionKey(route, trips.direction[trip] ?? NO_DIRECTION);
      stop.departures.set(key, (stop.departures.get(key) ?? 0) + runs);
    }
    const parsed = Number.parseInt(sequenceText, 10);
    const sequence = Number.isFinite(parsed) ? parsed : stopTimes;
    if (sequence > (lastSequence[trip] ?? Number.NEGATIVE_INFINITY)) {
      lastSequence[trip] = sequence;
      lastStop[trip] = stop;
      lastCounted[trip] = boards && runs > 0 ? 1 : 0;
    }
  });
  // A trip's last stop is an arrival, not a departure.
  for (let trip = 0; trip < tripCount; trip++) {
    const stop = lastStop[trip];
    if (stop === undefined || lastCounted[trip] !== 1) continue;
    const key = routeDirectionKey(trips.route[trip] ?? 0, trips.direction[trip] ?? NO_DIRECTION);
    const left = (stop.departures.get(key) ?? 0) - (weekly[trip] ?? 0);
    if (left > 1e-9) stop.departures.set(key, left);
    else stop.departures.delete(key);
  }
  return { stops, stopTimes };
}
