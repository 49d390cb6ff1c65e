import { AddressAmbiguousError, AddressNotFoundError, type LocatedSite, type ScoringEngine, type TerritoryLookup } from '@locscore/engine';
import { ApiError, invalidRequest } from '../http/api-error.js';

/** A site as a unit or a territory check gives it: an address to geocode, or coordinates. */
export interface SiteInput {
  address?: string | undefined;
  coordinates?: { lat: number; lng: number } | undefined;
}

/**
 * The engine's territory lookup.
 *
 * @throws ApiError 503 `not_configured` when no region is loaded (or the engine has no territory measures)
 */
export function territoryLookupOf(engine: ScoringEngine): TerritoryLookup {
  if (engine.regions.length === 0 || engine.territory === undefined) {
    throw new ApiError('not_configured', 'no region is loaded: start the server with at least one region pack');
  }
  return engine.territory;
}

/**
 * Locates a site: geocodes its address with the score's geocoder, or finds
 * the region covering its coordinates.
 *
 * @throws ApiError 400 `address_not_found` / `address_ambiguous` (with candidates) as a score answers
 * @throws ApiError 400 naming `coordinates` when no loaded region covers them
 */
export function locateSite(lookup: TerritoryLookup, site: SiteInput): LocatedSite {
  if (site.coordinates !== undefined) {
    const located = lookup.at(site.coordinates);
    if (located === null) {
      const { lat, lng } = site.coordinates;
      throw invalidRequest([{ field: 'coordinates', message: `coordinates ${lat}, ${lng} are outside every loaded region` }]);
    }
    return located;
  }
  if (site.address === undefined) throw invalidRequest([{ field: 'address', message: 'address or coordinates is required' }]);
  try {
    return lookup.locate(site.address);
  } catch (error) {
    if (error instanceof AddressNotFoundError || error instanceof AddressAmbiguousError) throw new ApiError(error.code, error.message, { ...error.details });
    throw error;
  }
}
