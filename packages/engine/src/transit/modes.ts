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
 * Weekly departures assumed for a station or stop whose feed has no
 * `stop_times` (most packs: OSM stations, the STM feed without `stop_times`).
 * Typical service levels: metro every ~4 min for ~20 h a day (≈2,000/week),
 * light rail and tram every ~8-10 min (≈800-1,000), commuter rail half-hourly
 * to hourly (≈200), a bus stop on an ordinary route about hourly to every
 * 30 min (≈100). Where the pack gives `weeklyDepartures`, that value is used.
 */
export const DEFAULT_WEEKLY_DEPARTURES: Readonly<Record<TransitMode, number>> = {
  subway: 2_000,
  light_rail: 1_000,
  rail: 200,
  tram: 800,
  monorail: 800,
  funicular: 300,
  cable_car: 300,
  ferry: 100,
  brt: 800,
  bus: 100,
};

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

/** Words for a mode in insights ("metro station", "rail station"…). */
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
