import { foldText } from '@locscore/schema';
import { pointOnFeature } from '@turf/point-on-feature';
import { AreaIndex } from '../region/area-index.js';
import type { Area, LatLng } from '../region/types.js';
import type { PopulatedPlace } from './populated-places.js';
import type { PopulationZone } from './population-zone.js';

/**
 * How far (metres) a `place=*` node's population reaches when no boundary
 * polygon of the place is in the extract: about half the distance to the next
 * place of the same rank (OSM wiki, "Key:place": a city serves its
 * surroundings, a hamlet a few dozen dwellings). Other values reach
 * {@link DEFAULT_PLACE_REACH_METRES}.
 */
export const PLACE_REACH_METRES: Readonly<Record<string, number>> = {
  city: 5_000,
  town: 2_500,
  village: 1_200,
  suburb: 1_500,
  borough: 2_500,
  quarter: 1_000,
  neighbourhood: 600,
  hamlet: 500,
  isolated_dwelling: 150,
  farm: 150,
};

/** Reach of a `place=*` value missing from {@link PLACE_REACH_METRES}, metres. */
export const DEFAULT_PLACE_REACH_METRES = 1_000;

/** The areas OSM gives population for, and the places counted inside others. */
export interface OsmZones {
  zones: PopulationZone[];
  /** Place nodes inside an area that already has a population (e.g. Nendeln in Eschen): counted in it, not again. */
  nested: PopulatedPlace[];
}

/**
 * The population areas an OSM extract gives: every administrative boundary
 * with `population=*`; every administrative boundary without it that holds a
 * `place=*` node of the same name (folded, or one of its other names) with
 * `population=*`, which then gives it (e.g. the municipality of Vaduz and the
 * town node Vaduz, 5,229); and every other populated place node outside all
 * of those as a point area reaching {@link PLACE_REACH_METRES}. A place node
 * inside a populated boundary is counted in it.
 *
 * @param areas - the extract's assembled areas (postal-code areas are ignored)
 * @param places - its populated place nodes
 * @returns the areas and the nested places
 */
export function osmPopulationZones(areas: readonly Area[], places: readonly PopulatedPlace[]): OsmZones {
  const administrative = areas.filter((area) => area.kind === 'administrative');
  const index = new AreaIndex(administrative);
  const given = new Map<Area, PopulatedPlace>();
  for (const place of places) {
    if (place.name === null) continue;
    const wanted = foldText(place.name);
    const named = index.containing(place, (area) => area.population === undefined && !given.has(area) && namesOf(area).includes(wanted))[0];
    if (named !== undefined) given.set(named, place);
  }
  const zones: PopulationZone[] = [];
  for (const area of administrative) {
    const place = given.get(area);
    const population = area.population ?? place?.population;
    if (population === undefined) continue;
    zones.push({
      id: area.id,
      name: area.name ?? area.id,
      population,
      geometry: area.geometry,
      point: place === undefined ? interiorPoint(area) : { lat: place.lat, lng: place.lng },
    });
  }
  const populated = new AreaIndex(zones.filter((zone): zone is PopulationZone & Pick<Area, 'geometry'> => zone.geometry !== null));
  const used = new Set(given.values());
  const nested: PopulatedPlace[] = [];
  for (const place of places) {
    if (used.has(place)) continue;
    if (populated.containing(place).length > 0) {
      nested.push(place);
      continue;
    }
    const reachMetres = PLACE_REACH_METRES[place.place] ?? DEFAULT_PLACE_REACH_METRES;
    zones.push({
      id: place.id,
      name: place.name ?? place.id,
      population: place.population,
      geometry: null,
      point: { lat: place.lat, lng: place.lng },
      reachMetres,
    });
  }
  return { zones, nested };
}

function namesOf(area: Area): string[] {
  return [area.name, ...(area.altNames ?? [])].filter((name): name is string => name !== undefined).map(foldText);
}

/** A point inside an area's polygon (`@turf/point-on-feature`). */
export function interiorPoint(area: Pick<Area, 'geometry'>): LatLng {
  const [lng = 0, lat = 0] = pointOnFeature({ type: 'Feature', properties: {}, geometry: area.geometry }).geometry.coordinates;
  return { lat, lng };
}
