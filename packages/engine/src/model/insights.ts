import type { Breakdown, Category, GeocodePrecision, Insight } from '@locscore/schema';
import type { DataConfidence } from '../data-confidence/confidence.js';
import type { MarketSearch } from '../market/market-index.js';
import { CATEGORY_DEFINITIONS } from '../places/categories.js';
import type { CompetitorSearch, NearbyCompetitor } from '../places/competitor-index.js';
import { MODE_NOUNS, primaryMode } from '../transit/modes.js';
import { BUS_STOP_CATCHMENT_METRES, type TransitAccess } from '../transit/transit-index.js';
import { type BalanceFacts, competitionInsight } from './competition-insight.js';
import { demandInsight } from './demand-insight.js';
import { metres, outOfTen, WALK_METRES_PER_MINUTE } from './insight-text.js';
import { articleFor, countNoun } from './plural.js';
import type { ScaledScore } from './prime-scale.js';
import { changeSentence, verdictInsight } from './verdict-insight.js';

export { WALK_METRES_PER_MINUTE } from './insight-text.js';

/** Everything the insights are written from. */
export interface InsightInput {
  category: Category;
  breakdown: Breakdown;
  score: number;
  passed: boolean;
  confidence: DataConfidence;
  transit: TransitAccess;
  competition: CompetitorSearch;
  /** The nearest place of the category in the region, when there is none inside the radius. */
  nearestOutside: NearbyCompetitor | null;
  /** Distinct places of the category in the region. */
  categoryPlaces: number;
  regionName: string;
  /** The region's transit reference (`transitInOverall`). */
  transitReference: number;
  /** The weighted score and the region's prime scale it was read on (`onPrimeScale`). */
  scale: ScaledScore;
  market: MarketSearch;
  balance: BalanceFacts;
  /** How the address was located; a non-address-point match gets an insight. */
  geocode?: { precision: GeocodePrecision; matchedAddress: string };
}

function transitInsight({ nearest, busStops }: TransitAccess, transit: number): Insight {
  const buses =
    busStops.length === 0
      ? `no bus stop within ${BUS_STOP_CATCHMENT_METRES} m`
      : `${countNoun(busStops.length, 'bus stop')} within ${BUS_STOP_CATCHMENT_METRES} m (nearest: ${busStops[0]?.item.name ?? 'unnamed'}, ${metres(busStops[0]?.distanceMetres ?? 0)})`;
  if (nearest === null) {
    return {
      headline: `Transit ${outOfTen(transit)}: no rapid transit within 5 km`,
      detail: `No metro, rail, light-rail or tram station within 5 km; ${buses}.`,
    };
  }
  const { station, distanceMetres } = nearest;
  const minutes = Math.max(1, Math.round(distanceMetres / WALK_METRES_PER_MINUTE));
  const catchment = distanceMetres <= 800 ? 'inside' : 'outside';
  return {
    headline: `Transit ${outOfTen(transit)}: ${station.name} ${MODE_NOUNS[primaryMode(station)]} station ${metres(distanceMetres)} away`,
    detail: `About ${articleFor(minutes)} ${minutes}-minute walk, ${catchment} the 800 m station catchment; ${buses}.`,
  };
}

function confidenceInsight(confidence: DataConfidence): Insight {
  const consequence = confidence.level === 'low' ? ' A site with low data confidence cannot pass; check the competition and the trade area on the ground.' : '';
  return { headline: `Data confidence is ${confidence.level}`, detail: `${confidence.reasons.join(' ')}${consequence}` };
}

const LOCATED: Readonly<Record<GeocodePrecision, [string, string]>> = {
  address_point: ['Located at the mapped address', 'at its mapped address point'],
  interpolated: ['Located by interpolation', 'by interpolating between mapped house numbers on the street'],
  street: ['Located at street level', 'at its street, since no house number there is mapped'],
  approximate: ['Located approximately', 'approximately, by a third-party geocoder'],
};

/**
 * The insights of a result, 2 to 6, each a fact that moves the verdict:
 * the verdict, its deciding sub-score and what would change it; data confidence first after it
 * when it is not high; the competition (count, nearest, chains, demand per
 * store against the region's typical store); the demand drivers that carry
 * the demand sub-score; transit; and how the address was located when it
 * was interpolated (street-level and approximate matches are confidence
 * reasons). The verdict insight says what would change the verdict.
 *
 * @param input - what the scoring found
 * @returns 2-6 insights
 */
export function buildInsights(input: InsightInput): Insight[] {
  const noun = CATEGORY_DEFINITIONS[input.category].label.toLowerCase();
  const confidence = confidenceInsight(input.confidence);
  const change = changeSentence({
    category: input.category,
    breakdown: input.breakdown,
    score: input.score,
    passed: input.passed,
    demand: input.market.fit,
    balance: input.balance,
    radiusMetres: input.competition.radiusMetres,
    noun,
    transitReference: input.transitReference,
    scale: input.scale,
  });
  const geocode = input.geocode;
  // Street-level and approximate matches are said in the confidence reasons.
  const located =
    geocode === undefined || geocode.precision !== 'interpolated'
      ? null
      : {
          headline: LOCATED[geocode.precision][0],
          detail: `${geocode.matchedAddress} was placed ${LOCATED[geocode.precision][1]}; distances are accurate to that.`,
        };
  const uncertain = input.confidence.level !== 'high';
  const insights: Array<Insight | null> = [
    verdictInsight({ ...input, change }),
    uncertain ? confidence : null,
    located,
    competitionInsight(input.competition, input.nearestOutside, input.balance, { noun, regionName: input.regionName, categoryPlaces: input.categoryPlaces }),
    demandInsight(input.market, input.breakdown.marketFit, input.regionName),
    transitInsight(input.transit, input.breakdown.transit),
    uncertain ? null : confidence,
  ];
  return insights.filter((insight): insight is Insight => insight !== null).slice(0, 6);
}
