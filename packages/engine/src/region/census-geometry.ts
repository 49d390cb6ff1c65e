import type { Geometry, MultiPolygon, Point, Polygon, Position } from 'geojson';
import { RegionPackError } from '../errors.js';

/** A census area's geometry: a polygon, several, or a representative point. */
export type CensusGeometry = Polygon | MultiPolygon | Point;

function checkPosition(position: unknown, at: string): asserts position is Position {
  if (!Array.isArray(position) || position.length < 2) throw new RegionPackError(at, 'geometry has a position that is not [lng, lat]');
  const [lng, lat] = position as unknown[];
  if (typeof lng !== 'number' || typeof lat !== 'number' || !Number.isFinite(lng) || !Number.isFinite(lat)) {
    throw new RegionPackError(at, `geometry has a position that is not two numbers: ${JSON.stringify(position)}`);
  }
  if (lng < -180 || lng > 180 || lat < -90 || lat > 90) {
    throw new RegionPackError(at, `geometry position [${lng}, ${lat}] is not WGS 84 longitude/latitude (projected coordinates? reproject to EPSG:4326)`);
  }
}

function checkPolygon(rings: unknown, at: string): void {
  if (!Array.isArray(rings) || rings.length === 0) throw new RegionPackError(at, 'polygon without rings');
  for (const ring of rings) {
    if (!Array.isArray(ring) || ring.length < 4) throw new RegionPackError(at, 'polygon ring with fewer than 4 positions');
    for (const position of ring) checkPosition(position, at);
  }
}

/**
 * Checks a census area's GeoJSON geometry: a Point, Polygon or MultiPolygon
 * of WGS 84 `[lng, lat]` positions in range, rings of at least 4 positions.
 *
 * @param geometry - the parsed geometry (not null)
 * @param at - where, for errors
 * @returns the geometry, typed
 * @throws RegionPackError naming `at` for another type or a bad position
 */
export function checkCensusGeometry(geometry: unknown, at: string): CensusGeometry {
  const { type, coordinates } = (typeof geometry === 'object' && geometry !== null ? geometry : {}) as Partial<Geometry> & { coordinates?: unknown };
  if (type === 'Point') {
    checkPosition(coordinates, at);
    return { type, coordinates };
  }
  if (type === 'Polygon') {
    checkPolygon(coordinates, at);
    return { type, coordinates: coordinates as Position[][] };
  }
  if (type === 'MultiPolygon') {
    if (!Array.isArray(coordinates) || coordinates.length === 0) throw new RegionPackError(at, 'MultiPolygon without polygons');
    for (const polygon of coordinates) checkPolygon(polygon, at);
    return { type, coordinates: coordinates as Position[][][] };
  }
  throw new RegionPackError(at, `geometry must be a Point, Polygon or MultiPolygon, got ${JSON.stringify(type ?? null)}`);
}

/**
 * The bounding box `[minLng, minLat, maxLng, maxLat]` of a checked geometry.
 *
 * @param geometry - a census geometry
 */
export function geometryBox(geometry: CensusGeometry): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const add = ([lng = 0, lat = 0]: Position): void => {
    box[0] = Math.min(box[0], lng);
    box[1] = Math.min(box[1], lat);
    box[2] = Math.max(box[2], lng);
    box[3] = Math.max(box[3], lat);
  };
  if (geometry.type === 'Point') add(geometry.coordinates);
  else if (geometry.type === 'Polygon') for (const ring of geometry.coordinates) ring.forEach(add);
  else for (const polygon of geometry.coordinates) for (const ring of polygon) ring.forEach(add);
  return box;
}
