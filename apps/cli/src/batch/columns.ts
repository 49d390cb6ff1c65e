import { foldFieldName } from '@locscore/schema';
import { CliError } from '../exit-codes.js';

/**
 * Header names recognised as the civic-address column, after folding case,
 * accents, spaces and hyphens to `snake_case`, in order of preference
 * (English, French, German, Spanish, Italian, and common CRM exports).
 */
export const ADDRESS_COLUMN_NAMES = [
  'address',
  'full_address',
  'street_address',
  'civic_address',
  'site_address',
  'location_address',
  'address_line',
  'address_1',
  'address1',
  'adresse',
  'adresse_complete',
  'anschrift',
  'direccion',
  'indirizzo',
  'location',
  'addr',
] as const;

/** Header names recognised as a per-row category column when `--category-column` is not given. */
export const CATEGORY_COLUMN_NAMES = ['category', 'categorie', 'kategorie', 'locscore_category'] as const;

/**
 * The columns the batch command appends to every input row, in order.
 * Scores are 0–10; the verdict as every surface writes it (`Pass`, or
 * `Fail: ` and the facts that kept the site from passing, read from the
 * result: own territory, low data confidence, the score) and the result's
 * data confidence level (`high`, `medium`, `low`); distances in metres; the matched address as the data
 * writes it, its geocode precision and confidence (0–1, two decimals), so a
 * franchisor can spot a row scored somewhere else than meant; the account's
 * own units from `meta.territory` (the units whose protected territory holds
 * the site, the nearest unit and its distance, the share of the captured
 * demand taken from own units, 0–1); empty cells where a value is absent (no
 * station within 5 km, no rating, no units of the category, cannibalisation
 * the region cannot measure, an error row).
 */
export const OUTPUT_COLUMNS = [
  'locscore_score',
  'locscore_passed',
  'locscore_story',
  'locscore_verdict',
  'locscore_data_confidence',
  'locscore_transit',
  'locscore_competitor',
  'locscore_market_fit',
  'locscore_lat',
  'locscore_lng',
  'locscore_matched_address',
  'locscore_geocode_precision',
  'locscore_geocode_confidence',
  'locscore_nearest_station',
  'locscore_transit_distance_m',
  'locscore_competitor_count',
  'locscore_avg_competitor_rating',
  'locscore_encroaches',
  'locscore_nearest_unit',
  'locscore_nearest_unit_metres',
  'locscore_cannibalisation',
  'locscore_request_id',
  'locscore_error_code',
  'locscore_error_message',
] as const;

/**
 * Folds a header name for matching: lower case, accents removed, runs of
 * spaces, hyphens and dots to one underscore, trimmed (`Full Address` →
 * `full_address`); the schema's `foldFieldName`, which unit imports use too.
 */
export const foldColumnName: (name: string) => string = foldFieldName;

/**
 * Finds the address column: the one named by `--address-column` (exact, then
 * folded), else the first header matching {@link ADDRESS_COLUMN_NAMES} in
 * their order of preference.
 *
 * @param header - the CSV header
 * @param explicit - `--address-column`, if given
 * @returns the column index
 * @throws CliError (exit 2) naming the header's columns when none matches
 */
export function findAddressColumn(header: readonly string[], explicit?: string): number {
  if (explicit !== undefined) {
    const index = findNamed(header, explicit);
    if (index === -1) throw new CliError(`--address-column "${explicit}" is not a column of the input; columns: ${header.join(', ')}`);
    return index;
  }
  const folded = header.map(foldColumnName);
  for (const name of ADDRESS_COLUMN_NAMES) {
    const index = folded.indexOf(name);
    if (index !== -1) return index;
  }
  throw new CliError(
    `no address column found (looked for ${ADDRESS_COLUMN_NAMES.slice(0, 6).join(', ')}…); name it with --address-column. Columns: ${header.join(', ')}`,
  );
}

/**
 * Finds the per-row category column: `--category-column` when given, else a
 * header matching {@link CATEGORY_COLUMN_NAMES} when `allowAuto`.
 *
 * @param header - the CSV header
 * @param explicit - `--category-column`, if given
 * @param allowAuto - whether to look for a conventional name (false when `--category` is given)
 * @returns the column index, or -1 when there is none
 * @throws CliError (exit 2) when `explicit` is not a column
 */
export function findCategoryColumn(header: readonly string[], explicit: string | undefined, allowAuto: boolean): number {
  if (explicit !== undefined) {
    const index = findNamed(header, explicit);
    if (index === -1) throw new CliError(`--category-column "${explicit}" is not a column of the input; columns: ${header.join(', ')}`);
    return index;
  }
  if (!allowAuto) return -1;
  const folded = header.map(foldColumnName);
  for (const name of CATEGORY_COLUMN_NAMES) {
    const index = folded.indexOf(name);
    if (index !== -1) return index;
  }
  return -1;
}

function findNamed(header: readonly string[], name: string): number {
  const exact = header.indexOf(name);
  return exact !== -1 ? exact : header.map(foldColumnName).indexOf(foldColumnName(name));
}
