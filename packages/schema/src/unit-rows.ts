import type { TerritoryInput } from './territory.js';
import { foldText } from './text-fold.js';
import { TERRITORY_TYPES } from './unit-refs.js';
import { CreateUnit, type CreateUnitInput } from './units.js';

/**
 * Folds a column or property name for matching: {@link foldText} (lower
 * case, accents and punctuation folded) with its words joined by one
 * underscore (`Territory Metres` → `territory_metres`, `Adresse complète` →
 * `adresse_complete`, `territory-metres` → `territory_metres`).
 *
 * @param name - a header or property name
 */
export function foldFieldName(name: string): string {
  return foldText(name).replace(/ /g, '_');
}

/**
 * A unit read from an import file: where it came from (`row 3`, `feature
 * 2`, with its name when it has one) and either the body for
 * `POST /api/franchisor/units` or why it cannot be sent.
 */
export type UnitRow = { source: string; body: CreateUnitInput; error?: undefined } | { source: string; body?: undefined; error: string };

/** Values every row takes when it has none of its own: `--category`, `--status`. */
export interface RowDefaults {
  category?: string | undefined;
  /** @default 'open' */
  status?: string | undefined;
}

/**
 * Field names an import file may use (CSV columns, GeoJSON properties),
 * folded like batch headers (`Territory Metres` → `territory_metres`), and
 * the alternatives each accepts.
 */
export const UNIT_FIELD_NAMES = {
  name: ['name', 'unit', 'unit_name', 'store', 'store_name'],
  address: ['address', 'full_address', 'street_address', 'civic_address', 'adresse', 'anschrift'],
  lat: ['lat', 'latitude'],
  lng: ['lng', 'lon', 'long', 'longitude'],
  category: ['category'],
  status: ['status'],
  brand: ['brand'],
  territory: ['territory'],
  territoryType: ['territory_type'],
  territoryMetres: ['territory_metres', 'territory_meters', 'territory_radius_metres', 'radius_metres'],
  territoryResidents: ['territory_residents', 'residents'],
  territoryGeometry: ['territory_geometry'],
} as const;

/** One of the fields of {@link UNIT_FIELD_NAMES}. */
export type UnitField = keyof typeof UNIT_FIELD_NAMES;

const FIELD_NAMES: ReadonlySet<string> = new Set(Object.values(UNIT_FIELD_NAMES).flat());

/**
 * Whether a column or property name is one of {@link UNIT_FIELD_NAMES}, after folding.
 *
 * @param name - e.g. `Territory Metres`
 */
export function isUnitFieldName(name: string): boolean {
  return FIELD_NAMES.has(foldFieldName(name));
}

/** A field's value with the name it was found under (for messages). */
interface Found {
  name: string;
  value: unknown;
}

/** A row's values by {@link UnitField}, empty strings left out. */
export type UnitFields = Partial<Record<UnitField, Found>>;

/**
 * Finds the unit fields among a row's named values: the first of each
 * field's names (see {@link UNIT_FIELD_NAMES}) that holds a value; `null`,
 * `undefined` and blank strings count as absent.
 *
 * @param values - column or property name → value
 * @returns the fields found, and the names that are no unit field
 */
export function unitFieldsOf(values: Readonly<Record<string, unknown>>): { fields: UnitFields; unknown: string[] } {
  const byFolded = new Map<string, Found>();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) continue;
    byFolded.set(foldFieldName(name), { name, value: typeof value === 'string' ? value.trim() : value });
  }
  const fields: UnitFields = {};
  for (const [field, names] of Object.entries(UNIT_FIELD_NAMES) as Array<[UnitField, readonly string[]]>) {
    const found = names.map((name) => byFolded.get(name)).find((value) => value !== undefined);
    if (found !== undefined) fields[field] = found;
  }
  const unknown = Object.keys(values).filter((name) => !isUnitFieldName(name));
  return { fields, unknown };
}

/** An error naming the row's column or property. */
class FieldError extends Error {}

/**
 * A number from a cell: a JSON number, or text such as `300`, `47.14` or
 * `47,14` (a decimal comma, as spreadsheets in French or German write it).
 *
 * @throws FieldError naming the column when the text is not a number
 */
function numberOf(found: Found): number {
  if (typeof found.value === 'number') return found.value;
  const text = String(found.value).replace(/^(-?\d+),(\d+)$/, '$1.$2');
  const number = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(number)) throw new FieldError(`${found.name} must be a number, got "${String(found.value)}"`);
  return number;
}

