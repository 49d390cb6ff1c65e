import { describe, expect, it } from 'vitest';
import { collectGtfs } from './gtfs-collect.js';
import type { GtfsSource } from './gtfs-source.js';

type Tables = Record<string, string[][]>;

/** A GTFS feed held in memory: table name → rows, the first row the header. */
function memoryFeed(tables: Tables): GtfsSource {
  return {
    name: 'test',
    path: 'memory/test',
    has: (table) => table in tables,
    rows: async (table, onRow) => {
      const [header = [], ...rows] = tables[table] ?? [];
      for (const row of rows) onRow(Object.fromEntries(header.map((column, i) => [column, row[i] ?? ''])));
    },
    columns: async (table, names, onRow) => {
      const [header = [], ...rows] = tables[table] ?? [];
      for (const row of rows) onRow(names.map((name) => (header.includes(name) ? (row[header.indexOf(name)] ?? '') : '')));
    },
    digest: async () => ({ bytes: 0, sha256: '' }),
    close: () => undefined,
  };
}

/**
 * Metro line R1 through parent station P (platforms P_N, P_S) to stop Q; bus
 * line B1 through S1, S2 (no boarding there), S3; route U of an unknown
 * type. Weekdays WD and weekends WE for the two weeks from Monday 7 September 2026.
 */
function feed(withCalendar = true): Tables {
  const tables: Tables = {
    'agency.txt': [['agency_name'], ['Test Transit']],
    'routes.txt': [
      ['route_id', 'route_short_name', 'route_type'],
      ['R1', '1', '1'],
      ['B1', 'B1', '3'],
      ['U', 'U', '99'],
    ],
    'stops.txt': [
      ['stop_id', 'stop_name', 'stop_lat', 'stop_lon', 'location_type', 'parent_station'],
      ['P', 'PARK STATION', '45.5', '-73.5', '1', ''],
      ['P_N', 'Park northbound', '45.5', '-73.5', '0', 'P'],
      ['P_S', 'Park southbound', '45.5', '-73.5', '0', 'P'],
      ['Q', 'Quay', '45.51', '-73.5', '0', ''],
      ['S1', 'Main/1st', '45.52', '-73.5', '0', ''],
      ['S2', 'Main/2nd', '45.53', '-73.5', '0', ''],
      ['S3', 'Main/3rd', '45.54', '-73.5', '', ''],
    ],
    'trips.txt': [
      ['route_id', 'service_id', 'trip_id', 'direction_id'],
      ['R1', 'WD', 'r0', '0'],
      ['R1', 'WD', 'r1', '1'],
      ['R1', 'WE', 'rf', '0'],
      ['B1', 'WD', 'b0', '0'],
      ['B1', 'WE', 'b1', ''],
      ['U', 'WD', 'u0', '0'],
      ['GONE', 'WD', 'g0', '0'],
    ],
    'frequencies.txt': [
      ['trip_id', 'start_time', 'end_time', 'headway_secs'],
      ['rf', '08:00:00', '10:00:00', '1800'],
    ],
    'stop_times.txt': [
      ['trip_id', 'stop_id', 'stop_sequence', 'pickup_type'],
      ['r0', 'P_N', '1', ''],
      ['r0', 'Q', '2', ''],
      ['r1', 'P_S', '2', '0'],
      ['r1', 'Q', '1', '0'],
      ['rf', 'P_N', '1', ''],
      ['rf', 'Q', '2', ''],
      ['b0', 'S1', '1', '0'],
      ['b0', 'S2', '2', '1'],
      ['b0', 'S3', '3', '0'],
      ['b1', 'S3', '1', ''],
      ['b1', 'S1', '2', ''],
      ['u0', 'S1', '1', ''],
      ['u0', 'S2', '2', ''],
      ['g0', 'S1', '1', ''],
      ['g0', 'S3', '2', ''],
    ],
  };
  if (withCalendar) {
    tables['calendar.txt'] = [
      ['service_id', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'start_date', 'end_date'],
      ['WD', '1', '1', '1', '1', '1', '0', '0', '20260907', '20260920'],
      ['WE', '0', '0', '0', '0', '0', '1', '1', '20260907', '20260920'],
    ];
  }
  return tables;
}

describe('collectGtfs with stop times', () => {
  it('counts departures per stop, route and direction over the typical week', async () => {
    const layers = await collectGtfs(memoryFeed(feed()));
    expect(layers).toMatchObject({ hasService: true, serviceNote: null, agencies: ['Test Transit'] });
    // Weekdays: r0, r1, b0, u0 five times; weekends: rf four runs a day and b1, twice.
    expect(layers.serviceWeek).toEqual({ start: '2026-09-07', end: '2026-09-13', trips: 30, weeksConsidered: 2, stopTimes: 15 });
    const park = layers.stations.find((s) => s.id === 'gtfs:test:P');
    // P_N: r0 on 5 weekdays + rf 4 runs on 2 weekend days; P_S only ends trips.
    expect(park).toMatchObject({ name: 'Park Station', modes: ['subway'], routeCount: 1, weeklyDepartures: 13 });
    expect(park?.routes).toEqual([{ id: 'gtfs:test:R1:0', name: '1', mode: 'subway', weeklyDepartures: 13 }]);
    expect(layers.stations.find((s) => s.id === 'gtfs:test:Q')?.routes).toEqual([{ id: 'gtfs:test:R1:1', name: '1', mode: 'subway', weeklyDepartures: 5 }]);
    expect(layers.stations.map((s) => s.id).sort()).toEqual(['gtfs:test:P', 'gtfs:test:Q']);
  });

  it('gives every bus stop its departures: no boarding, last stops and unknown route types count nothing', async () => {
    const layers = await collectGtfs(memoryFeed(feed()));
    const stop = (id: string) => layers.busStops.find((s) => s.id === `gtfs:test:${id}`);
    expect(stop('S1')).toMatchObject({
      modes: ['bus'],
      routeCount: 1,
      weeklyDepartures: 5,
      routes: [{ id: 'gtfs:test:B1:0', name: 'B1', mode: 'bus', weeklyDepartures: 5 }],
    });
    expect(stop('S2')).toMatchObject({ routeCount: 0, weeklyDepartures: 0, routes: [] });
    expect(stop('S3')?.routes).toEqual([{ id: 'gtfs:test:B1:-', name: 'B1', mode: 'bus', weeklyDepartures: 2 }]);
    expect(layers.busStops.map((s) => s.id).sort()).toEqual(['gtfs:test:S1', 'gtfs:test:S2', 'gtfs:test:S3']);
  });

  it('says service is unknown without a calendar, and falls back to the route types', async () => {
    const layers = await collectGtfs(memoryFeed(feed(false)));
    expect(layers).toMatchObject({ hasService: false, serviceWeek: null, serviceNote: 'no calendar.txt/calendar_dates.txt' });
    expect(layers.stations.find((s) => s.id === 'gtfs:test:P')).toMatchObject({ modes: ['subway'] });
    expect(layers.stations.every((s) => s.routes === undefined && s.weeklyDepartures === undefined)).toBe(true);
    expect(layers.busStops.map((s) => s.id).sort()).toEqual(['gtfs:test:Q', 'gtfs:test:S1', 'gtfs:test:S2', 'gtfs:test:S3']);
  });
});
