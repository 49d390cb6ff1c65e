import type { Readable } from 'node:stream';
import { isUnitFieldName, type RowDefaults, type UnitRow, unitRowOfRecord } from '@locscore/schema';
import { normaliseRecord, openCsv } from '../batch/csv-input.js';

/** The units of an import file, and the columns or properties that are no unit field (ignored). */
export interface ImportFile {
  rows: UnitRow[];
  ignored: string[];
}

/**
 * Reads units from a CSV file: a header row (delimiter `,` `;` or tab, with
 * or without BOM, as `locscore batch` reads), then one unit per row
 * (`unitRowOfRecord` of the schema package) with the columns of `UNIT_FIELD_NAMES`: `name`, `address` or `lat`/`lng`,
 * `category`, `status`, `brand`, and the territory as `territory_type`,
 * `territory_metres`, `territory_residents` or `territory_geometry`
 * (GeoJSON text). Rows are numbered from 1 after the header.
 *
 * @param input - the file's bytes
 * @param defaults - category and status for rows without them
 * @returns one {@link UnitRow} per data row, each with its body or its error
 * @throws Error when the CSV is empty or malformed (csv-parse's message names the line)
 */
export async function readCsvUnits(input: Readable, defaults: RowDefaults): Promise<ImportFile> {
  const csv = await openCsv(input);
  const rows: UnitRow[] = [];
  for (let next = await csv.records.next(); !next.done; next = await csv.records.next()) {
    const cells = normaliseRecord(next.value, csv.header.length);
    const values = Object.fromEntries(csv.header.map((name, index) => [name, cells[index]]));
    rows.push(unitRowOfRecord(values, rows.length + 1, defaults));
  }
  return { rows, ignored: csv.header.filter((name) => !isUnitFieldName(name)) };
}
