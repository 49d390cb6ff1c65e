import { RegionPackError } from '../errors.js';
import type { PopulationZone } from '../population/population-zone.js';
import { type ResolvedCensusFields, readCensusValues } from './census-fields.js';
import { checkCensusGeometry } from './census-geometry.js';
import { censusZone, type SkippedCensusAreas } from './census-zone.js';
import { readJsonFile } from './json-file.js';

/** Coordinate systems a census GeoJSON may declare: WGS 84 longitude/latitude (RFC 7946 drops `crs`; older files name these). */
const LON_LAT_CRS = /^(urn:ogc:def:crs:OGC:1\.3:CRS84|urn:ogc:def:crs:EPSG::4326|EPSG:4326|urn:ogc:def:crs:EPSG::4269|EPSG:4269)$/i;

/** The areas of a census GeoJSON file. */
export interface CensusGeoJson {
  zones: PopulationZone[];
  /** Features whose geometry is null. */
  skipped: SkippedCensusAreas;
}

/**
 * Reads census areas from a GeoJSON FeatureCollection: each feature a
 * Polygon or MultiPolygon (an area) or a Point (an area known by a point),
 * with its population, households and income in the named properties
 * (`fields`) and its id in the `id` field (else the feature's `id`).
 * Features with a null geometry are left out and counted. Coordinates are
 * WGS 84 (a `crs` other than CRS84 / EPSG:4326, or NAD83 EPSG:4269, which
 * is within 2 m of it, is refused).
 *
 * @param path - the file
 * @param fields - the property names
 * @returns the areas, in file order, and the features left out
 * @throws RegionPackError naming the file, the feature (`features[12] (id …)`) and the field on bad input
 */
export async function readCensusGeoJson(path: string, fields: ResolvedCensusFields): Promise<CensusGeoJson> {
  const parsed = await readJsonFile(path, { missing: 'census file not found' });
  const collection = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as {
    type?: unknown;
    features?: unknown;
    crs?: { properties?: { name?: unknown } };
  };
  if (collection.type !== 'FeatureCollection' || !Array.isArray(collection.features)) throw new RegionPackError(path, 'not a GeoJSON FeatureCollection');
  const crs = collection.crs?.properties?.name;
  if (crs !== undefined && (typeof crs !== 'string' || !LON_LAT_CRS.test(crs))) {
    throw new RegionPackError(path, `crs ${JSON.stringify(crs)} is not WGS 84 longitude/latitude; reproject to EPSG:4326`);
  }
  return zonesOfFeatures(collection.features, fields, path);
}

/**
 * The census areas of GeoJSON-like features (`{ id?, properties, geometry }`,
 * WGS 84), as read from a GeoJSON file or a GeoPackage table: each with its
 * population, households and income in the named properties and its id in
 * the `id` field (else the feature's `id`); features with a null geometry
 * are left out and counted.
 *
 * @param features - the features, in file order
 * @param fields - the property names
 * @param path - the file, for errors (`<path> features[12] (id …)`)
 * @returns the areas and the features left out
 * @throws RegionPackError naming the feature and the field on bad input
 */
export function zonesOfFeatures(features: readonly unknown[], fields: ResolvedCensusFields, path: string): CensusGeoJson {
  const zones: PopulationZone[] = [];
  const skipped: SkippedCensusAreas = { count: 0, residents: 0, ids: [] };
  features.forEach((feature: unknown, index) => {
    const {
      properties,
      geometry,
      id: featureId,
    } = (typeof feature === 'object' && feature !== null ? feature : {}) as { properties?: unknown; geometry?: unknown; id?: unknown };
    const record = (typeof properties === 'object' && properties !== null ? properties : {}) as Record<string, unknown>;
    const rawId = record[fields.id] ?? featureId;
    const label = `${path} features[${index}]`;
    if ((typeof rawId !== 'string' && typeof rawId !== 'number') || String(rawId).trim() === '') {
      throw new RegionPackError(label, `missing ${fields.id} (the id field), and the feature has no id`);
    }
    const id = String(rawId).trim();
    const at = `${label} (id ${id})`;
    const values = readCensusValues(record, fields, at);
    if (geometry === null || geometry === undefined) {
      skipped.count++;
      skipped.residents += values.population;
      if (skipped.ids.length < 5) skipped.ids.push(id);
      return;
    }
    const name = record[fields.name];
    zones.push(censusZone(id, typeof name === 'string' && name.trim() !== '' ? name.trim() : id, values, checkCensusGeometry(geometry, at)));
  });
  return { zones, skipped };
}
