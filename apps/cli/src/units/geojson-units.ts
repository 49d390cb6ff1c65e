import type { TerritoryInput } from '@locscore/schema';
import { CliError } from '../exit-codes.js';
import type { ImportFile } from './csv-units.js';
import { type ImportRow, type RowDefaults, sourceOf, unitBodyOf, unitFieldsOf } from './unit-fields.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The features of a GeoJSON text: a FeatureCollection's `features`, or a
 * single Feature.
 *
 * @throws CliError (exit 2) when the text is not JSON, or not a Feature or FeatureCollection
 */
function featuresOf(text: string, file: string): unknown[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  if (isObject(json) && json.type === 'FeatureCollection' && Array.isArray(json.features)) return json.features;
  if (isObject(json) && json.type === 'Feature') return [json];
  throw new CliError(`${file} must be a GeoJSON FeatureCollection (or Feature) with one Feature per unit`);
}

/**
 * One feature as a unit: its `properties` hold the unit fields (as the CSV
 * columns, or `territory` as the API's object); its geometry is the unit's
 * site when a Point (`[lng, lat]`, used instead of any address) or its
 * protected territory when a Polygon or MultiPolygon (the site then comes
 * from the `address` or `lat`/`lng` properties); no geometry (null) leaves
 * both to the properties.
 */
function featureRow(feature: unknown, number: number, defaults: RowDefaults): { row: ImportRow; unknown: string[] } {
  const properties = isObject(feature) && isObject(feature.properties) ? feature.properties : {};
  const { fields, unknown } = unitFieldsOf(properties);
  const source = sourceOf('feature', number, fields);
  if (!isObject(feature) || feature.type !== 'Feature') return { row: { source, error: 'is not a GeoJSON Feature' }, unknown };
  const geometry = feature.geometry;
  let site: { lat: number; lng: number } | undefined;
  let territory: TerritoryInput | undefined;
  if (isObject(geometry)) {
    if (geometry.type === 'Point') {
      const [lng, lat] = Array.isArray(geometry.coordinates) ? geometry.coordinates : [];
      if (typeof lat !== 'number' || typeof lng !== 'number') return { row: { source, error: 'geometry: a Point needs [longitude, latitude]' }, unknown };
      site = { lat, lng };
    } else if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') {
      territory = { type: 'polygon', geometry } as unknown as TerritoryInput;
    } else {
      return {
        row: { source, error: `geometry must be a Point (the unit) or a Polygon or MultiPolygon (its territory), got ${String(geometry.type)}` },
        unknown,
      };
    }
  } else if (geometry !== null && geometry !== undefined) {
    return { row: { source, error: 'geometry must be a GeoJSON geometry object or null' }, unknown };
  }
  const outcome = unitBodyOf(fields, defaults, site, territory);
  return { row: 'body' in outcome ? { source, body: outcome.body } : { source, error: outcome.error }, unknown };
}

/**
 * Reads units from a GeoJSON text: one Feature per unit (see
 * {@link featureRow}), numbered from 1 in file order.
 *
 * @param text - the file's text
 * @param file - its name, for messages
 * @param defaults - category and status for features without them
 * @throws CliError (exit 2) when the file is not a Feature or FeatureCollection, or has no feature
 */
export function readGeoJsonUnits(text: string, file: string, defaults: RowDefaults): ImportFile {
  const features = featuresOf(text, file);
  if (features.length === 0) throw new CliError(`${file} holds no feature: one Feature per unit is expected`);
  const ignored = new Set<string>();
  const rows = features.map((feature, index) => {
    const { row, unknown } = featureRow(feature, index + 1, defaults);
    for (const name of unknown) ignored.add(name);
    return row;
  });
  return { rows, ignored: [...ignored] };
}
