import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { RegionPackError } from '../errors.js';
import type { PopulationZone } from '../population/population-zone.js';
import { readCensus } from './census.js';
import { type CensusFields, checkHouseholdSize, type ResolvedCensusFields, readCensusValues, resolveCensusFields } from './census-fields.js';
import { readCensusGeoJson } from './census-geojson.js';
import { readCensusGeoPackage, SQLITE_MAGIC } from './census-geopackage.js';
import { readCensusBoundaries } from './census-shapefile.js';
import { joinKey, readCensusTable } from './census-table.js';
import { censusZone, type SkippedCensusAreas } from './census-zone.js';
import type { BBox } from './types.js';

/** The census options of `importRegion` (see `ImportRegionOptions`). */
export interface CensusInput {
  census?: string | undefined;
  censusBoundaries?: string | undefined;
  censusTable?: string | undefined;
  censusJoin?: string | undefined;
  censusFields?: CensusFields | undefined;
  censusVintage?: string | undefined;
}

/** The census areas read for a pack. */
export interface CensusRead {
  zones: PopulationZone[];
  /** The files read (for the manifest's sources), with the areas each gave. */
  files: Array<{ path: string; records: number }>;
  /** e.g. `demographics_ct.csv joined to cb_2020_36_tract_500k.shp on GEOID=geoid`. */
  description: string;
  /** Features left out for having no geometry. */
  skipped: SkippedCensusAreas;
}

/**
 * Reads the census areas an import was given: a census CSV, GeoJSON or
 * GeoPackage (`census`, told apart by content: a GeoPackage starts with the
 * SQLite header, a GeoJSON with `{`), or a
 * boundary shapefile joined to a CSV table (`censusBoundaries`,
 * `censusTable`, `censusJoin` as `SHAPE_FIELD=table_column`). Boundaries
 * whose box misses `box` are left out before the join. A households field is
 * checked to count households ({@link checkHouseholdSize}).
 *
 * @param input - the census options
 * @param box - the pack's coverage box
 * @returns the areas, or null when no census was given
 * @throws RegionPackError naming the option, file, line or feature and field for bad input
 */
export async function readCensusInput(input: CensusInput, box: BBox): Promise<CensusRead | null> {
  const fields = resolveCensusFields(input.censusFields);
  const { census, censusBoundaries, censusTable, censusJoin } = input;
  if (census !== undefined && (censusBoundaries !== undefined || censusTable !== undefined)) {
    throw new RegionPackError('census', 'give either census (a CSV or GeoJSON) or censusBoundaries with censusTable, not both');
  }
  if (censusBoundaries === undefined && (censusTable !== undefined || censusJoin !== undefined)) {
    throw new RegionPackError('censusBoundaries', 'censusTable and censusJoin need censusBoundaries (the shapefile they join to)');
  }
  let read: CensusRead;
  if (census !== undefined) read = await readCensusFile(census, fields);
  else if (censusBoundaries !== undefined) read = await readJoinedCensus(censusBoundaries, censusTable, censusJoin, fields, box);
  else return null;
  checkHouseholdSize(read.zones, fields.households, read.files[read.files.length - 1]?.path ?? 'census');
  return read;
}

async function readCensusFile(path: string, fields: ResolvedCensusFields): Promise<CensusRead> {
  const none: SkippedCensusAreas = { count: 0, residents: 0, ids: [] };
  const start = await fileStart(path);
  if (start.startsWith(SQLITE_MAGIC)) {
    const { zones, skipped } = await readCensusGeoPackage(path, fields);
    return { zones, files: [{ path, records: zones.length + skipped.count }], description: `census areas of ${basename(path)} (GeoPackage)`, skipped };
  }
  if (
    start
      .replace(/^\u00EF\u00BB\u00BF/, '')
      .trimStart()
      .charAt(0) === '{'
  ) {
    const { zones, skipped } = await readCensusGeoJson(path, fields);
    return { zones, files: [{ path, records: zones.length + skipped.count }], description: `census areas of ${basename(path)} (GeoJSON)`, skipped };
  }
  const zones = await readCensus(path, fields);
  return { zones, files: [{ path, records: zones.length }], description: `census areas of ${basename(path)} (CSV)`, skipped: none };
}

async function readJoinedCensus(
  shp: string,
  table: string | undefined,
  join: string | undefined,
  fields: ResolvedCensusFields,
  box: BBox,
): Promise<CensusRead> {
  if (table === undefined) throw new RegionPackError('censusTable', 'censusBoundaries needs censusTable (the CSV with the population of each boundary)');
  if (join === undefined) throw new RegionPackError('censusJoin', 'censusBoundaries needs censusJoin, e.g. GEOID=geoid (shapefile field = table column)');
  const [shapeField, tableColumn] = parseJoin(join);
  const rows = await readCensusTable(table, tableColumn);
  const { kept, features } = await readCensusBoundaries(shp, shapeField, box);
  const zones: PopulationZone[] = [];
  const unmatched: string[] = [];
  for (const boundary of kept) {
    const found = rows.get(joinKey(boundary.key));
    if (found === undefined) {
      unmatched.push(`${boundary.key} (feature ${boundary.index})`);
      continue;
    }
    const values = readCensusValues(found.row, fields, `${table} line ${found.line} (${tableColumn} ${boundary.key})`);
    const name = found.row[fields.name] ?? boundary.properties[fields.name];
    zones.push(censusZone(boundary.key, typeof name === 'string' && name.trim() !== '' ? name.trim() : boundary.key, values, boundary.geometry));
  }
  if (unmatched.length > 0) {
    throw new RegionPackError(
      table,
      `no row whose ${tableColumn} matches ${shapeField} ${unmatched.slice(0, 5).join(', ')}${unmatched.length > 5 ? ` and ${unmatched.length - 5} more` : ''} of ${basename(shp)}, inside the pack`,
    );
  }
  return {
    zones,
    files: [
      { path: shp, records: features },
      { path: table, records: rows.size },
    ],
    description: `${basename(table)} joined to ${basename(shp)} on ${shapeField}=${tableColumn}`,
    skipped: { count: 0, residents: 0, ids: [] },
  };
}

/**
 * Reads a join spec `SHAPE_FIELD=table_column` (or one name for both).
 *
 * @throws RegionPackError (path `censusJoin`) for anything else
 */
export function parseJoin(spec: string): [string, string] {
  const match = /^\s*([^=\s]+)\s*(?:=\s*([^=\s]+)\s*)?$/.exec(spec);
  if (match?.[1] === undefined) throw new RegionPackError('censusJoin', `must be SHAPE_FIELD=table_column (e.g. GEOID=geoid), got ${JSON.stringify(spec)}`);
  return [match[1], match[2] ?? match[1]];
}

/** The first 256 bytes of a file as Latin-1 text (enough to tell a GeoPackage, a GeoJSON and a CSV apart). */
async function fileStart(path: string): Promise<string> {
  try {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(256);
      const { bytesRead } = await handle.read(buffer, 0, 256, 0);
      return buffer.subarray(0, bytesRead).toString('latin1');
    } finally {
      await handle.close();
    }
  } catch {
    throw new RegionPackError(path, 'census file not found');
  }
}