/** A JSON value from a cell: an object as it is, else text parsed as JSON. */
function jsonOf(found: Found): unknown {
  if (typeof found.value !== 'string') return found.value;
  try {
    return JSON.parse(found.value);
  } catch {
    throw new FieldError(`${found.name} must be GeoJSON (a Polygon or MultiPolygon as JSON text)`);
  }
}

/**
 * The territory of a row: a `territory` object as sent to the API, or the
 * flat fields `territory_type`, `territory_metres`, `territory_residents`,
 * `territory_geometry`. Without `territory_type` the type follows from the
 * one value given (metres: radius, residents: population, geometry:
 * polygon).
 */
function territoryOf(fields: UnitFields): unknown {
  if (fields.territory !== undefined) return jsonOf(fields.territory);
  const { territoryType: type, territoryMetres: metres, territoryResidents: residents, territoryGeometry: geometry } = fields;
  const given = [metres && 'radius', residents && 'population', geometry && 'polygon'].filter((value): value is string => typeof value === 'string');
  if (type === undefined && given.length === 0) return undefined;
  if (type === undefined && given.length > 1)
    throw new FieldError('give one of territory_metres, territory_residents, territory_geometry (or territory_type to choose)');
  const kind = type === undefined ? given[0] : String(type.value).toLowerCase();
  if (!(TERRITORY_TYPES as readonly string[]).includes(kind ?? ''))
    throw new FieldError(`territory_type must be one of: ${TERRITORY_TYPES.join(', ')}, got "${String(type?.value)}"`);
  if (kind === 'radius') return { type: 'radius', metres: metres === undefined ? undefined : numberOf(metres) };
  if (kind === 'population') return { type: 'population', residents: residents === undefined ? undefined : numberOf(residents) };
  return { type: 'polygon', geometry: geometry === undefined ? undefined : jsonOf(geometry) };
}

/**
 * The body of `POST /api/franchisor/units` for one row of an import file,
 * validated with the API's own schema (`CreateUnit`), so a bad row is
 * reported before anything is sent, with the message the server would give
 * (`territory.metres must be > 0 and ≤ 100000`).
 *
 * @param fields - the row's unit fields ({@link unitFieldsOf})
 * @param defaults - category and status for rows without them
 * @param site - coordinates that place the unit whatever the row says (a GeoJSON Point)
 * @param territory - a territory that comes from elsewhere than the fields (a GeoJSON polygon)
 * @returns the body, or the error naming every bad field
 */
export function unitBodyOf(
  fields: UnitFields,
  defaults: RowDefaults,
  site?: { lat: number; lng: number },
  territory?: TerritoryInput,
): { body: CreateUnitInput } | { error: string } {
  try {
    const body: Record<string, unknown> = {
      name: fields.name?.value,
      category: fields.category?.value ?? defaults.category,
      status: typeof fields.status?.value === 'string' ? fields.status.value.toLowerCase() : (defaults.status ?? 'open'),
    };
    if (fields.brand !== undefined) body.brand = fields.brand.value;
    if (site !== undefined) body.coordinates = site;
    else if (fields.lat !== undefined || fields.lng !== undefined) body.coordinates = coordinatesOf(fields);
    if (site === undefined && fields.address !== undefined) body.address = fields.address.value;
    const rowTerritory = territoryOf(fields);
    if (territory !== undefined && rowTerritory !== undefined)
      throw new FieldError('the feature has a polygon geometry, its territory: remove the territory fields from its properties');
    if ((territory ?? rowTerritory) !== undefined) body.territory = territory ?? rowTerritory;
    if (body.category === undefined) throw new FieldError('category is required: a category column (or property), or --category');
    const parsed = CreateUnit.safeParse(body);
    if (!parsed.success) return { error: parsed.error.issues.map((issue) => issue.message).join('; ') };
    return { body: body as CreateUnitInput };
  } catch (error) {
    if (error instanceof FieldError) return { error: error.message };
    throw error;
  }
}

/** The row's `{ lat, lng }`; both are needed. */
function coordinatesOf(fields: UnitFields): { lat: number; lng: number } {
  if (fields.lat === undefined) throw new FieldError(`lat is required with ${fields.lng?.name ?? 'lng'}`);
  if (fields.lng === undefined) throw new FieldError(`lng is required with ${fields.lat.name}`);
  return { lat: numberOf(fields.lat), lng: numberOf(fields.lng) };
}

/**
 * How a row is named in messages: `row 3 (Perry Street)`, or `row 3` when
 * it has no name.
 *
 * @param kind - `row` or `feature`
 * @param number - 1-based
 * @param fields - the row's fields
 */
