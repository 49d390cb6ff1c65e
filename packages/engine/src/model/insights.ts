import { type Category, type GeocodePrecision, type Insight, MAX_INSIGHTS } from '@locscore/schema';
import type { DataConfidence } from '../data-confidence/confidence.js';
import { CATEGORY_DEFINITIONS } from '../places/categories.js';
import type { NearbyCompetitor } from '../places/competitor-index.js';
import { modeNoun, primaryMode } from '../transit/modes.js';
import { BUS_STOP_CATCHMENT_METRES, type TransitAccess } from '../transit/transit-index.js';
import { competitionInsight } from './competition-insight.js';
import { demandInsight } from './demand-insight.js';
import { metres, outOfTen, WALK_METRES_PER_MINUTE } from './insight-text.js';
import { articleFor, countNoun } from './plural.js';
import type { SiteMeasures } from './site-measures.js';
import { verdictInsight } from './verdict-insight.js';

export { WALK_METRES_PER_MINUTE } from './insight-text.js';

/** Everything the insights are written from. */
export interface InsightInput {
  /** What the model measured at the site. */
  site: SiteMeasures;
  category: Category;
  passed: boolean;
  /** The nearest place of the category in the pack, when there is none inside the radius. */
  nearestOutside: NearbyCompetitor | null;
  regionName: string;
  /** ISO 3166-1 alpha-2 code of the region's country (the words for transit modes), or null. */
  country: string | null;
  /** Whether the pack is narrower than the category's trade area (its counts are then a floor). */
  cut: boolean;
  /** How the address was located. */
  geocode?: { precision: GeocodePrecision; matchedAddress: string };
}

/** Rail stations within this distance are inside their walking catchment (transit planning's 800 m). */
const STATION_CATCHMENT_METRES = 800;

function transitInsight({ nearest, busStops }: TransitAccess, transit: number, country: string | null): Insight {
  const buses =
    busStops.length === 0
      ? `no bus stop within ${BUS_STOP_CATCHMENT_METRES} m`
      : `${countNoun(busStops.length, 'bus stop')} within ${BUS_STOP_CATCHMENT_METRES} m (nearest: ${busStops[0]?.item.name ?? 'unnamed'}, ${metres(busStops[0]?.distanceMetres ?? 0)})`;
  if (nearest === null) {
    return {
      headline: `Transit ${outOfTen(transit)}: no rail or tram station within 5 km`,
      detail: `No station of rail, metro or tram within 5 km; ${buses}.`,
    };
  }
  const { station, distanceMetres } = nearest;
  const minutes = Math.max(1, Math.round(distanceMetres / WALK_METRES_PER_MINUTE));
  const catchment = distanceMetres <= STATION_CATCHMENT_METRES ? 'inside' : 'outside';
  return {
    headline: `Transit ${outOfTen(transit)}: ${station.name} ${modeNoun(primaryMode(station), country)} station ${metres(distanceMetres)} away`,
    detail: `About ${articleFor(minutes)} ${minutes}-minute walk, ${catchment} the ${STATION_CATCHMENT_METRES} m station catchment; ${buses}.`,
  };
}

function confidenceInsight(confidence: DataConfidence): Insight {
  const consequence = confidence.level === 'low' ? ' A site with low data confidence cannot pass; check the competition and the trade area on the ground.' : '';
  return { headline: `Data confidence is ${confidence.level}`, detail: `${confidence.reasons.join(' ')}${consequence}` };
}

/**
 * The insights of a result, 2 to 6, each a fact a franchisor can act on:
 * the verdict, its deciding sub-score and what would change it; data
 * confidence next when it is not high (its reasons include how the address
 * was located); the competition (count, nearest, chains, supply against
 * the catchment's demand); the drivers that carry demand, with the
 * catchment's figures; transit with the local word for its mode.
 *
 * @param input - what the scoring found
 * @returns 2-6 insights
 */
export function buildInsights(input: InsightInput): Insight[] {
  const { site, category, passed } = input;
  const noun = CATEGORY_DEFINITIONS[category].label.toLowerCase();
  const confidence = confidenceInsight(site.confidence);
  const uncertain = site.confidence.level !== 'high';
  const insights: Array<Insight | null> = [
    verdictInsight({
      category,
      breakdown: site.breakdown,
      score: site.score,
      passed,
      confidence: site.confidence,
      logit: site.market.logit,
      supply: site.supply,
      radiusMetres: site.competition.radiusMetres,
      noun,
    }),
    uncertain ? confidence : null,
    competitionInsight(
      site.competition,
      input.nearestOutside,
      { supply: site.supply, logit: site.market.logit, known: site.confidence.competitionKnown, score: site.breakdown.competitor },
      { category, noun, regionName: input.regionName, categoryPlaces: site.categoryPlaces },
    ),
    demandInsight(site.market, site.breakdown.marketFit, input.cut),
    transitInsight(site.transit, site.breakdown.transit, input.country),
    uncertain ? null : confidence,
  ];
  return insights.filter((insight): insight is Insight => insight !== null).slice(0, MAX_INSIGHTS);
}
