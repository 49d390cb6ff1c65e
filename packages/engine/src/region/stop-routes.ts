import type { StopRoute } from './types.js';

/**
 * The line a route entry belongs to, without its direction: a GTFS key
 * `gtfs:<feed>:<route_id>:<direction>` loses its last part; an OSM line key
 * (`osm:bus:11`, both directions already) is returned as it is.
 *
 * @param route - a route entry of a stop
 * @returns e.g. `gtfs:mta-subway:A` for `gtfs:mta-subway:A:0`
 */
export function routeLine(route: StopRoute): string {
  return route.id.startsWith('gtfs:') ? route.id.slice(0, route.id.lastIndexOf(':')) : route.id;
}

/** Whether the entry's departures come from a timetable (a GTFS feed with `stop_times`). */
export function hasTimetable(route: StopRoute): boolean {
  return route.weeklyDepartures !== undefined;
}

/**
 * Unites the route lists of objects merged into one stop or station: one
 * entry per `id`, departures added (two platforms of one station served by
 * the same route and direction both count). When any entry has a timetable,
 * entries without one (OSM route relations) are dropped: the feed is the
 * better source for the same lines.
 *
 * @param lists - route lists of the merged objects (absent lists are skipped)
 * @returns the united list, busiest first, or undefined when no object had one
 */
export function uniteRoutes(lists: ReadonlyArray<readonly StopRoute[] | undefined>): StopRoute[] | undefined {
  const byId = new Map<string, StopRoute>();
  let any = false;
  for (const list of lists) {
    if (list === undefined) continue;
    any = true;
    for (const route of list) {
      const known = byId.get(route.id);
      if (known === undefined) byId.set(route.id, { ...route });
      else if (route.weeklyDepartures !== undefined) known.weeklyDepartures = (known.weeklyDepartures ?? 0) + route.weeklyDepartures;
    }
  }
  if (!any) return undefined;
  const united = [...byId.values()];
  const timetabled = united.some(hasTimetable) ? united.filter(hasTimetable) : united;
  return timetabled.sort((a, b) => (b.weeklyDepartures ?? 0) - (a.weeklyDepartures ?? 0) || a.id.localeCompare(b.id));
}

/**
 * The counts a stop or station carries beside its routes.
 *
 * @param routes - its route entries
 * @returns `routeCount` (distinct lines, {@link routeLine}) and `weeklyDepartures`
 *   (their sum, present only when every entry has a timetable)
 */
export function routeSummary(routes: readonly StopRoute[]): { routeCount: number; weeklyDepartures?: number } {
  const routeCount = new Set(routes.map(routeLine)).size;
  if (!routes.every(hasTimetable)) return { routeCount };
  return { routeCount, weeklyDepartures: routes.reduce((total, route) => total + (route.weeklyDepartures ?? 0), 0) };
}
