import { readFile } from 'node:fs/promises';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';
import { Geometry } from 'wkx';
import { RegionPackError } from '../errors.js';
import type { ResolvedCensusFields } from './census-fields.js';
import { type CensusGeoJson, zonesOfFeatures } from './census-geojson.js';

/** The first 16 bytes of every SQLite database file, hence of every GeoPackage. */
export const SQLITE_MAGIC = 'SQLite format 3\u0000';

/** Spatial reference systems a census GeoPackage may use: WGS 84 and NAD83 longitude/latitude (within 2 m of each other). */
const LON_LAT_SRS = new Set([4326, 4269]);

/** The feature table of a GeoPackage the census is read from, with its geometry column and coordinate system. */
interface FeatureTable {
  table: string;
  column: string;
  srsId: number;
}

/**
 * Reads census areas from an OGC GeoPackage (an SQLite database, read with
 * sql.js): the first feature table of `gpkg_contents` (with its geometry
 * column from `gpkg_geometry_columns`), each row a feature whose
 * columns are its properties (population, households and income in the
 * named `fields`) and whose geometry is a GeoPackage binary: the `GP`
 * header of the GeoPackage standard (OGC 12-128r18, §2.1.3: magic, version,
 * flags, SRS id, envelope) followed by standard WKB, decoded with wkx.
 * Statistical agencies publish population grids this way (e.g. the HSY
 * 250 m population grid of Helsinki). Coordinates must be longitude/latitude
 * (EPSG:4326 or 4269).
 *
 * @param path - the `.gpkg` file
 * @param fields - the property (column) names
 * @returns the areas, in row order, and the features left out (null geometry)
 * @throws RegionPackError naming the file, table, row and field on bad input
 */
export async function readCensusGeoPackage(path: string, fields: ResolvedCensusFields): Promise<CensusGeoJson> {
  const SQL = await initSqlJs();
  let db: Database;
  try {
    db = new SQL.Database(await readFile(path));
  } catch (error) {
    throw new RegionPackError(path, `not a readable GeoPackage: ${(error as Error).message}`);
  }
  try {
    const { table, column, srsId } = featureTable(db, path);
    if (!LON_LAT_SRS.has(srsId)) throw new RegionPackError(`${path} ${table}`, `srs_id ${srsId} is not WGS 84 longitude/latitude; reproject to EPSG:4326`);
    const features: unknown[] = [];
    const statement = db.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}"`);
    try {
      while (statement.step()) {
        const row = statement.getAsObject();
        const properties: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(row)) if (key !== column) properties[key] = value;
        features.push({ properties, geometry: geometryOf(row[column] ?? null, `${path} ${table} row ${features.length + 1}`) });
      }
    } finally {
      statement.free();
    }
    return zonesOfFeatures(features, fields, `${path} ${table}`);
  } finally {
    db.close();
  }
}

/** The first feature table of the GeoPackage's contents, with its geometry column and SRS. */
function featureTable(db: Database, path: string): FeatureTable {
  let rows: SqlValue[][];
  try {
    const [result] = db.exec(
      "SELECT c.table_name, g.column_name, g.srs_id FROM gpkg_contents c JOIN gpkg_geometry_columns g ON g.table_name = c.table_name WHERE c.data_type = 'features' ORDER BY c.table_name",
    );
    rows = result?.values ?? [];
  } catch (error) {
    throw new RegionPackError(path, `not a GeoPackage (no gpkg_contents / gpkg_geometry_columns): ${(error as Error).message}`);
  }
  const [first] = rows;
  if (first === undefined) throw new RegionPackError(path, 'the GeoPackage has no feature table');
  const [table, column, srsId] = first;
  return { table: String(table), column: String(column), srsId: Number(srsId) };
}

/** Envelope sizes in bytes by the envelope indicator of the flags (bits 1-3): none, xy, xyz, xym, xyzm. */
const ENVELOPE_BYTES = [0, 32, 48, 48, 64];

/**
 * The GeoJSON geometry of a GeoPackage binary geometry blob: after the
 * `GP` magic, version, flags and SRS id (8 bytes) and the envelope the flags
 * announce comes standard WKB, which wkx decodes. An empty-geometry flag or
 * a NULL value gives null.
 *
 * @throws RegionPackError naming `at` for a blob that is not a GeoPackage geometry
 */
function geometryOf(value: SqlValue, at: string): unknown {
  if (value === null) return null;
  if (!(value instanceof Uint8Array) || value.length < 8 || value[0] !== 0x47 || value[1] !== 0x50) {
    throw new RegionPackError(at, 'geometry is not a GeoPackage binary (GP header)');
  }
  const flags = value[3] ?? 0;
  if ((flags & 0b1_0000) !== 0) return null;
  const envelope = ENVELOPE_BYTES[(flags >> 1) & 0b111];
  if (envelope === undefined) throw new RegionPackError(at, `geometry has an invalid envelope indicator in flags ${flags}`);
  try {
    return Geometry.parse(Buffer.from(value.subarray(8 + envelope))).toGeoJSON();
  } catch (error) {
    throw new RegionPackError(at, `geometry is not valid WKB: ${(error as Error).message}`);
  }
}
