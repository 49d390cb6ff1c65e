import { isUnitFieldName, type RowDefaults, UnitFileError, type UnitRow, unitRowOfRecord, unitRowsOfGeoJson } from '@locscore/schema';
import { parse } from 'csv-parse/browser/esm/sync';

/** The units read from an import file: one row per CSV row or GeoJSON feature, and the columns that are no unit field. */
export interface UnitFile {
  rows: UnitRow[];
  ignored: string[];
}

/** The delimiter of a CSV header line: the most frequent of `,` `;` and tab outside quotes (`,` on a tie), as the CLI reads it. */
export function csvDelimiter(headerLine: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char]++;
  }
  let best: ',' | ';' | '\t' = ',';
  for (const delimiter of [';', '\t'] as const) if (counts[delimiter] > counts[best]) best = delimiter;
  return best;
}

/**
 * Reads an import file's text as the CLI's `locscore units import` does:
 * GeoJSON (a name ending `.geojson` or `.json`) with a Feature per unit, else
 * CSV with a header row (`name`, `address` or `lat`/`lng`, `category`,
 * `status`, `brand`, `territory_*` columns). Each row is checked with the
 * API's schema, so a bad row is named with its field before anything is sent.
 *
 * @param name - the file's name
 * @param text - its text
 * @param defaults - category and status of rows without them
 * @throws UnitFileError when the file is not CSV with a header, or not GeoJSON features
 */
export function readUnitFile(name: string, text: string, defaults: RowDefaults): UnitFile {
  if (/\.(geo)?json$/i.test(name)) return unitRowsOfGeoJson(text, defaults);
  const body = text.replace(/^\uFEFF/, '');
  const header = body.split('\n', 1)[0] ?? '';
  if (header.trim() === '') throw new UnitFileError('is empty or its first line is blank: a header row is required');
  let records: Record<string, string>[];
  try {
    records = parse(body, { columns: true, delimiter: csvDelimiter(header), skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    throw new UnitFileError(`is not valid CSV: ${(error as Error).message}`);
  }
  const columns = parse(header, { delimiter: csvDelimiter(header) })[0] as string[] | undefined;
  const rows = records.map((record, index) => unitRowOfRecord(record, index + 1, defaults));
  return { rows, ignored: (columns ?? []).filter((column) => !isUnitFieldName(column)) };
}
