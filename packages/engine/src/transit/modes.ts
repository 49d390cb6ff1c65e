import type { Station, TransitMode } from '../region/types.js';

/**
 * Modes that make a station "rapid transit" for `nearestStation`: metro,
 * light rail (e.g. the REM), commuter/heavy rail, tram, monorail, funicular
 * and BRT stations. A station with no known mode (an OSM `railway=station`
 * without mode tags) counts as rail.
 */
export const RAPID_TRANSIT_MODES: ReadonlySet<TransitMode> = new Set(['subway', 'light_rail', 'rail', 'tram', 'monorail', 'funicular', 'brt']);

/**
 * Mode weight per Transit Score's methodology (Walk Score, "Transit Score
 * Methodology"): heavy and light rail 2×, ferry and cable car 1.5×, bus 1×.
 * Subway, commuter rail, tram and monorail are rail (2×); funicular is a
 * cable-hauled mode (1.5×); BRT runs buses in their own lane (1.5×, between bus
 * and rail, our choice).
 */
export const MODE_WEIGHTS: Readonly<Record<TransitMode, number>> = {
  subway: 2,
  light_rail: 2,
  rail: 2,
  tram: 2,
  monorail: 2,
  funicular: 1.5,
  cable_car: 1.5,
  ferry: 1.5,
  brt: 1.5,
  bus: 1,
};

/**
 * Weekly departures assumed for a station no feed gives service for (OSM
 * stations, a feed without `stop_times` such as the STM snapshot), both
 * directions and all its routes together. Metro: 3,600, the median of the
 * MTA's 144 subway stations within 5 km of the West Village (2,892–4,262
 * between the quartiles) in the feed's typical week of 2026; the other modes
 * both ways at their typical headways: light rail every ~10 min (2,000),
 * tram, monorail and BRT every ~12 min (1,600), funicular and cable car
 * (600), commuter rail half-hourly to hourly (400), ferry (200), a bus
 * station (400). Where the pack gives the station's routes or
 * `weeklyDepartures`, those are used. Bus stops use
 * {@link DEFAULT_BUS_ROUTE_WEEKLY_DEPARTURES}.
 */
export const DEFAULT_WEEKLY_DEPARTURES: Readonly<Record<TransitMode, number>> = {
  subway: 3_600,
  light_rail: 2_000,
  rail: 400,
  tram: 1_600,
  monorail: 1_600,
  funicular: 600,
  cable_car: 600,
  ferry: 200,
  brt: 1_600,
  bus: 400,
};

/**
 * Weekly departures assumed for one bus route at a stop, both directions
 * together, where no timetable gives them: a line of an OpenStreetMap route
 * relation, or a bus stop whose routes no source names (counted as one
 * route). Hourly each way for 16 hours a day, every day (224), rounded down
 * to 200.
 */
export const DEFAULT_BUS_ROUTE_WEEKLY_DEPARTURES = 200;

/**
 * Weekly departures assumed for a route of `mode` without a timetable:
 * {@link DEFAULT_BUS_ROUTE_WEEKLY_DEPARTURES} for a bus, else the mode's
 * station default ({@link DEFAULT_WEEKLY_DEPARTURES}).
 *
 * @param mode - the route's mode
 */
export function defaultRouteWeeklyDepartures(mode: TransitMode): number {
  return mode === 'bus' ? DEFAULT_BUS_ROUTE_WEEKLY_DEPARTURES : DEFAULT_WEEKLY_DEPARTURES[mode];
}

/** The station's modes, with an empty list read as `rail` (an OSM railway station without mode tags). */
export function stationModes(station: Station): readonly TransitMode[] {
  return station.modes.length === 0 ? ['rail'] : station.modes;
}

/** Whether a station is rapid transit ({@link RAPID_TRANSIT_MODES}, or no known mode). */
export function isRapidTransit(station: Station): boolean {
  return stationModes(station).some((mode) => RAPID_TRANSIT_MODES.has(mode));
}

/**
 * The station's strongest mode: highest {@link MODE_WEIGHTS}, then most default
 * departures (subway before rail), among its modes.
 */
export function primaryMode(station: Station): TransitMode {
  let best: TransitMode = 'rail';
  let first = true;
  for (const mode of stationModes(station)) {
    if (
      first ||
      MODE_WEIGHTS[mode] > MODE_WEIGHTS[best] ||
      (MODE_WEIGHTS[mode] === MODE_WEIGHTS[best] && DEFAULT_WEEKLY_DEPARTURES[mode] > DEFAULT_WEEKLY_DEPARTURES[best])
    ) {
      best = mode;
      first = false;
    }
  }
  return best;
}

/** Countries whose rapid-transit vocabulary the insights follow ({@link modeNoun}). */
const GERMAN_SPEAKING = new Set(['DE', 'AT', 'CH', 'LI']);

/**
 * The word a local uses for a mode's stations, for insights: `subway` in
 * the United States, `U-Bahn` and (for rail) `S-Bahn` in German-speaking
 * countries, `S-train` in Denmark, `commuter rail` in the United States and
 * Canada, `metro` for other countries' subways, else {@link MODE_NOUNS}.
 *
 * @param mode - the station's primary mode
 * @param country - ISO 3166-1 alpha-2 code of the region, or null
 * @returns e.g. `subway`, `S-Bahn`, `tram`
 */
export function modeNoun(mode: TransitMode, country: string | null): string {
  if (mode === 'subway') return country === 'US' ? 'subway' : country === 'DE' || country === 'AT' ? 'U-Bahn' : 'metro';
  if (mode === 'rail') {
    if (country !== null && GERMAN_SPEAKING.has(country)) return 'S-Bahn';
    if (country === 'DK') return 'S-train';
    if (country === 'US' || country === 'CA') return 'commuter rail';
  }
  return MODE_NOUNS[mode];
}

/** Words for a mode in insights where the country has no word of its own ("metro station", "rail station"…). */
export const MODE_NOUNS: Readonly<Record<TransitMode, string>> = {
  subway: 'metro',
  light_rail: 'light-rail',
  rail: 'rail',
  tram: 'tram',
  monorail: 'monorail',
  funicular: 'funicular',
  cable_car: 'cable-car',
  ferry: 'ferry',
  brt: 'BRT',
  bus: 'bus',
};
