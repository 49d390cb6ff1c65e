import type { Category } from '@locscore/schema';
import type { NearbyCompetitor } from '../places/competitor-index.js';
import { isSamePlace, SAME_PLACE_METRES } from '../places/same-place.js';
import { haversineMetres } from '../region/geometry.js';
import type { Poi } from '../region/types.js';
import type { NetworkUnit, UnitNetwork } from './unit-network.js';

/**
 * A unit seen as a POI of the pack, to compare it with the mapped places:
 * its name and brand as the OSM `name` and `brand` tags, at its coordinates.
 *
 * @param unit - one of the franchisor's units
 */
export function unitAsPoi(unit: NetworkUnit): Poi {
  const tags: Record<string, string> = { name: unit.name };
  const poi: Poi = { id: `unit:${unit.id}`, name: unit.name, lat: unit.coordinates.lat, lng: unit.coordinates.lng, tags, rating: null };
  if (unit.brand !== null) {
    tags.brand = unit.brand;
    poi.brand = unit.brand;
  }
  return poi;
}

/**
 * The competitors that are not the franchisor's own units. A competitor is
 * an own unit when one of its mappings and a unit of the category are one
 * place by the rule that joins the mappings of a place (`isSamePlace`):
 * within {@link SAME_PLACE_METRES} and with the same brand, else with names
 * that agree. A unit named otherwise than its OSM mapping (and without the
 * brand) stays a competitor of itself: give units their brand.
 *
 * @param competitors - places of the category around a point
 * @param network - the franchisor's units
 * @param category - the category searched
 */
export function withoutOwnUnits(competitors: readonly NearbyCompetitor[], network: UnitNetwork, category: Category): NearbyCompetitor[] {
  if (!network.has(category)) return [...competitors];
  return competitors.filter(
    (competitor) =>
      !competitor.place.mappings.some((mapping) =>
        network
          .within(mapping, category, SAME_PLACE_METRES)
          .some(({ unit }) => isSamePlace(unitAsPoi(unit), mapping, haversineMetres(unit.coordinates, mapping))),
      ),
  );
}
