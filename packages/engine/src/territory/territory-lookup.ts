import type { GeocodePrecision } from '@locscore/schema';
import { AddressAmbiguousError, AddressNotFoundError } from '../errors.js';
import type { Geocoder } from '../geocode/index.js';
import { chooseAmong } from '../geocode/region-choice.js';
import type { RegionMap } from '../map/region-map.js';
import type { CompetitorIndex } from '../places/competitor-index.js';
import type { LatLng, RegionData } from '../region/types.js';
import { type TerritoryRegion, territoryRegion } from './territory-region.js';

/** A site located for the territory measures: its point, the region holding it, and what the geocoder matched. */
export interface LocatedSite extends LatLng {
  /** The region's territory indexes. */
  region: TerritoryRegion;
  /** The geocoder's matched address; null for a site given as coordinates. */
  matchedAddress: string | null;
  /** Match precision; null for a site given as coordinates. */
  precision: GeocodePrecision | null;
}

/**
 * What the server needs of the loaded regions for units and territories:
 * the same geocoder as a score, and each region's territory indexes (built
 * on first use, sharing the scoring engine's competitor index).
 */
export interface TerritoryLookup {
  /**
   * Geocodes a civic address as a score does (the same geocoders and choice among regions).
   *
   * @throws AddressNotFoundError when no region locates it
   * @throws AddressAmbiguousError when several places fit equally
   */
  locate(address: string): LocatedSite;
  /** The first loaded region covering the point (its boundary's box, else the extract's), or null. */
  at(point: LatLng): LocatedSite | null;
  /** The territory indexes of the region named `name`, or null when none is loaded. */
  region(name: string): TerritoryRegion | null;
}

/** One loaded region as the lookup reads it. */
export interface LookupRegion {
  region: RegionData;
  geocoder: Geocoder;
  competitors: CompetitorIndex;
  /** The region's map, whose `covers` says which points the region holds. */
  map: RegionMap;
}

/**
 * The {@link TerritoryLookup} of loaded regions.
 *
 * @param loaded - the engine's regions with their geocoders and competitor indexes
 */
export function territoryLookup(loaded: readonly LookupRegion[]): TerritoryLookup {
  const built = new Map<string, TerritoryRegion>();
  const regionOf = (entry: LookupRegion): TerritoryRegion => {
    const name = entry.region.manifest.name;
    let region = built.get(name);
    if (region === undefined) {
      region = territoryRegion(entry.region, entry.competitors);
      built.set(name, region);
    }
    return region;
  };
  return {
    locate(address) {
      if (loaded.length === 0) throw new AddressNotFoundError(address, 'no region is loaded');
      const choice = chooseAmong(loaded.map(({ region, geocoder }) => ({ region: region.manifest.name, outcome: geocoder.geocode(address) })));
      if (choice.status === 'ambiguous') throw new AddressAmbiguousError(address, choice.reason, choice.candidates);
      if (choice.status === 'not_found') throw new AddressNotFoundError(address, choice.reason, choice.candidates);
      const entry = loaded[choice.index] as LookupRegion;
      const { match } = choice;
      return { lat: match.lat, lng: match.lng, region: regionOf(entry), matchedAddress: match.matchedAddress, precision: match.precision };
    },
    at(point) {
      const entry = loaded.find(({ map }) => map.covers(point));
      return entry === undefined ? null : { lat: point.lat, lng: point.lng, region: regionOf(entry), matchedAddress: null, precision: null };
    },
    region(name) {
      const entry = loaded.find(({ region }) => region.manifest.name === name);
      return entry === undefined ? null : regionOf(entry);
    },
  };
}
