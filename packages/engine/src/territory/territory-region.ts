import { CompetitorIndex } from '../places/competitor-index.js';
import type { RegionData } from '../region/types.js';
import { ReservedVenueIndex } from './reserved-venues.js';
import { ResidentIndex } from './resident-index.js';

/** What the territory measures read of one region pack, indexed once when the pack is loaded. */
export interface TerritoryRegion {
  /** Name of the region pack, stored with the population territories built from it. */
  name: string;
  /** The population layer. */
  residents: ResidentIndex;
  /** Airports, stadiums, hospitals, campuses and malls. */
  venues: ReservedVenueIndex;
  /** The places of each category, for the Huff model's competitors. */
  competitors: CompetitorIndex;
}

/**
 * Indexes a region pack for the territory measures: its population layer,
 * its reserved venues, and its places per category (pass the scoring
 * engine's `CompetitorIndex` to share it rather than build a second).
 *
 * @param region - a loaded region pack
 * @param competitors - the region's competitor index, when one is built already
 * @throws TypeError when a point of the pack has non-finite coordinates
 */
export function territoryRegion(region: RegionData, competitors: CompetitorIndex = new CompetitorIndex(region.pois)): TerritoryRegion {
  return {
    name: region.manifest.name,
    residents: new ResidentIndex(region.population ?? []),
    venues: new ReservedVenueIndex(region.pois),
    competitors,
  };
}
