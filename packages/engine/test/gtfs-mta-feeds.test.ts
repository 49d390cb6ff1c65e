import { beforeAll, describe, expect, it } from 'vitest';
import { collectGtfs, type GtfsLayers } from '../src/region/gtfs-collect.js';
import { type GtfsRow, openGtfs } from '../src/region/gtfs-source.js';
import { sharedFile } from './region-fixtures.js';

const subwayZip = sharedFile('nyc-transit/mta-subway.zip');
const busZip = sharedFile('nyc-transit/mta-bus-manhattan.zip');

/** Every row of a table, read with the feed reader (no counting of ours involved). */
async function table(zip: string, name: string): Promise<GtfsRow[]> {
  const feed = await openGtfs(zip);
  const rows: GtfsRow[] = [];
  try {
    await feed.rows(name, (row) => rows.push(row));
  } finally {
    feed.close();
  }
  return rows;
}

/** `YYYYMMDD` of the day `offset` days after the ISO date `start`. */
function gtfsDate(start: string, offset: number): string {
  const date = new Date(`${start}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10).replaceAll('-', '');
}

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** The tables of a feed the recounts read, each read once with the feed reader (no counting of ours involved). */
interface FeedTables {
  info: GtfsRow[];
  trips: GtfsRow[];
  /** calendar.txt rows by service_id, in file order. */
  calendar: Map<string, GtfsRow[]>;
  /** The exception_type of the first calendar_dates.txt row of each service_id and date. */
  exceptions: Map<string, Map<string, string>>;
}

async function feedTables(zip: string): Promise<FeedTables> {
  const [info, calendarRows, exceptionRows, trips] = await Promise.all([
    table(zip, 'feed_info.txt'),
    table(zip, 'calendar.txt'),
    table(zip, 'calendar_dates.txt'),
    table(zip, 'trips.txt'),
  ]);
  const calendar = new Map<string, GtfsRow[]>();
  for (const row of calendarRows) calendar.set(row.service_id ?? '', [...(calendar.get(row.service_id ?? '') ?? []), row]);
  const exceptions = new Map<string, Map<string, string>>();
  for (const row of exceptionRows) {
    const dates = exceptions.get(row.service_id ?? '') ?? new Map<string, string>();
    exceptions.set(row.service_id ?? '', dates);
    if (!dates.has(row.date ?? '')) dates.set(row.date ?? '', row.exception_type ?? '');
  }
  return { info, trips, calendar, exceptions };
}

/** Whether a service runs on a date, read straight from the calendar rows: an exception first, else the weekday within the range. */
function runsOn(tables: FeedTables, service: string, date: string): boolean {
  const exception = tables.exceptions.get(service)?.get(date);
  if (exception !== undefined) return exception === '1';
  const weekday = WEEKDAYS[new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}T00:00:00Z`).getUTCDay()] ?? '';
  return (tables.calendar.get(service) ?? []).some((row) => (row.start_date ?? '') <= date && date <= (row.end_date ?? '') && row[weekday] === '1');
}

/**
 * Departures of each group of stop ids in the 7 days from `weekStart`,
 * counted the simple way: one pass over stop_times noting each trip's last
 * stop_sequence and the rows at these stops; a row is a departure when
 * pickup_type is not 1 and it is not its trip's last stop; each counts once
 * per day of the week its trip's service runs.
 */
async function recount(zip: string, tables: FeedTables, groups: ReadonlyArray<readonly string[]>, weekStart: string): Promise<number[]> {
  const serviceOf = new Map(tables.trips.map((trip) => [trip.trip_id, trip.service_id ?? '']));
  const lastSequence = new Map<string, number>();
  const atStop: Array<{ group: number; trip: string; sequence: number; pickup: string }> = [];
  const feed = await openGtfs(zip);
  try {
    await feed.rows('stop_times.txt', (row) => {
      const trip = row.trip_id ?? '';
      const sequence = Number(row.stop_sequence);
      lastSequence.set(trip, Math.max(lastSequence.get(trip) ?? -1, sequence));
      const group = groups.findIndex((ids) => ids.includes(row.stop_id ?? ''));
      if (group >= 0) atStop.push({ group, trip, sequence, pickup: row.pickup_type ?? '' });
    });
  } finally {
    feed.close();
  }
  const days = Array.from({ length: 7 }, (_, i) => gtfsDate(weekStart, i));
  const departures = groups.map(() => 0);
  for (const { group, trip, sequence, pickup } of atStop) {
    if (pickup === '1' || sequence >= (lastSequence.get(trip) ?? -1)) continue;
    const service = serviceOf.get(trip) ?? '';
    departures[group] = (departures[group] ?? 0) + days.filter((date) => runsOn(tables, service, date)).length;
  }
  return departures;
}

