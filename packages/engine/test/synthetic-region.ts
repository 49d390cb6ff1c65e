/**
 * Builders of small synthetic region packs for the scoring tests: points are
 * placed by metres north/east of an origin, so tests read as distances.
 */
import type { SiteAmounts } from '../src/market/demand-features.js';
import {
  type BusStop,
  type CensusArea,
  type LatLng,
  PACK_FORMAT_VERSION,
  type Poi,
  type RegionData,
  type Road,
  type Station,
  type TransitMode,
} from '../src/region/types.js';

/** Origin of synthetic regions (Vaduz area), decimal degrees. */
export const ORIGIN: LatLng = { lat: 47.14, lng: 9.52 };

const METRES_PER_DEGREE = 111_195;

/**
 * The point `north` and `east` metres from `from` (equirectangular; exact
 * enough below a few km).
 */
export function offset(north: number, east: number, from: LatLng = ORIGIN): LatLng {
  return {
    lat: from.lat + north / METRES_PER_DEGREE,
    lng: from.lng + east / (METRES_PER_DEGREE * Math.cos((from.lat * Math.PI) / 180)),
  };
}

let counter = 0;
const nextId = (prefix: string): string => `${prefix}${++counter}`;

/** A station `north`/`east` metres from the origin. */
export function station(name: string, north: number, east: number, modes: TransitMode[] = ['subway'], extra: Partial<Station> = {}): Station {
  return { id: nextId('s'), name, modes, sources: ['test'], ...offset(north, east), ...extra };
}

/** A bus stop `north`/`east` metres from the origin. */
export function busStop(name: string | null, north: number, east: number): BusStop {
  return { id: nextId('b'), name, sources: ['test'], ...offset(north, east) };
}

/** A POI with these tags `north`/`east` metres from the origin. */
export function poi(tags: Record<string, string>, north: number, east: number, rating: number | null = null): Poi {
  return { id: nextId('n'), name: tags.name ?? null, tags, rating, ...offset(north, east) };
}

/** A straight major road from one offset to another. */
export function road(name: string | null, from: [number, number], to: [number, number], roadClass: Road['class'] = 'primary'): Road {
  return { id: nextId('w'), name, class: roadClass, points: [offset(...from), offset(...to)] };
}

/** `count` address points on a grid of `spacing` metres centred on the origin. */
export function addressGrid(count: number, spacing = 40): RegionData['addresses'] {
  const side = Math.ceil(Math.sqrt(count));
  return Array.from({ length: count }, (_, index) => ({
    housenumber: String(index + 1),
    street: 'Teststrasse',
    osmId: `n${900_000 + index}`,
    ...offset((Math.floor(index / side) - side / 2) * spacing, ((index % side) - side / 2) * spacing),
  }));
}

/** A census area at an offset. */
export function censusArea(population: number, north: number, east: number, landAreaKm2?: number): CensusArea {
  return { id: nextId('ct'), name: 'Test tract', population, ...(landAreaKm2 === undefined ? {} : { landAreaKm2 }), ...offset(north, east) };
}

/** A region pack with the given layers (the rest empty). */
export function syntheticRegion(layers: Partial<Omit<RegionData, 'manifest'>> = {}, name = 'Synthetic'): RegionData {
  return {
    manifest: {
      formatVersion: PACK_FORMAT_VERSION,
      name,
      sample: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      bbox: [9.4, 47.0, 9.7, 47.3],
      counts: { addresses: 0, streets: 0, stations: 0, busStops: 0, pois: 0, roads: 0, census: 0 },
      sources: [],
      attribution: '© OpenStreetMap contributors (synthetic test data)',
    },
    addresses: [],
    streets: [],
    interpolations: [],
    stations: [],
    busStops: [],
    pois: [],
    roads: [],
    census: [],
    areas: [],
    ...layers,
  };
}

/**
 * The amounts of a site with nothing around it, with `extra` on top.
 *
 * @param extra - the amounts to set
 */
export function siteAmounts(extra: Partial<SiteAmounts> = {}): SiteAmounts {
  const none = { offices: 0, schools: 0, universities: 0, retail: 0, dining: 0, healthcare: 0, parks: 0, attractors: 0, motoring: 0, places: 0, frontage: 0 };
  return { ...none, residents: null, roadMetres: null, nearestPlaceMetres: null, clusterMetres: null, districtMetres: null, transitSupply: 0, ...extra };
}
