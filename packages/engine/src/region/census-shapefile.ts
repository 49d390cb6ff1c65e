import { readFile } from 'node:fs/promises';
import type { MultiPolygon, Point, Polygon } from 'geojson';
import * as shapefile from 'shapefile';
import { RegionPackError } from '../errors.js';
import { checkCensusGeometry, geometryBox } from './census-geometry.js';
import type { BBox } from './types.js';

/** One boundary of a census shapefile, kept for the join. */
export interface CensusBoundary {
  /** The join field's value, e.g. `36061006500`. */
  key: string;
  /** 0-based position of the feature in the file, for messages. */
  index: number;
  geometry: Polygon | MultiPolygon | Point;
  /** The feature's attributes (`.dbf` row). */
  properties: Readonly<Record<string, unknown>>;
}

/** Boundaries read from a shapefile: those overlapping the wanted box, and how many the file holds. */
export interface CensusBoundaries {
  kept: CensusBoundary[];
  features: number;
}

/** The `.dbf`, `.prj` or `.cpg` beside a `.shp`. */
const sibling = (shp: string, extension: string): string => shp.replace(/\.shp$/i, extension);

/**
 * Reads the boundaries of a census shapefile (`.shp` with its `.dbf`, read
 * with the `shapefile` library, one feature at a time) and keeps those whose
 * box overlaps `box`. Coordinates must be geographic longitude/latitude: a
 * `.prj` naming a projected system (`PROJCS`) is refused; NAD83 (EPSG:4269,
 * as the US Census Bureau's files) is taken as WGS 84, from which it differs
 * by under 2 m. The `.dbf` is decoded as its `.cpg` says (default
 * windows-1252, the dBase default).
 *
 * @param path - the `.shp` file
 * @param joinField - the attribute holding each area's id, e.g. `GEOID`
 * @param box - keep the boundaries overlapping this box
 * @returns the kept boundaries and the number of features in the file
 * @throws RegionPackError naming the file and the feature (`feature 12`) for a missing file or field, or a bad geometry
 */
export async function readCensusBoundaries(path: string, joinField: string, box: BBox): Promise<CensusBoundaries> {
  if (!/\.shp$/i.test(path)) throw new RegionPackError(path, 'census boundaries must be a .shp file (with its .dbf beside it)');
  await checkProjection(path);
  const encoding = await readEncoding(path);
  let source: shapefile.Source<GeoJSON.Feature>;
  try {
    source = await shapefile.open(path, sibling(path, '.dbf'), { encoding });
  } catch (error) {
    throw new RegionPackError(path, `cannot open the shapefile and its .dbf (${error instanceof Error ? error.message : String(error)})`);
  }
  const kept: CensusBoundary[] = [];
  let index = 0;
  for (; ; index++) {
    let next: { done: boolean; value: GeoJSON.Feature };
    try {
      next = await source.read();
    } catch (error) {
      throw new RegionPackError(`${path} feature ${index}`, `not a readable shapefile record (${error instanceof Error ? error.message : String(error)})`);
    }
    if (next.done) break;
    const { properties, geometry } = next.value;
    const at = `${path} feature ${index}`;
    const key = properties?.[joinField];
    if ((typeof key !== 'string' && typeof key !== 'number') || String(key).trim() === '')
      throw new RegionPackError(at, `missing ${joinField} (the join field)`);
    if (geometry === null) continue;
    const checked = checkCensusGeometry(geometry, `${at} (${joinField} ${key})`);
    const [west, south, east, north] = geometryBox(checked);
    if (west > box[2] || east < box[0] || south > box[3] || north < box[1]) continue;
    kept.push({ key: String(key).trim(), index, geometry: checked, properties: properties ?? {} });
  }
  return { kept, features: index };
}

async function checkProjection(path: string): Promise<void> {
  let prj: string;
  try {
    prj = await readFile(sibling(path, '.prj'), 'latin1');
  } catch {
    return;
  }
  if (/^\s*PROJCS/i.test(prj)) {
    throw new RegionPackError(sibling(path, '.prj'), 'the shapefile is in projected coordinates; reproject it to longitude/latitude (EPSG:4326 or EPSG:4269)');
  }
}

async function readEncoding(path: string): Promise<string> {
  try {
    const cpg = (await readFile(sibling(path, '.cpg'), 'latin1')).trim();
    return cpg === '' ? 'windows-1252' : cpg.toLowerCase();
  } catch {
    return 'windows-1252';
  }
}
