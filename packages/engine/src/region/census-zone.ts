import { pointOnFeature } from '@turf/point-on-feature';
import type { PopulationZone } from '../population/population-zone.js';
import type { CensusValues } from './census-fields.js';
import type { CensusGeometry } from './census-geometry.js';

/**
 * The population area of one census feature: a point area for a Point, a
 * polygon area (with a point inside it, `@turf/point-on-feature`) for a
 * Polygon or MultiPolygon.
 *
 * @param id - the area's id
 * @param name - its name
 * @param values - its population, households and income
 * @param geometry - its checked geometry
 */
export function censusZone(id: string, name: string, values: CensusValues, geometry: CensusGeometry): PopulationZone {
  if (geometry.type === 'Point') {
    const [lng = 0, lat = 0] = geometry.coordinates;
    return { id, name, ...values, geometry: null, point: { lat, lng } };
  }
  const [lng = 0, lat = 0] = pointOnFeature({ type: 'Feature', properties: {}, geometry }).geometry.coordinates;
  return { id, name, ...values, geometry, point: { lat, lng } };
}

/** Census features left out for having no geometry, and the residents they held. */
export interface SkippedCensusAreas {
  count: number;
  residents: number;
  /** Up to 5 of their ids. */
  ids: string[];
}
