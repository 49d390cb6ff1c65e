import { readVerdict, type ScoreResult, verdictLine } from '@locscore/schema';
import { OUTPUT_COLUMNS } from './columns.js';
import { territoryCells } from './territory-cells.js';

/** What the batch command knows about one scored row: a result or an error. */
export type RowOutcome =
  | { result: ScoreResult; error?: undefined }
  | { result?: undefined; error: { code: string; message: string; requestId: string | null } };

/** Columns holding decimal numbers, written with a decimal comma on request. */
const DECIMAL_COLUMNS: ReadonlySet<(typeof OUTPUT_COLUMNS)[number]> = new Set([
  'locscore_score',
  'locscore_transit',
  'locscore_competitor',
  'locscore_market_fit',
  'locscore_lat',
  'locscore_lng',
  'locscore_geocode_confidence',
  'locscore_avg_competitor_rating',
  'locscore_cannibalisation',
]);

/** How numbers are written in the cells. */
export interface CellOptions {
  /** Write `4,4` instead of `4.4` (German, French and other spreadsheets read `4.4` as text or a date). */
  decimalComma?: boolean | undefined;
}

/**
 * The cells of {@link OUTPUT_COLUMNS} for one row, in that order: scores with
 * one decimal, `passed` as `true`/`false`, the verdict line of
 * `verdictLine` (schema) and the data confidence level, coordinates with six decimals,
 * the geocode confidence with two,
 * the transit distance in whole metres, the territory cells of
 * {@link territoryCells}, empty cells for absent values, and
 * the error code and message for a failed row.
 *
 * @param outcome - the row's result or error
 * @param options - `decimalComma` writes the decimal numbers with `,`
 * @returns exactly `OUTPUT_COLUMNS.length` strings
 */
export function resultCells(outcome: RowOutcome, options: CellOptions = {}): string[] {
  if (outcome.error) {
    const cells = OUTPUT_COLUMNS.map(() => '');
    cells[OUTPUT_COLUMNS.indexOf('locscore_request_id')] = outcome.error.requestId ?? '';
    cells[OUTPUT_COLUMNS.indexOf('locscore_error_code')] = outcome.error.code;
    cells[OUTPUT_COLUMNS.indexOf('locscore_error_message')] = outcome.error.message;
    return cells;
  }
  const result = outcome.result;
  const values: Record<(typeof OUTPUT_COLUMNS)[number], string> = {
    locscore_score: result.score.toFixed(1),
    locscore_passed: String(result.passed),
    locscore_story: result.story,
    locscore_verdict: verdictLine(readVerdict(result)),
    locscore_data_confidence: result.meta?.confidence?.level ?? '',
    locscore_transit: result.breakdown.transit.toFixed(1),
    locscore_competitor: result.breakdown.competitor.toFixed(1),
    locscore_market_fit: result.breakdown.marketFit.toFixed(1),
    locscore_lat: result.coordinates.lat.toFixed(6),
    locscore_lng: result.coordinates.lng.toFixed(6),
    locscore_matched_address: result.meta?.matchedAddress ?? '',
    locscore_geocode_precision: result.meta?.geocodePrecision ?? '',
    locscore_geocode_confidence: result.meta?.geocodeConfidence === undefined ? '' : result.meta.geocodeConfidence.toFixed(2),
    locscore_nearest_station: result.nearestStation ?? '',
    locscore_transit_distance_m: result.transitDistanceMetres === null ? '' : String(Math.round(result.transitDistanceMetres)),
    locscore_competitor_count: String(result.competitorCount),
    locscore_avg_competitor_rating: result.avgCompetitorRating === null ? '' : result.avgCompetitorRating.toFixed(2),
    ...territoryCells(result),
    locscore_request_id: result.meta?.requestId ?? '',
    locscore_error_code: '',
    locscore_error_message: '',
  };
  return OUTPUT_COLUMNS.map((column) => (options.decimalComma && DECIMAL_COLUMNS.has(column) ? values[column].replace('.', ',') : values[column]));
}
