import type { ConfidenceLevel, GeocodePrecision } from '@locscore/schema';
import { countNoun } from '../model/plural.js';
import { formatWholeNumber } from '../model/whole-number.js';
import type { PopulationMethod } from '../region/types.js';
import type { TradeAreaCoverage } from './coverage-grid.js';

/** Completeness (0-1, `TradeAreaCoverage.completeness`) from which a trade area reads as well mapped (`high`). */
export const HIGH_COMPLETENESS = 0.5;
/** Completeness below which a trade area reads as under-mapped (`low`): an absence of competitors there is not evidence. */
export const LOW_COMPLETENESS = 0.2;
/** Fewer places of the category in the whole pack than this caps confidence at `medium`. */
export const FEW_PLACES = 3;

/** Everything data confidence is judged from. */
export interface ConfidenceInput {
  coverage: TradeAreaCoverage;
  /** Distinct places of the category mapped in the whole pack. */
  categoryPlaces: number;
  /** Lower-case plural noun of the category, e.g. `coffee shops and cafés`. */
  categoryNoun: string;
  /** The region's name, e.g. `Liechtenstein`. */
  regionName: string;
  /** How the pack's population layer was made; null when it has none. */
  populationMethod: PopulationMethod | null;
  /** How the address was located, when known. */
  precision?: GeocodePrecision;
  /** The pack's smaller side (width or height of its box), metres. */
  packSpanMetres: number;
  /** The category's demand catchment radius, metres. */
  catchmentMetres: number;
  /** Names of the pack's GTFS feeds whose service ended before the result was computed. */
  expiredFeeds?: readonly string[];
}

/** Data confidence of one result. */
export interface DataConfidence {
  level: ConfidenceLevel;
  /** Plain sentences, the most decisive first; never empty. */
  reasons: string[];
  /**
   * Whether the competition can be known: the category is mapped in the
   * pack, the trade area is mapped well enough (completeness measured and at
   * least {@link LOW_COMPLETENESS}) and the pack covers the trade area.
   * Otherwise the competition sub-score is `UNKNOWN_COMPETITION` and no
   * insight offers it as a lever.
   */
  competitionKnown: boolean;
}

const ORDER: readonly ConfidenceLevel[] = ['low', 'medium', 'high'];
const lower = (a: ConfidenceLevel, b: ConfidenceLevel): ConfidenceLevel => (ORDER.indexOf(a) <= ORDER.indexOf(b) ? a : b);

/** The mapping level of the trade area and its sentence. */
function mappingLevel(coverage: TradeAreaCoverage): { level: ConfidenceLevel; reason: string } {
  const area = `${countNoun(coverage.addresses, 'address point')} and ${countNoun(coverage.pois, 'mapped place')} for ${formatWholeNumber(Math.round(coverage.residents))} residents in the surrounding 1.5 km square`;
  if (coverage.completeness === null) {
    return { level: 'medium', reason: `Too few residents around (${area}) to check how completely the map covers it.` };
  }
  const percent = Math.round(coverage.completeness * 100);
  const level: ConfidenceLevel = coverage.completeness >= HIGH_COMPLETENESS ? 'high' : coverage.completeness >= LOW_COMPLETENESS ? 'medium' : 'low';
  const verdict = level === 'high' ? 'mapped about as completely as' : level === 'medium' ? 'mapped less completely than' : 'sparsely mapped compared with';
  return { level, reason: `The trade area is ${verdict} a well-mapped city: ${area} (${percent} % of a well-mapped density per resident).` };
}

/**
 * Data confidence of a result: how completely the pack maps the trade area
 * (against one well-mapped reference for every pack, `CoverageGrid`), the
 * category, the population, the pack's extent, the geocode and the
 * timetables. `high` at completeness ≥ {@link HIGH_COMPLETENESS}, `low` below
 * {@link LOW_COMPLETENESS}, `medium` between or where it cannot be measured.
 * Caps at `low`: no place of the category mapped in the pack (its
 * competition is unknown); a pack narrower than the category's trade area
 * (its demand is cut at the edge); an address located at street level, by
 * interpolation or approximately (every distance is uncertain). Caps at
 * `medium`: fewer than {@link FEW_PLACES} places; a population estimated
 * from buildings or absent; an expired GTFS feed.
 *
 * @param input - coverage, category, population, extent, geocode and feed facts
 * @returns the level, its reasons and whether the competition can be known
 */
export function assessConfidence(input: ConfidenceInput): DataConfidence {
  const { coverage, categoryPlaces, categoryNoun, regionName } = input;
  const mapping = mappingLevel(coverage);
  let level = mapping.level;
  const reasons = [mapping.reason];
  const cap = (to: ConfidenceLevel, reason: string, first = false): void => {
    level = lower(level, to);
    if (first) reasons.unshift(reason);
    else reasons.push(reason);
  };
  if (categoryPlaces === 0) cap('low', `No ${categoryNoun} place is mapped anywhere in the ${regionName} pack: the competition is unknown, not absent.`, true);
  else if (categoryPlaces < FEW_PLACES) {
    cap('medium', `Only ${countNoun(categoryPlaces, `${categoryNoun} place is`, `${categoryNoun} places are`)} mapped in the ${regionName} pack.`);
  }
  const narrow = input.packSpanMetres < 2 * input.catchmentMetres;
  if (narrow) {
    cap(
      'low',
      `The pack spans only ${formatWholeNumber(Math.round(input.packSpanMetres))} m across, less than this category's ${formatWholeNumber(input.catchmentMetres * 2)} m trade area: demand and competition beyond its edge are not seen.`,
      true,
    );
  }
  if (input.precision === 'street' || input.precision === 'interpolated' || input.precision === 'approximate') {
    const how = input.precision === 'street' ? 'only at its street' : input.precision === 'interpolated' ? 'by interpolating house numbers' : 'approximately';
    cap('low', `The address was located ${how}, not at a mapped address point: every distance is uncertain.`, true);
  }
  if (input.populationMethod === 'estimate') {
    cap('medium', 'Residents are estimated from residential building footprints and levels: the pack has no census or OpenStreetMap population.');
  } else if (input.populationMethod === null) cap('medium', 'The pack has no population layer: residents are not counted in demand.');
  for (const feed of input.expiredFeeds ?? []) {
    cap('medium', `The timetable ${feed} has expired: service may have changed since, so transit is less certain.`);
  }
  const known = categoryPlaces > 0 && !narrow && coverage.completeness !== null && coverage.completeness >= LOW_COMPLETENESS;
  return { level, reasons, competitionKnown: known };
}
