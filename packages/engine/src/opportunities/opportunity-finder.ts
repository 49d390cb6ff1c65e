import {
  type Category,
  DEFAULT_OPPORTUNITY_LIMIT,
  isCategory,
  MAX_CANNIBALISATION_SHARE,
  MAX_OPPORTUNITY_LIMIT,
  type OpportunityMap,
  passes,
  storyFor,
} from '@locscore/schema';
import type { RegionIndexes } from '../model/region-indexes.js';
import { measureSite } from '../model/score-location.js';
import { resultSources } from '../model/sources.js';
import { MODEL_VERSION } from '../model/version.js';
import { CATEGORY_DEFINITIONS } from '../places/categories.js';
import type { RegionData } from '../region/types.js';
import type { TerritoryRegion } from '../territory/territory-region.js';
import type { UnitNetwork } from '../territory/unit-network.js';
import { candidateSites, MAX_CANDIDATES, type ScoredCandidate } from './candidate-sites.js';
import { buildOpportunityTable, type OpportunityTable } from './opportunity-table.js';
import { type RankedSites, rankSites, type SiteVerdict } from './rank-sites.js';
import { regionByName } from './region-by-name.js';
import { TableCache, type TableCacheOptions } from './table-cache.js';

/** One loaded region as the opportunity map reads it. */
export interface OpportunityRegion {
  region: RegionData;
  /** The scoring engine's indexes of the region (the model scores candidates with them). */
  indexes: RegionIndexes;
  /** The region's territory indexes (population for cannibalisation), built on first use; null when not available. */
  territory: () => TerritoryRegion | null;
}

/** What the opportunity map is asked. */
export interface OpportunityQuery {
  category: Category;
  /** A loaded region's name (case, accents, spaces and hyphens ignored); may be left out when one region is loaded. */
  region?: string | undefined;
  /**
   * Sites to answer, 1–`MAX_OPPORTUNITY_LIMIT`.
   * @default DEFAULT_OPPORTUNITY_LIMIT (20)
   */
  limit?: number | undefined;
  /** The account's units; null or left out for an account without units. */
  network?: UnitNetwork | null | undefined;
  /**
   * Largest share of an own unit's demand a site may take, 0–1.
   * @default MAX_CANNIBALISATION_SHARE (0.1)
   */
  maxCannibalisationShare?: number | undefined;
}

/** Options of {@link createOpportunityFinder}. */
export interface OpportunityFinderOptions extends TableCacheOptions {
  /** Most candidates per region and category. @default MAX_CANDIDATES (8,192) */
  maxCandidatesPerTable?: number;
}

/** The opportunity map of loaded regions (whitespace analysis). */
export interface OpportunityFinder {
  /**
   * The best sites of a region for a category that the account does not yet serve.
   *
   * @throws UnknownRegionError when the region is not loaded (or left out with several loaded)
   * @throws TypeError when the category is unknown
   * @throws RangeError naming `limit` or `maxCannibalisationShare` when out of range
   */
  find(query: OpportunityQuery): Promise<OpportunityMap>;
  /** Whether the table of `region` (a loaded region's name as given by its manifest) and `category` is cached. */
  cached(region: string, category: Category): boolean;
}

/** Throws a RangeError naming the option when `limit` or the share is out of range. */
function checkQuery(query: OpportunityQuery): { limit: number; share: number } {
  if (!isCategory(query.category)) throw new TypeError(`category must be one of the twelve categories, got ${JSON.stringify(query.category)}`);
  const limit = query.limit ?? DEFAULT_OPPORTUNITY_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_OPPORTUNITY_LIMIT)
    throw new RangeError(`limit must be a whole number from 1 to ${MAX_OPPORTUNITY_LIMIT}, got ${String(limit)}`);
  const share = query.maxCannibalisationShare ?? MAX_CANNIBALISATION_SHARE;
  if (!(share >= 0 && share <= 1)) throw new RangeError(`maxCannibalisationShare must be a number from 0 to 1, got ${String(share)}`);
  return { limit, share };
}