export function sourceOf(kind: 'row' | 'feature', number: number, fields: UnitFields): string {
  const name = fields.name?.value;
  return typeof name === 'string' ? `${kind} ${number} (${name})` : `${kind} ${number}`;
}

/**
 * One record of a table (a CSV row: header name → cell) as a unit, its
 * fields found by {@link unitFieldsOf} and checked by {@link unitBodyOf}.
 *
 * @param values - column name → cell
 * @param number - the row's number, 1-based after the header, for `source`
 * @param defaults - category and status for rows without them
 */
export function unitRowOfRecord(values: Readonly<Record<string, unknown>>, number: number, defaults: RowDefaults): UnitRow {
  const { fields } = unitFieldsOf(values);
  const source = sourceOf('row', number, fields);
  const outcome = unitBodyOf(fields, defaults);
  return 'body' in outcome ? { source, body: outcome.body } : { source, error: outcome.error };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A unit file that cannot be read at all (not GeoJSON features); its message says why. */
export class UnitFileError extends Error {
  override readonly name = 'UnitFileError';
}

/**
 * One GeoJSON Feature as a unit: its `properties` hold the unit fields (as
 * CSV columns, or `territory` as the API's object); its geometry is the
 * unit's site when a Point (`[lng, lat]`, used instead of any address) or
 * its protected territory when a Polygon or MultiPolygon (the site then
 * comes from the `address` or `lat`/`lng` properties); a null geometry
 * leaves both to the properties.
 *
 * @param feature - one element of `features`
 * @param number - its position, 1-based, for `source`
 * @param defaults - category and status for features without them
 * @returns the row, and the property names that are no unit field
 */
export function unitRowOfFeature(feature: unknown, number: number, defaults: RowDefaults): { row: UnitRow; unknown: string[] } {
  const properties = isObject(feature) && isObject(feature.properties) ? feature.properties : {};
  const { fields, unknown } = unitFieldsOf(properties);
  const source = sourceOf('feature', number, fields);
  const failed = (error: string) => ({ row: { source, error }, unknown });
  if (!isObject(feature) || feature.type !== 'Feature') return failed('is not a GeoJSON Feature');
  const geometry = feature.geometry;
  let site: { lat: number; lng: number } | undefined;
  let territory: TerritoryInput | undefined;
  if (isObject(geometry)) {
    if (geometry.type === 'Point') {
      const [lng, lat] = Array.isArray(geometry.coordinates) ? geometry.coordinates : [];
      if (typeof lat !== 'number' || typeof lng !== 'number') return failed('geometry: a Point needs [longitude, latitude]');
      site = { lat, lng };
    } else if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') {
      territory = { type: 'polygon', geometry } as unknown as TerritoryInput;
    } else {
      return failed(`geometry must be a Point (the unit) or a Polygon or MultiPolygon (its territory), got ${String(geometry.type)}`);
    }
  } else if (geometry !== null && geometry !== undefined) {
    return failed('geometry must be a GeoJSON geometry object or null');
  }
  const outcome = unitBodyOf(fields, defaults, site, territory);
  return { row: 'body' in outcome ? { source, body: outcome.body } : { source, error: outcome.error }, unknown };
}

/**
 * Units from a GeoJSON text: a FeatureCollection (or one Feature) with a
 * Feature per unit ({@link unitRowOfFeature}), numbered from 1 in file order.
 *
 * @param text - the file's text
 * @param defaults - category and status for features without them
 * @returns one row per feature, and the property names that are no unit field
 * @throws UnitFileError when the text is not JSON, not a Feature or FeatureCollection, or holds no feature
 */
export function unitRowsOfGeoJson(text: string, defaults: RowDefaults): { rows: UnitRow[]; ignored: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UnitFileError(`is not valid JSON: ${(error as Error).message}`);
  }
  let features: unknown[];
  if (isObject(json) && json.type === 'FeatureCollection' && Array.isArray(json.features)) features = json.features;
  else if (isObject(json) && json.type === 'Feature') features = [json];
  else throw new UnitFileError('must be a GeoJSON FeatureCollection (or Feature) with one Feature per unit');
  if (features.length === 0) throw new UnitFileError('holds no feature: one Feature per unit is expected');
  const ignored = new Set<string>();
  const rows = features.map((feature, index) => {
    const { row, unknown } = unitRowOfFeature(feature, index + 1, defaults);
    for (const name of unknown) ignored.add(name);
    return row;
  });
  return { rows, ignored: [...ignored] };
}
