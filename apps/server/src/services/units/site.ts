import { EngineError, type LocatedSite, type ScoringEngine, type TerritoryLookup } from '@locscore/engine';
import { invalidInput, Refusal } from '../refusal.js';

/** A site as a unit or a territory check gives it: an address to geocode, or coordinates. */
export interface SiteInput {
  address?: string | undefined;
  coordinates?: { lat: number; lng: number } | undefined;
}

/**
 * The engine's territory lookup.
 *
 * @throws Refusal 503 `not_configured` when no region is loaded (or the engine has no territory measures)
 */
export function territoryLookupOf(engine: ScoringEngine): TerritoryLookup {
  if (engine.regions.length === 0 || engine.territory === undefined) {
    throw new Refusal('not_configured', 'no region is loaded: start the server with at least one region pack');
  }
  return engine.territory;
}

/**
 * Locates a site: geocodes its address with the score's geocoder, or finds
 * the region covering its coordinates.
 *
 * @throws Refusal 400 `address_not_found` / `address_ambiguous` (with candidates) as a score answers
 * @throws Refusal 400 naming `coordinates` when no loaded region covers them
 */
export function locateSite(lookup: TerritoryLookup, site: SiteInput): LocatedSite {
  if (site.coordinates !== undefined) {
    const located = lookup.at(site.coordinates);
    if (located === null) {
      const { lat, lng } = site.coordinates;
      throw invalidInput([{ field: 'coordinates', message: `coordinates ${lat}, ${lng} are outside every loaded region` }]);
    }
    return located;
  }
  if (site.address === undefined) throw invalidInput([{ field: 'address', message: 'address or coordinates is required' }]);
  try {
    return lookup.locate(site.address);
  } catch (error) {
    if (error instanceof EngineError && error.code !== null) throw new Refusal(error.code, error.message, error.details);
    throw error;
  }
}
