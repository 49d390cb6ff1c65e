/**
 * The opportunity map (whitespace analysis): the best sites of a region for
 * a category that a franchisor does not yet serve, ranked by the model's own
 * score computed once per pack and category, without own units' protected
 * territories and ground too close to an own unit. `docs/opportunities.md`
 * gives the method.
 */

export { addressLabel } from './address-label.js';
export {
  type Candidate,
  type CandidateSet,
  candidateSites,
  DEDUPE_METRES,
  MAX_CANDIDATES,
  MIN_ADDRESS_CANDIDATES,
  type ScoredCandidate,
} from './candidate-sites.js';
export { heatGrid, MAX_HEAT_CELLS, MIN_HEAT_CELL_METRES } from './heat-grid.js';
export {
  createOpportunityFinder,
  type OpportunityFinder,
  type OpportunityFinderOptions,
  type OpportunityQuery,
  type OpportunityRegion,
} from './opportunity-finder.js';
export { buildOpportunityTable, type OpportunityTable, SCORING_CHUNK, type TableInput } from './opportunity-table.js';
export { MAX_CANNIBALISATION_CHECKS, type RankedSites, type RankInput, rankSites, type SiteVerdict } from './rank-sites.js';
export { regionKey } from './region-by-name.js';
export { DEFAULT_CACHED_CANDIDATES, DEFAULT_CACHED_TABLES, TableCache, type TableCacheOptions } from './table-cache.js';
export { UnknownRegionError } from './unknown-region-error.js';
