import type { Breakdown, Category, ConfidenceLevel, OpportunitySite, Story } from '@locscore/schema';
import { CATEGORY_DEFINITIONS } from '../places/categories.js';
import { haversineMetres } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';
import { cannibalisation } from '../territory/cannibalisation.js';
import type { TerritoryRegion } from '../territory/territory-region.js';
import type { UnitNetwork } from '../territory/unit-network.js';
import type { ScoredCandidate } from './candidate-sites.js';
import type { OpportunityTable } from './opportunity-table.js';

/**
 * Most candidates one request measures the cannibalisation of (each a Huff
 * pass over the residents within three trade-area radii, a few milliseconds
 * for the wide trade areas). Bounds a warm request near a dense network to
 * about a second; a network dense enough to reach it before `limit` sites
 * are found answers fewer sites.
 */
export const MAX_CANNIBALISATION_CHECKS = 500;

/** The model's verdict at a site: what `POST /api/franchisor/score` would say of it. */
export interface SiteVerdict {
  score: number;
  breakdown: Breakdown;
  confidence: ConfidenceLevel;
  passed: boolean;
  story: Story;
}

/** What {@link rankSites} reads. */
export interface RankInput {
  table: OpportunityTable;
  /** Sites to answer, ≥ 1. */
  limit: number;
  /** The account's units; null or empty for an account without units. */
  network: UnitNetwork | null;
  /** The region's population and competitors (cannibalisation); null when not available. */
  territory: TerritoryRegion | null;
  /** Largest share of an own unit's demand a site may take, 0–1. */
  maxCannibalisationShare: number;
  /** Least distance between two answered sites, metres. */
  spacingMetres: number;
  /** The model's verdict at an answered site. */
  verdictAt: (site: ScoredCandidate) => SiteVerdict;
}

/** The answered sites and the better-ranked candidates left out, by reason. */
export interface RankedSites {
  sites: OpportunitySite[];
  excluded: { territory: number; cannibalisation: number };
}

/** The franchisor's view of one candidate: left out (and why), or its nearest unit and cannibalisation. */
interface Judgement {
  /** Why the candidate is left out, or null when it is answered. */
  out: 'territory' | 'cannibalisation' | null;
  /** Its largest cannibalisation share of an own unit; null when it cannot be measured. */
  cannibalisation: number | null;
  /** Whether a cannibalisation was measured (it counts against {@link MAX_CANNIBALISATION_CHECKS}). */
  measured: boolean;
}

/**
 * Walks a region's ranked candidates best first and answers the first
 * `limit` that the account does not yet serve: a candidate within
 * `spacingMetres` of a site already answered is skipped (one site per
 * neighbourhood); one inside the protected territory of an own unit of the
 * category (`UnitNetwork.encroached`, planned units too) is left out; one
 * with an own unit within two trade-area radii (the only units it can take
 * from) is left out when the Huff cannibalisation (`cannibalisation`,
 * docs/territory.md) takes more than `maxCannibalisationShare` of any own
 * unit's demand. Stops early after {@link MAX_CANNIBALISATION_CHECKS}
 * cannibalisation measures.
 *
 * @param input - the table, limit, network and region
 * @returns the sites, ranked from 1, and the counts left out
 */
export function rankSites(input: RankInput): RankedSites {
  const { table, limit, spacingMetres } = input;
  const sites: OpportunitySite[] = [];
  const excluded = { territory: 0, cannibalisation: 0 };
  let checks = 0;
  for (const candidate of table.ranked) {
    if (sites.length >= limit || checks >= MAX_CANNIBALISATION_CHECKS) break;
    if (sites.some(({ coordinates }) => haversineMetres(coordinates, candidate) < spacingMetres)) continue;
    const judgement = judge(input, candidate, table.category);
    if (judgement.measured) checks += 1;
    if (judgement.out !== null) {
      excluded[judgement.out] += 1;
      continue;
    }
    const verdict = input.verdictAt(candidate);
    sites.push({
      rank: sites.length + 1,
      kind: table.kind,
      label: candidate.label,
      coordinates: { lat: candidate.lat, lng: candidate.lng },
      score: verdict.score,
      passed: verdict.passed,
      story: verdict.story,
      confidence: verdict.confidence,
      breakdown: verdict.breakdown,
      nearestUnit: input.network?.nearest(candidate, table.category) ?? null,
      cannibalisation: judgement.cannibalisation,
    });
  }
  return { sites, excluded };
}

/** Whether the account's units leave `site` out, else its largest cannibalisation share. */
function judge(input: RankInput, site: LatLng, category: Category): Judgement {
  const { network, territory } = input;
  // Without units of the category there is nothing to take from.
  if (network === null || !network.has(category)) return { out: null, cannibalisation: 0, measured: false };
  const measurable = territory !== null && territory.residents.size > 0;
  if (network.encroached(site, category).length > 0) return { out: 'territory', cannibalisation: null, measured: false };
  if (!measurable) return { out: null, cannibalisation: null, measured: false };
  const radiusMetres = CATEGORY_DEFINITIONS[category].radiusMetres;
  if (network.within(site, category, 2 * radiusMetres).length === 0) return { out: null, cannibalisation: 0, measured: false };
  const { units } = cannibalisation({ site, category, radiusMetres, network, competitors: territory.competitors, residents: territory.residents });
  const largest = units.reduce((most, unit) => Math.max(most, unit.shareLost), 0);
  return { out: largest > input.maxCannibalisationShare ? 'cannibalisation' : null, cannibalisation: largest, measured: true };
}
