import { MarketIndex } from '../market/market-index.js';
import { CompetitorIndex } from '../places/competitor-index.js';
import type { RegionData } from '../region/types.js';
import { TransitIndex } from '../transit/transit-index.js';

/** The spatial indexes the model queries for one region, built once when the engine is created. */
export interface RegionIndexes {
  transit: TransitIndex;
  competitors: CompetitorIndex;
  market: MarketIndex;
}

/**
 * Builds a region's indexes: rapid-transit stations and bus stops, POIs per
 * category, demand generators (addresses, POIs per demand kind, sampled major
 * roads, census areas). One pass per layer; kdbush trees.
 *
 * @param region - a loaded region pack
 * @throws TypeError when a point in the pack has non-finite coordinates
 */
export function buildRegionIndexes(region: RegionData): RegionIndexes {
  return {
    transit: new TransitIndex(region.stations, region.busStops),
    competitors: new CompetitorIndex(region.pois),
    market: new MarketIndex(region),
  };
}