/** The Monday of the first full week, inside feed_info's validity, whose trips equal the median over all full weeks (lower median), counted day by day. */
function medianWeek(tables: FeedTables): string {
  const { info, trips } = tables;
  const tripsPerService = new Map<string, number>();
  for (const trip of trips) tripsPerService.set(trip.service_id ?? '', (tripsPerService.get(trip.service_id ?? '') ?? 0) + 1);
  const first = info[0]?.feed_start_date ?? '';
  const last = info[0]?.feed_end_date ?? '';
  const iso = (date: string) => `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}`;
  const weeks: Array<{ monday: string; trips: number }> = [];
  for (let offset = 0; gtfsDate(iso(first), offset + 6) <= last; offset++) {
    const monday = gtfsDate(iso(first), offset);
    if (new Date(`${iso(monday)}T00:00:00Z`).getUTCDay() !== 1) continue;
    let count = 0;
    for (let day = 0; day < 7; day++) {
      for (const [service, n] of tripsPerService) if (runsOn(tables, service, gtfsDate(iso(monday), day))) count += n;
    }
    weeks.push({ monday: iso(monday), trips: count });
  }
  const sorted = weeks.map((week) => week.trips).sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return weeks.find((week) => week.trips === median)?.monday ?? '';
}

describe.skipIf(subwayZip === null || busZip === null)('weekly departures from the MTA subway and Manhattan bus feeds (real data)', () => {
  let subway: GtfsLayers;
  let bus: GtfsLayers;
  /** Recounted departures: Christopher St-Stonewall and 8 Av (L) platforms; Hudson St/Christopher St and 8 Av/W 14 St. */
  let subwayRecount: number[];
  let busRecount: number[];
  let subwayTables: FeedTables;
  let busTables: FeedTables;
  beforeAll(async () => {
    const subwayFeed = await openGtfs(subwayZip ?? '');
    const busFeed = await openGtfs(busZip ?? '');
    try {
      subway = await collectGtfs(subwayFeed);
      bus = await collectGtfs(busFeed);
    } finally {
      subwayFeed.close();
      busFeed.close();
    }
    [subwayTables, busTables] = await Promise.all([feedTables(subwayZip ?? ''), feedTables(busZip ?? '')]);
    subwayRecount = await recount(
      subwayZip ?? '',
      subwayTables,
      [
        ['133N', '133S'],
        ['L01N', 'L01S'],
      ],
      subway.serviceWeek?.start ?? '',
    );
    busRecount = await recount(busZip ?? '', busTables, [['401453'], ['401223']], bus.serviceWeek?.start ?? '');
  });

  it("counts over each feed's median week, found again day by day", () => {
    expect(subway.serviceWeek).toMatchObject({ start: medianWeek(subwayTables), stopTimes: 565_093, weeksConsidered: 21 });
    expect(bus.serviceWeek).toMatchObject({ start: medianWeek(busTables), stopTimes: 1_174_914, weeksConsidered: 16 });
    expect(subway.serviceWeek?.start).toBe('2026-06-01');
    expect(bus.serviceWeek?.start).toBe('2026-09-14');
  });

  it('gives Christopher St-Stonewall the departures of its two platforms, recounted from stop_times', () => {
    const station = subway.stations.find((s) => s.id === 'gtfs:mta-subway:133');
    const expected = subwayRecount[0];
    expect(station?.weeklyDepartures).toBe(expected);
    // The 1 train every 4 to 12 minutes each way, about 20 hours a day.
    expect(expected).toBeGreaterThan(2_500);
    expect(expected).toBeLessThan(4_500);
    expect(station?.weeklyDepartures).toBeDefined();
    expect(
      station?.routes
        ?.filter((r) => r.name === '1')
        .map((r) => r.id)
        .sort(),
    ).toEqual(['gtfs:mta-subway:1:0', 'gtfs:mta-subway:1:1']);
  });

  it('counts only the departing direction at a terminal: 8 Av is where the L ends westbound', () => {
    const station = subway.stations.find((s) => s.id === 'gtfs:mta-subway:L01');
    expect(station?.weeklyDepartures).toBe(subwayRecount[1]);
    expect(station?.routes?.map((r) => r.name)).toEqual(['L']);
  });

  it('gives bus stops their departures too: Hudson St/Christopher St and 8 Av/W 14 St, recounted', () => {
    for (const [i, id] of ['401453', '401223'].entries()) {
      const stop = bus.busStops.find((s) => s.id === `gtfs:mta-bus-manhattan:${id}`);
      const expected = busRecount[i];
      expect(stop?.weeklyDepartures, id).toBe(expected);
      expect(expected, id).toBeGreaterThan(100);
      expect(expected, id).toBeLessThan(3_000);
      expect(stop?.routes?.every((r) => r.mode === 'bus' && r.id.startsWith('gtfs:mta-bus-manhattan:M'))).toBe(true);
    }
  });

  it('leaves no bus stop of the feed without a count, and counts most', () => {
    expect(bus.busStops).toHaveLength(1_824);
    expect(bus.busStops.every((s) => Number.isInteger(s.weeklyDepartures) && s.routes !== undefined)).toBe(true);
    expect(bus.busStops.filter((s) => (s.weeklyDepartures ?? 0) > 0).length).toBeGreaterThan(1_700);
  });
});
