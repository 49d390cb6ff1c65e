import { iso1A2Code } from '@rapideditor/country-coder';
import { CoverageGrid } from '../data-confidence/coverage-grid.js';
import { DEMAND_MODEL } from '../market/demand-model.js';
import { MarketIndex } from '../market/market-index.js';
import { RegionPercentiles } from '../percentile/region-percentiles.js';
import { CompetitorIndex } from '../places/competitor-index.js';
import { haversineMetres } from '../region/geometry.js';
import type { RegionData } from '../region/types.js';
import { TransitIndex } from '../transit/transit-index.js';
import type { RegionIndexes } from './indexes.js';
import { weightedScore } from './score-location.js';
import { packProvenance } from './sources.js';

export type { RegionIndexes } from './indexes.js';

/** Options of {@link buildRegionIndexes}. */
export interface RegionIndexOptions {
  /**
   * Address points scored per category for the score tables (`RegionPercentiles`).
   * @default DEFAULT_PERCENTILE_SAMPLE_SIZE (4,096)
   */
  percentileSampleSize?: number;
}

/**
 * Builds a region's indexes: rapid-transit stations and bus stops, POIs per
 * category, demand generators (POIs per demand kind and category, sampled
 * major roads, the population layer), the coverage grid, the pack's
 * provenance and the (lazily built) score tables. One pass per layer;
 * kdbush trees.
 *
 * @param region - a loaded region pack
 * @param options - the score tables' sample size
 * @throws TypeError when a point in the pack has non-finite coordinates
 * @throws RangeError when `options.percentileSampleSize` is not a whole number ≥ 0
 */
export function buildRegionIndexes(region: RegionData, options: RegionIndexOptions = {}): RegionIndexes {
  const population = region.population ?? [];
  const method = region.manifest.population?.method ?? (population.length > 0 || region.census.length > 0 ? 'census' : null);
  const box = region.manifest.coverage?.bbox ?? region.manifest.bbox;
  const indexes: RegionIndexes = {
    transit: new TransitIndex(region.stations, region.busStops),
    competitors: new CompetitorIndex(region.pois),
    market: new MarketIndex(region),
    coverage: new CoverageGrid({ addresses: region.addresses, pois: region.pois, population }, DEMAND_MODEL.coverage),
    populationMethod: method,
    regionName: region.manifest.name,
    country: iso1A2Code([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2]) ?? null,
    packSpanMetres: packSpan(box),
    provenance: packProvenance(region.manifest),
    percentiles: new RegionPercentiles(region.addresses, (point, category) => weightedScore(indexes, point, category), {
      ...(options.percentileSampleSize === undefined ? {} : { sampleSize: options.percentileSampleSize }),
    }),
  };
  return indexes;
}

/** The smaller of a box's width (at its middle latitude) and height, metres. */
function packSpan([west, south, east, north]: readonly [number, number, number, number]): number {
  const middle = { lat: (south + north) / 2, lng: (west + east) / 2 };
  const width = haversineMetres({ lat: middle.lat, lng: west }, { lat: middle.lat, lng: east });
  const height = haversineMetres({ lat: south, lng: middle.lng }, { lat: north, lng: middle.lng });
  return Math.min(width, height);
}
