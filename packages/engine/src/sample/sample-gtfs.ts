import { BUS_ROUTES, METRO_STATIONS, STREETS, streetPoint, toLatLng } from './town-plan.js';

/** A GTFS table: file name → rows (first row the header). */
export type GtfsTables = Record<string, string[][]>;

/**
 * Name of a bus stop where a route's street meets a cross street.
 *
 * @param street - the route's street
 * @param along - metres along it
 * @returns e.g. `Main Street at King Boulevard`
 */
export function busStopName(street: string, along: number): string {
  const own = STREETS.find((s) => s.name === street);
  const cross = STREETS.find((s) => own !== undefined && s.axis !== own.axis && s.at === along);
  return cross === undefined ? `${street} ${along} m` : `${street} at ${cross.name}`;
}

function time(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00`;
}

/**
 * The sample town's GTFS feed "Maple Junction Transit": metro Line 1
 * (`route_type` 1) through University Station and Central Station (parent
 * stations with two platforms each, and an entrance) to Harbour Station (a
 * stop without parent), and bus routes 10 and 20 (`route_type` 3). Weekday
 * service every 10 min (metro) / 20 min (bus) from 06:00 to 22:00, weekends
 * every 15 / 30 min; two travel minutes between stops.
 *
 * @returns the tables by file name
 */
export function sampleGtfsTables(): GtfsTables {
  const stops: string[][] = [['stop_id', 'stop_name', 'stop_lat', 'stop_lon', 'location_type', 'parent_station']];
  const metroStopIds: Array<[string, string]> = []; // [direction 0 stop, direction 1 stop]
  for (const station of METRO_STATIONS) {
    const at = toLatLng(station.x, station.y);
    if (station.parent) {
      stops.push([station.id, station.name, String(at.lat), String(at.lng), '1', '']);
      for (const [suffix, dx] of [
        ['P1', -15],
        ['P2', 15],
      ] as const) {
        const p = toLatLng(station.x + dx, station.y);
        stops.push([`${station.id}_${suffix}`, `${station.name} platform ${suffix.slice(1)}`, String(p.lat), String(p.lng), '0', station.id]);
      }
      const e = toLatLng(station.x, station.y + 40);
      stops.push([`${station.id}_E1`, `${station.name} entrance`, String(e.lat), String(e.lng), '2', station.id]);
      metroStopIds.push([`${station.id}_P1`, `${station.id}_P2`]);
    } else {
      stops.push([station.id, station.name, String(at.lat), String(at.lng), '0', '']);
      metroStopIds.push([station.id, station.id]);
    }
  }
  const busStopIds = new Map<string, string[]>();
  for (const route of BUS_ROUTES) {
    const street = STREETS.find((s) => s.name === route.street);
    if (street === undefined) continue;
    const ids: string[] = [];
    route.stops.forEach((along, index) => {
      const id = `B${route.id}_${index + 1}`;
      const at = streetPoint(street, along, 10);
      stops.push([id, busStopName(route.street, along), String(at.lat), String(at.lng), '0', '']);
      ids.push(id);
    });
    busStopIds.set(route.id, ids);
  }

  const routes = [
    ['route_id', 'agency_id', 'route_short_name', 'route_long_name', 'route_type'],
    ['L1', 'MJT', '1', 'Junction Metro Line 1', '1'],
    ...BUS_ROUTES.map((r) => [r.id, 'MJT', r.shortName, r.longName, '3']),
  ];
  const trips: string[][] = [['route_id', 'service_id', 'trip_id', 'direction_id']];
  const stopTimes: string[][] = [['trip_id', 'arrival_time', 'departure_time', 'stop_id', 'stop_sequence']];
  const addTrips = (routeId: string, stopsByDirection: [string[], string[]], headways: Record<string, number>): void => {
    for (const [serviceId, headway] of Object.entries(headways)) {
      for (const direction of [0, 1] as const) {
        const sequence = stopsByDirection[direction];
        for (let start = 6 * 60, n = 1; start <= 22 * 60; start += headway, n++) {
          const tripId = `${routeId}_${serviceId}_${direction}_${n}`;
          trips.push([routeId, serviceId, tripId, String(direction)]);
          sequence.forEach((stopId, index) => {
            const t = time(start + 2 * index);
            stopTimes.push([tripId, t, t, stopId, String(index + 1)]);
          });
        }
      }
    }
  };
  const metroForward = metroStopIds.map(([d0]) => d0);
  const metroBackward = metroStopIds.map(([, d1]) => d1).reverse();
  addTrips('L1', [metroForward, metroBackward], { WEEKDAY: 10, WEEKEND: 15 });
  for (const route of BUS_ROUTES) {
    const ids = busStopIds.get(route.id) ?? [];
    addTrips(route.id, [ids, [...ids].reverse()], { WEEKDAY: 20, WEEKEND: 30 });
  }

  return {
    'agency.txt': [
      ['agency_id', 'agency_name', 'agency_url', 'agency_timezone', 'agency_lang'],
      ['MJT', 'Maple Junction Transit (fictional)', 'https://example.org/maple-junction', 'Atlantic/Azores', 'en'],
    ],
    'feed_info.txt': [
      ['feed_publisher_name', 'feed_publisher_url', 'feed_lang', 'feed_version'],
      ['Maple Junction Transit (fictional sample)', 'https://example.org/maple-junction', 'en', 'sample-1'],
    ],
    'calendar.txt': [
      ['service_id', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'start_date', 'end_date'],
      ['WEEKDAY', '1', '1', '1', '1', '1', '0', '0', '20260101', '20271231'],
      ['WEEKEND', '0', '0', '0', '0', '0', '1', '1', '20260101', '20271231'],
    ],
    'routes.txt': routes,
    'stops.txt': stops,
    'trips.txt': trips,
    'stop_times.txt': stopTimes,
  };
}

/**
 * Serialises rows as CSV (RFC 4180: fields with a comma, quote or line break are quoted).
 *
 * @param rows - header and data rows
 * @returns the text, CRLF-free, ending in a newline
 */
export function toCsv(rows: readonly string[][]): string {
  const field = (value: string): string => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return `${rows.map((row) => row.map(field).join(',')).join('\n')}\n`;
}
