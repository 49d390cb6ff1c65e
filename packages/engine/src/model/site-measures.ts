import type { Breakdown } from '@locscore/schema';
import type { DataConfidence as SiteConfidence } from '../data-confidence/confidence.js';
import type { MarketSearch } from '../market/market-index.js';
import type { CompetitorSearch } from '../places/competitor-index.js';
import type { TransitAccess } from '../transit/transit-index.js';

/** What the model measures at a site before it writes the result. */
export interface SiteMeasures {
  transit: TransitAccess;
  /** Weighted weekly departures near the site (`transitSupply`). */
  transitSupply: number;
  competition: CompetitorSearch;
  market: MarketSearch;
  categoryPlaces: number;
  confidence: SiteConfidence;
  /** Huff supply of the competitors within the radius (`competitorPressure`). */
  supply: number;
  breakdown: Breakdown;
  /** The overall score, `overallScore` of the breakdown. */
  score: number;
}
