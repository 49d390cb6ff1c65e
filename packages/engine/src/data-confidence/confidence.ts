import type { ConfidenceLevel, GeocodePrecision } from '@locscore/schema';
import { countNoun } from '../model/plural.js';
import { formatWholeNumber } from '../model/whole-number.js';
import type { PopulationMethod } from '../region/types.js';
import type { TradeAreaCoverage } from './coverage-grid.js';

/** Completeness (0-1, `TradeAreaCoverage.completeness`) from which a trade area reads as well mapped (`high`). */
export const HIGH_COMPLETENESS = 0.5;
/** Completeness below which a trade area reads as under-mapped (`low`). */
export const LOW_COMPLETENESS = 0.2;
/** Fewer places of the category in the whole region than this caps confidence at `medium`: its typical store is guessed from too few. */
export const FEW_PLACES = 3;
/**
 * How far the competition sub-score trusts the map where completeness cannot
 * be measured (a block with too few residents): half way to the neutral value.
 */
export const UNMEASURED_TRUST = 0.5;

/** Everything data confidence is judged from. */
export interface ConfidenceInput {
  coverage: TradeAreaCoverage;
  /** Distinct places of the category mapped in the whole region. */
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
}

/** Data confidence of one result. */
export interface DataConfidence {
  level: ConfidenceLevel;
  /** Plain sentences, the most decisive first; never empty. */
  reasons: string[];
  /**
   * How much the competition sub-score trusts the mapped competitors, 0-1:
   * 0 when the category has no mapped place in the region, else the trade
   * area's completeness relative to {@link HIGH_COMPLETENESS} (capped at 1),
   * {@link UNMEASURED_TRUST} where completeness cannot be measured.
   */
  competitionTrust: number;
}

const ORDER: readonly ConfidenceLevel[] = ['low', 'medium', 'high'];
const lower = (a: ConfidenceLevel, b: ConfidenceLevel): ConfidenceLevel => (ORDER.indexOf(a) <= ORDER.indexOf(b) ? a : b);

/**
 * Data confidence of a result: how completely the pack maps the trade area
 * (against the region's well-mapped core, `CoverageGrid`) and the category.
 * `high` at completeness ≥ {@link HIGH_COMPLETENESS}, `low` below
 * {@link LOW_COMPLETENESS}, `medium` between or where it cannot be measured.
 * Caps: `low` when the category has no mapped place in the region (its
 * competition is unknown); `medium` with fewer than {@link FEW_PLACES}
 * places, a population estimated from buildings or absent, a pack
 * narrower than the category's trade area (its demand is cut at the edge),
 * or an address located only at street level or approximately.
 *
 * @param input - coverage, category, population and geocode facts
 * @returns the level, its reasons and the trust of the competition sub-score
 */
export function assessConfidence(input: ConfidenceInput): DataConfidence {
  const { coverage, categoryPlaces, categoryNoun, regionName } = input;
  const reasons: string[] = [];
  let level: ConfidenceLevel;
  const area = `${countNoun(coverage.addresses, 'address point')} and ${countNoun(coverage.pois, 'mapped place')} for ${formatWholeNumber(Math.round(coverage.residents))} residents in the surrounding 1.5 km square`;
  if (coverage.completeness === null) {
    level = 'medium';
    reasons.push(`Too few residents around (${area}) to check how completely the map covers it against ${regionName}'s well-mapped core.`);
  } else {
    const percent = Math.round(coverage.completeness * 100);
    level = coverage.completeness >= HIGH_COMPLETENESS ? 'high' : coverage.completeness >= LOW_COMPLETENESS ? 'medium' : 'low';
    const verdict = level === 'high' ? 'mapped about as completely as' : level === 'medium' ? 'mapped less completely than' : 'sparsely mapped compared with';
    reasons.push(`The trade area is ${verdict} ${regionName}'s well-mapped core: ${area} (${percent} % of the core's density per resident).`);
  }
  if (categoryPlaces === 0) {
    level = 'low';
    reasons.unshift(`No ${categoryNoun} place is mapped anywhere in ${regionName}: the competition is unknown, not absent.`);
  } else if (categoryPlaces < FEW_PLACES) {
    level = lower(level, 'medium');
    reasons.push(
      `Only ${countNoun(categoryPlaces, `${categoryNoun} place is`, `${categoryNoun} places are`)} mapped in ${regionName}, too few to know its typical store.`,
    );
  }
  if (input.populationMethod === 'estimate') {
    level = lower(level, 'medium');
    reasons.push('Residents are estimated from residential building footprints and levels: the pack has no census or OpenStreetMap population.');
  } else if (input.populationMethod === null) {
    level = lower(level, 'medium');
    reasons.push('The pack has no population layer: demand is measured in mapped addresses.');
  }
  if (input.packSpanMetres < 2 * input.catchmentMetres) {
    level = lower(level, 'medium');
    reasons.push(
      `The pack spans only ${formatWholeNumber(Math.round(input.packSpanMetres))} m across, less than this category's ${formatWholeNumber(input.catchmentMetres * 2)} m trade area: demand is cut at its edge and ranks sites of a small extract.`,
    );
  }
  if (input.precision === 'street' || input.precision === 'approximate') {
    level = lower(level, 'medium');
    reasons.push(`The address was located ${input.precision === 'street' ? 'only at its street' : 'approximately'}, so distances are uncertain.`);
  }
  const trust = categoryPlaces === 0 ? 0 : coverage.completeness === null ? UNMEASURED_TRUST : Math.min(1, coverage.completeness / HIGH_COMPLETENESS);
  return { level, reasons, competitionTrust: trust };
}
