import type { TransitMode } from './types.js';

/**
 * Transit mode of a GTFS `route_type`: the basic values 0–12 of the GTFS
 * reference (gtfs.org/schedule/reference/#routestxt) and the extended
 * Hierarchical Vehicle Types (developers.google.com/transit/gtfs/reference/extended-route-types).
 *
 * @param routeType - the `route_type` value
 * @returns the mode, or null for an unknown value
 */
export function routeTypeMode(routeType: number): TransitMode | null {
  switch (routeType) {
    case 0:
      return 'tram';
    case 1:
      return 'subway';
    case 2:
      return 'rail';
    case 3:
    case 11:
      return 'bus';
    case 4:
      return 'ferry';
    case 5:
      return 'tram';
    case 6:
      return 'cable_car';
    case 7:
      return 'funicular';
    case 12:
      return 'monorail';
    default:
      break;
  }
  if (routeType >= 100 && routeType < 200) return 'rail';
  if (routeType >= 200 && routeType < 300) return 'bus';
  if (routeType === 405) return 'monorail';
  if (routeType >= 400 && routeType < 500) return 'subway';
  if (routeType >= 700 && routeType < 900) return 'bus';
  if (routeType >= 900 && routeType < 1000) return 'tram';
  if (routeType >= 1000 && routeType < 1300) return 'ferry';
  if (routeType >= 1300 && routeType < 1400) return 'cable_car';
  if (routeType >= 1400 && routeType < 1500) return 'funicular';
  return null;
}

/** Modes a rider counts as rapid transit: every mode but bus (BRT included). */
export function isRapidMode(mode: TransitMode): boolean {
  return mode !== 'bus';
}