/** The model's verdict at a candidate, as `POST /api/franchisor/score` would give it (address points located at address-point precision). */
function verdictOf(indexes: RegionIndexes, table: OpportunityTable, site: ScoredCandidate): SiteVerdict {
  const expiredFeeds = resultSources(indexes.provenance, new Date()).gtfs.flatMap((feed) => (feed.expired ? [feed.name] : []));
  const measured = measureSite(indexes, site, table.category, { ...(table.kind === 'address' ? { precision: 'address_point' as const } : {}), expiredFeeds });
  const passed = passes(measured.score, measured.confidence.level);
  return {
    score: measured.score,
    breakdown: measured.breakdown,
    confidence: measured.confidence.level,
    passed,
    story: storyFor(measured.score, passed ? undefined : 'data'),
  };
}

/**
 * The walk of `network` over `table` for `key` (limit and share), from
 * `walks` when this network walked this table before, else made by `walk`
 * and kept: the Huff cannibalisation measures of a walk cost far more than
 * the walk, and an account's network object lives until its units change.
 */
function remembered(
  walks: WeakMap<UnitNetwork, WeakMap<OpportunityTable, Map<string, RankedSites>>>,
  network: UnitNetwork,
  table: OpportunityTable,
  key: string,
  walk: () => RankedSites,
): RankedSites {
  const byTable = walks.get(network) ?? new WeakMap<OpportunityTable, Map<string, RankedSites>>();
  walks.set(network, byTable);
  const byKey = byTable.get(table) ?? new Map<string, RankedSites>();
  byTable.set(table, byKey);
  const kept = byKey.get(key);
  if (kept !== undefined) return kept;
  const ranked = walk();
  byKey.set(key, ranked);
  return ranked;
}

/**
 * The opportunity map over loaded regions. For a region and a category,
 * every candidate site (`candidateSites`: the pack's address points
 * deduplicated, or grid cells where it has few) is scored once with the
 * model's overall score and ranked (`buildOpportunityTable`), and the table
 * is kept in a bounded LRU cache ({@link TableCache}); each query then only
 * walks the ranked list against the account's units (`rankSites`) and
 * measures the verdict of the sites it answers; the walk of a network (an
 * immutable `UnitNetwork`, new whenever the account's units change) over a
 * table is kept while both live, so an account's repeated calls cost no
 * second cannibalisation measure. Nothing is computed per
 * request over the whole region.
 *
 * @param regions - the loaded regions with their indexes
 * @param options - cache bounds and candidates per table
 */
export function createOpportunityFinder(regions: readonly OpportunityRegion[], options: OpportunityFinderOptions = {}): OpportunityFinder {
  const cache = new TableCache(options);
  // A network is immutable (a change of units makes a new one), so its walk over one table is kept while both live.
  const walks = new WeakMap<UnitNetwork, WeakMap<OpportunityTable, Map<string, RankedSites>>>();
  const nameOf = (entry: OpportunityRegion) => entry.region.manifest.name;
  return {
    cached: (region, category) => cache.has(region, category),
    async find(query) {
      const { limit, share } = checkQuery(query);
      const entry = regionByName(regions, nameOf, query.region);
      const { manifest } = entry.region;
      const { category } = query;
      const { table } = await cache.get(manifest.name, category, () =>
        buildOpportunityTable({
          region: manifest.name,
          category,
          candidates: candidateSites(entry.region.addresses, manifest.coverage?.bbox ?? manifest.bbox, options.maxCandidatesPerTable ?? MAX_CANDIDATES),
          scoreAt: (point, scored) => measureSite(entry.indexes, point, scored).score,
        }),
      );
      const spacingMetres = Math.round(CATEGORY_DEFINITIONS[category].radiusMetres / 2);
      const walk = () =>
        rankSites({
          table,
          limit,
          network: query.network ?? null,
          territory: query.network?.has(category) === true ? entry.territory() : null,
          maxCannibalisationShare: share,
          spacingMetres,
          verdictAt: (site) => verdictOf(entry.indexes, table, site),
        });
      const ranked = query.network?.has(category) === true ? remembered(walks, query.network, table, `${limit}:${share}`, walk) : walk();
      return {
        region: manifest.name,
        category,
        modelVersion: MODEL_VERSION,
        candidateKind: table.kind,
        candidates: table.ranked.length,
        dedupeMetres: table.dedupeMetres,
        spacingMetres,
        maxCannibalisationShare: share,
        excluded: ranked.excluded,
        sites: ranked.sites,
        heat: table.heat,
      };
    },
  };
}
