import type { Territory, UnitTerritory } from '@locscore/schema';
import type { LatLng } from '../region/types.js';
import type { ResidentIndex } from './resident-index.js';
import { circlePolygon, circleShape, polygonShape, type Shape } from './shape.js';
import { TerritoryError } from './territory-error.js';

/**
 * Smallest radius of a population territory, metres: when the residents asked
 * for all live at the unit's own point, the circle still has an area.
 */
export const MIN_POPULATION_RADIUS_METRES = 1;

/** The population layer a population territory is built from, and its region's name (stored with it). */
export interface PopulationSource {
  /** Name of the region pack, e.g. `NYC West Village`. */
  name: string;
  residents: ResidentIndex;
}

/**
 * A territory in the form it is stored in, resolved once when its unit is
 * written: a radius and a polygon as given; a population territory as the
 * area around the site holding that many residents of the region's
 * population layer, stored as a polygon so that it stays the same when the
 * data changes.
 *
 * The area is the smallest circle around the site holding the residents
 * ({@link ResidentIndex.radiusHolding}), drawn as the polygon that holds the
 * whole circle ({@link circlePolygon}). A circle, not a hull of the
 * population points: "the N residents nearest the unit" is by definition a
 * disc, a disc does not depend on where the dasymetric step happened to put
 * each point, and it is what a franchise agreement can state ("within r
 * metres"). `residentsInside` counts the residents inside the stored polygon.
 *
 * @param site - the unit's (or candidate's) location, decimal degrees
 * @param territory - the territory as asked for (validated by the schema's `Territory`)
 * @param population - the region's population layer, for a population territory
 * @returns the stored form
 * @throws TerritoryError naming `territory.residents` when the region holds fewer residents than asked (or none)
 */
export function resolveTerritory(site: LatLng, territory: Territory, population: PopulationSource): UnitTerritory {
  if (territory.type !== 'population') return territory;
  const holding = population.residents.radiusHolding(site, territory.residents);
  if (holding === null) {
    const held = Math.round(population.residents.totalResidents);
    const why = held === 0 ? `region ${population.name} has no population layer` : `region ${population.name} holds only ${held} residents`;
    throw new TerritoryError('territory.residents', `territory.residents: ${why}, fewer than the ${territory.residents} asked for`);
  }
  const radiusMetres = Math.max(MIN_POPULATION_RADIUS_METRES, Math.ceil(holding.radiusMetres * 10) / 10);
  const geometry = circlePolygon(site, radiusMetres);
  const residentsInside = Math.round(population.residents.inside(polygonShape(geometry)).residents);
  return { type: 'population', residents: territory.residents, geometry, radiusMetres, residentsInside, region: population.name };
}

/**
 * The area a stored territory covers: a radius as the exact circle around
 * the site (great circle), a polygon or a population territory as its polygon.
 *
 * @param site - the unit's location, decimal degrees
 * @param territory - the stored territory
 */
export function territoryShape(site: LatLng, territory: UnitTerritory): Shape {
  return territory.type === 'radius' ? circleShape(site, territory.metres) : polygonShape(territory.geometry);
}
