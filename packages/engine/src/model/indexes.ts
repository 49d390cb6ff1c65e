import type { CoverageGrid } from '../data-confidence/coverage-grid.js';
import type { MarketIndex } from '../market/market-index.js';
import type { RegionPercentiles } from '../percentile/region-percentiles.js';
import type { CompetitorIndex } from '../places/competitor-index.js';
import type { PopulationMethod } from '../region/types.js';
import type { TransitIndex } from '../transit/transit-index.js';
import type { PackProvenance } from './sources.js';

// The shape of a region's indexes, apart from their builder (region-indexes.ts), which scores
// reference points with score-location.ts: both import this module, neither imports the other back.

/** The spatial indexes the model queries for one region, built once when the engine is created. Nothing in them ranks or rescales a site against the pack. */
export interface RegionIndexes {
  transit: TransitIndex;
  competitors: CompetitorIndex;
  market: MarketIndex;
  /** Mapping completeness of trade areas against a well-mapped reference (data confidence). */
  coverage: CoverageGrid;
  /** How the population layer was made; null without one. */
  populationMethod: PopulationMethod | null;
  /** The region's name, for insights and confidence reasons. */
  regionName: string;
  /** ISO 3166-1 alpha-2 code of the country at the middle of the pack (country-coder), or null at sea: the words for transit modes. */
  country: string | null;
  /** The pack's smaller side, metres: the width or height of its covered box (`manifest.coverage`, else its data box). */
  packSpanMetres: number;
  /** The pack's digest, data date, feeds and census (`meta.sources`). */
  provenance: PackProvenance;
  /**
   * The overall scores (`weightedScore`) of the region's reference address
   * points per category, built on first use: `meta.percentile`, the site's
   * rank within the region, reads them.
   */
  percentiles: RegionPercentiles;
}
