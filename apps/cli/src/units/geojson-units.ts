import { type RowDefaults, UnitFileError, unitRowsOfGeoJson } from '@locscore/schema';
import { CliError } from '../exit-codes.js';
import type { ImportFile } from './csv-units.js';

/**
 * Reads units from a GeoJSON text, one Feature per unit (`unitRowsOfGeoJson`
 * of the schema package, which the dashboard's import uses too).
 *
 * @param text - the file's text
 * @param file - its name, for messages
 * @param defaults - category and status for features without them
 * @throws CliError (exit 2) naming the file when it is not a Feature or FeatureCollection, or has no feature
 */
export function readGeoJsonUnits(text: string, file: string, defaults: RowDefaults): ImportFile {
  try {
    return unitRowsOfGeoJson(text, defaults);
  } catch (error) {
    if (error instanceof UnitFileError) throw new CliError(`${file} ${error.message}`);
    throw error;
  }
}
