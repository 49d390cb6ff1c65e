import type { Category } from '@locscore/schema';
import { CoverageGrid } from '../data-confidence/coverage-grid.js';
import { MarketIndex } from '../market/market-index.js';
import { RegionPercentiles } from '../percentile/region-percentiles.js';
import { CompetitorIndex } from '../places/competitor-index.js';
import { haversineMetres } from '../region/geometry.js';
import type { LatLng, PopulationMethod, RegionData } from '../region/types.js';
import { TransitIndex } from '../transit/transit-index.js';
import { TRANSIT_REFERENCE_PERCENTILE } from './overall.js';
import { weightedScore } from './score-location.js';
import { typicalDemandPerStore } from './supply-balance.js';
import { transitScoreFromSupply, transitSupply } from './transit-score.js';

/** The spatial indexes and per-pack measures the model queries for one region, built once when the engine is created. */
export interface RegionIndexes {
  transit: TransitIndex;
  competitors: CompetitorIndex;
  market: MarketIndex;
  /** Mapping completeness of trade areas against the region's core (data confidence). */
  coverage: CoverageGrid;
  /** The region's typical demand per store of each category (`typicalDemandPerStore`). */
  typicalPerStore: Readonly<Record<Category, number>>;
  /** The transit sub-score at the region's best-served address points (`transitInOverall`). */
  transitReference: number;
  /** How the population layer was made; null without one. */
  populationMethod: PopulationMethod | null;
  /** The region's name, for insights and confidence reasons. */
  regionName: string;
  /** The pack's smaller side, metres: the width or height of its covered box (`manifest.coverage`, else its data box). */
  packSpanMetres: number;
  /**
   * The weighted scores (`weightedScore`) of the region's reference address
   * points per category, built on first use: `meta.percentile` and the
   * region's prime scale (`regionPrimeScale`) read them.
   */
  percentiles: RegionPercentiles;
}

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
 * category, demand generators (addresses, POIs per demand kind, sampled major
 * roads, census areas) with the region's demand distribution, the coverage
 * grid, each category's typical demand per store, and the (lazily built)
 * score tables. One pass per layer; kdbush trees.
 *
 * @param region - a loaded region pack
 * @param options - the score tables' sample size
 * @throws TypeError when a point in the pack has non-finite coordinates
 * @throws RangeError when `options.percentileSampleSize` is not a whole number ≥ 0
 */
export function buildRegionIndexes(region: RegionData, options: RegionIndexOptions = {}): RegionIndexes {
  const competitors = new CompetitorIndex(region.pois);
  const market = new MarketIndex(region);
  const transit = new TransitIndex(region.stations, region.busStops);
  const population = region.population ?? [];
  const method = region.manifest.population?.method ?? (population.length > 0 || region.census.length > 0 ? 'census' : null);
  const indexes: RegionIndexes = {
    transit,
    competitors,
    market,
    coverage: new CoverageGrid({ addresses: region.addresses, pois: region.pois, population }),
    typicalPerStore: typicalDemandPerStore(market, competitors, region.addresses),
    transitReference: transitReference(transit, region.addresses),
    populationMethod: method,
    regionName: region.manifest.name,
    packSpanMetres: packSpan(region.manifest.coverage?.bbox ?? region.manifest.bbox),
    percentiles: new RegionPercentiles(region.addresses, (point, category) => weightedScore(indexes, point, category), {
      ...(options.percentileSampleSize === undefined ? {} : { sampleSize: options.percentileSampleSize }),
    }),
  };
  return indexes;
}

/** Most address points whose transit is measured for the reference: every k-th. */
const TRANSIT_SAMPLES = 2_000;

/** The rounded transit sub-score at the {@link TRANSIT_REFERENCE_PERCENTILE} of the region's address points (10 without any). */
function transitReference(transit: TransitIndex, sites: readonly LatLng[]): number {
  const step = Math.max(1, Math.ceil(sites.length / TRANSIT_SAMPLES));
  const scores: number[] = [];
  for (let index = 0; index < sites.length; index += step) {
    const site = sites[index];
    if (site !== undefined) scores.push(Math.round(10 * transitScoreFromSupply(transitSupply(transit.access(site)))) / 10);
  }
  scores.sort((a, b) => a - b);
  return scores[Math.floor((scores.length - 1) * TRANSIT_REFERENCE_PERCENTILE)] ?? 10;
}

/** The smaller of a box's width (at its middle latitude) and height, metres. */
function packSpan([west, south, east, north]: readonly [number, number, number, number]): number {
  const middle = { lat: (south + north) / 2, lng: (west + east) / 2 };
  const width = haversineMetres({ lat: middle.lat, lng: west }, { lat: middle.lat, lng: east });
  const height = haversineMetres({ lat: south, lng: middle.lng }, { lat: north, lng: middle.lng });
  return Math.min(width, height);
}
