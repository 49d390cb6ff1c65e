import type { Category, OpportunityMap, ScoreResult, SiteMap } from '@locscore/schema';
import type { SiteMapQuery } from './map/region-map.js';
import type { OpportunityQuery } from './opportunities/opportunity-finder.js';
import type { RegionManifest } from './region/types.js';
import type { TerritoryLookup } from './territory/territory-lookup.js';

/** What the engine scores: a civic address and a category (already validated). */
export interface ScoreInput {
  address: string;
  category: Category;
}

/**
 * Scores addresses. Implemented by `createEngine` over loaded region packs;
 * the server takes any implementation (tests inject failing ones).
 *
 * `score` resolves with a {@link ScoreResult} whose `meta` carries
 * `matchedAddress`, `geocodePrecision`, `percentile` (where the region has
 * enough address points), `region` and `modelVersion` (the server adds
 * `requestId`). It rejects with `AddressNotFoundError` when the
 * address cannot be located, and with any other error on a fault.
 */
export interface ScoringEngine {
  score(input: ScoreInput): Promise<ScoreResult>;
  /** Manifests of the loaded regions; empty means "not configured" (503). */
  readonly regions: readonly RegionManifest[];
  /**
   * The vector map around a point from the region holding it (roads and
   * streets, stations, and the category's competitors), for the dashboard.
   * Optional: an engine without it draws no maps (the server answers 503).
   *
   * @throws OutsideRegionsError when no loaded region holds the point
   */
  siteMap?(query: SiteMapQuery): SiteMap;
  /**
   * The franchisor territory measures' view of the loaded regions: the same
   * geocoder as `score`, and each region's population, reserved venues and
   * places. Optional: an engine without it has no units or territory checks
   * (the server answers 503 `not_configured`).
   */
  readonly territory?: TerritoryLookup;
  /**
   * The opportunity map (whitespace analysis): the best sites of a region
   * for a category that the account (`query.network`) does not yet serve,
   * and the heat grid of every candidate's score. The first call of a
   * region and category scores its candidates once (cached, bounded);
   * later calls walk the ranked list. Optional: an engine without it has no
   * opportunity map (the server answers 503 `not_configured`).
   *
   * @throws UnknownRegionError when the region is not loaded (or left out with several loaded)
   */
  opportunities?(query: OpportunityQuery): Promise<OpportunityMap>;
  /**
   * Builds ahead of time what the first score of each category in each
   * region would otherwise build (the percentile tables of `meta.percentile`),
   * one category at a time between turns of the event loop, so requests that
   * arrive meanwhile are served in between. Resolves when every table is
   * built, or at the next turn once `signal` aborts (what is built stays),
   * with the number of tables it built (0 when all were built already).
   * Optional: an engine without it builds them on first use.
   *
   * @param signal - stops the warm-up, e.g. when the server closes
   */
  warm?(signal?: AbortSignal): Promise<number>;
}
