import { parsePopulation } from '../region/area-tags.js';
import type { OsmTags } from '../region/osm-elements.js';
import type { LatLng } from '../region/types.js';

/** An OSM `place=*` node that carries `population=*`, e.g. Vaduz (town, 5,229). */
export interface PopulatedPlace extends LatLng {
  /** Source node, e.g. `n1932181216`. */
  id: string;
  /** `name`, when tagged. */
  name: string | null;
  /** The `place=*` value: `country`, `city`, `town`, `village`, `hamlet`, `suburb`… */
  place: string;
  /** `population=*` as a whole number ({@link parsePopulation}). */
  population: number;
}

/**
 * The populated place an OSM node stands for: a `place=*` node whose
 * `population=*` reads as a whole number.
 *
 * @param id - the node's id, e.g. `n240079149`
 * @param tags - its tags
 * @param at - its position
 * @returns the place, or null when the node is no place or has no readable population
 */
export function populatedPlaceOf(id: string, tags: OsmTags, at: LatLng): PopulatedPlace | null {
  const place = tags.place;
  if (place === undefined || place === '') return null;
  const population = parsePopulation(tags.population);
  if (population === null) return null;
  return { id, name: tags.name?.trim() || null, place, population, lat: at.lat, lng: at.lng };
}
