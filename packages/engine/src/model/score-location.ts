import { type Breakdown, type Category, type DataConfidence, type GeocodePrecision, passes, roundScore, type ScoreResult, storyFor } from '@locscore/schema';
import { assessConfidence, type DataConfidence as SiteConfidence } from '../data-confidence/confidence.js';
import type { MarketSearch } from '../market/market-index.js';
import { CATEGORY_DEFINITIONS } from '../places/categories.js';
import type { CompetitorSearch } from '../places/competitor-index.js';
import type { LatLng } from '../region/types.js';
import type { TransitAccess } from '../transit/transit-index.js';
import { competitorPressure } from './competitor-score.js';
import { buildInsights } from './insights.js';
import { overallScore } from './overall.js';
import { IDENTITY_SCALE, onPrimeScale, type PrimeScale, primeScale } from './prime-scale.js';
import type { RegionIndexes } from './region-indexes.js';
import { balanceScore, demandPerStore, trustedCompetition } from './supply-balance.js';
import { transitScoreFromSupply, transitSupply } from './transit-score.js';

/** Most competitors listed in a result (DESIGN.md); `competitorCount` counts them all. */
export const MAX_LISTED_COMPETITORS = 10;

/** How the scored point was located, for the insights and data confidence. */
export interface GeocodeContext {
  precision: GeocodePrecision;
  matchedAddress: string;
}

/** A model result: the contract's fields and the part of `meta` the model owns (`confidence`, `percentile`). */
export type ModelResult = Omit<ScoreResult, 'meta'> & { meta: { confidence: DataConfidence; percentile?: number } };

/** What the model measures at a site before it writes the result. */
interface SiteMeasures {
  transit: TransitAccess;
  competition: CompetitorSearch;
  market: MarketSearch;
  categoryPlaces: number;
  confidence: SiteConfidence;
  pressure: number;
  typical: number;
  breakdown: Breakdown;
  /** The weighted mean of the rounded sub-scores (`overallScore`), before the region's scale. */
  weighted: number;
}

/** Throws a TypeError naming the coordinate when `point` is not a valid location. */
function checkPoint(point: LatLng): void {
  if (!Number.isFinite(point.lat) || Math.abs(point.lat) > 90) throw new TypeError(`point.lat must be a number in -90..90, got ${String(point.lat)}`);
  if (!Number.isFinite(point.lng) || Math.abs(point.lng) > 180) throw new TypeError(`point.lng must be a number in -180..180, got ${String(point.lng)}`);
}

/** Transit, competition, demand, data confidence and the sub-scores at a point, with their weighted mean. */
function measureSite(indexes: RegionIndexes, point: LatLng, category: Category, precision?: GeocodePrecision): SiteMeasures {
  const transit = indexes.transit.access(point);
  const competition = indexes.competitors.search(point, category);
  const market = indexes.market.search(point, category);
  const categoryPlaces = indexes.competitors.total(category);
  const confidence = assessConfidence({
    coverage: indexes.coverage.at(point),
    categoryPlaces,
    categoryNoun: CATEGORY_DEFINITIONS[category].label.toLowerCase(),
    regionName: indexes.regionName,
    populationMethod: indexes.populationMethod,
    packSpanMetres: indexes.packSpanMetres,
    catchmentMetres: market.catchmentMetres,
    ...(precision === undefined ? {} : { precision }),
  });
  const pressure = competitorPressure(competition.competitors, competition.radiusMetres, competition.ratingPrior);
  const typical = indexes.typicalPerStore[category];
  const breakdown = {
    transit: roundScore(transitScoreFromSupply(transitSupply(transit))),
    competitor: roundScore(trustedCompetition(balanceScore(market.fit, pressure, typical), confidence.competitionTrust)),
    marketFit: roundScore(10 * market.fit),
  };
  const weighted = overallScore(category, breakdown, indexes.transitReference);
  return { transit, competition, market, categoryPlaces, confidence, pressure, typical, breakdown, weighted };
}

/**
 * The weighted mean of the sub-scores at a point (`overallScore`, 0-10, one
 * decimal), before the region's prime scale: what the region's score
 * tables (`RegionIndexes.percentiles`) hold for each reference address point.
 *
 * @param indexes - the region's indexes
 * @param point - an address point, decimal degrees
 * @param category - the franchise category
 * @throws TypeError when `point` has non-finite or out-of-range coordinates
 */
export function weightedScore(indexes: RegionIndexes, point: LatLng, category: Category): number {
  checkPoint(point);
  return measureSite(indexes, point, category).weighted;
}

/**
 * The region's prime scale of a category (`primeScale` over its score
 * table); the identity for a category with no mapped place in the region
 * (its competition is unknown: no site of it is called prime) or a region
 * too small for a table.
 *
 * @param indexes - the region's indexes
 * @param category - the franchise category
 */
export function regionPrimeScale(indexes: RegionIndexes, category: Category): PrimeScale {
  if (indexes.competitors.total(category) === 0) return IDENTITY_SCALE;
  const table = indexes.percentiles.table(category);
  return table === null ? IDENTITY_SCALE : primeScale(table.scores);
}

/**
 * Scores one point for one category against a region's indexes
 * (`docs/methodology.md`): transit, demand (`marketFit`) and competition
 * (`competitor`: the demand a new store would capture against the region's
 * typical store, pulled toward 5 as the map's completeness falls)
 * sub-scores, 0-10 with one decimal; the overall score, their weighted mean
 * read on the region's prime scale (`onPrimeScale`: the region's best 1 %
 * of sites for the category read "Prime Location"); data confidence;
 * `passed` (score ≥ 7.0 and confidence at least medium); `story`;
 * insights; competitors and transit facts; `meta.percentile` where the
 * region has a score table. Deterministic. The first score of a category in
 * a region builds its score table (`RegionPercentiles`).
 *
 * @param indexes - the region's indexes ({@link buildRegionIndexes})
 * @param point - the located address, decimal degrees
 * @param category - the franchise category
 * @param geocode - how the point was located (an insight and a confidence cap when not an address point)
 * @returns the result with `meta.confidence` and `meta.percentile` (the engine adds the rest of `meta`)
 * @throws TypeError when `point` has non-finite or out-of-range coordinates
 */
export function scoreLocation(indexes: RegionIndexes, point: LatLng, category: Category, geocode?: GeocodeContext): ModelResult {
  checkPoint(point);
  const { transit, competition, market, categoryPlaces, confidence, pressure, typical, breakdown, weighted } = measureSite(
    indexes,
    point,
    category,
    geocode?.precision,
  );
  const scale = regionPrimeScale(indexes, category);
  const score = onPrimeScale(weighted, scale);
  const passed = passes(score, confidence.level) && categoryPlaces > 0;
  const nearestOutside = competition.count === 0 ? indexes.competitors.nearest(point, category, Number.POSITIVE_INFINITY) : null;
  const percentile = indexes.percentiles.rank(category, weighted);

  return {
    score,
    passed,
    breakdown,
    story: storyFor(score),
    insights: buildInsights({
      category,
      breakdown,
      score,
      passed,
      confidence,
      transit,
      competition,
      nearestOutside,
      categoryPlaces,
      regionName: indexes.regionName,
      transitReference: indexes.transitReference,
      scale: { ...scale, weighted },
      market,
      balance: { pressure, demandPerStore: demandPerStore(market.fit, pressure), typical, trust: confidence.competitionTrust },
      ...(geocode === undefined ? {} : { geocode }),
    }),
    competitors: competition.competitors.slice(0, MAX_LISTED_COMPETITORS).map((competitor) => ({
      name: competitor.name,
      rating: competitor.rating,
      distanceMetres: Math.round(competitor.distanceMetres),
      brand: competitor.brand,
      chain: competitor.chain,
    })),
    coordinates: { lat: point.lat, lng: point.lng },
    nearestStation: transit.nearest?.station.name ?? null,
    transitDistanceMetres: transit.nearest?.distanceMetres ?? null,
    avgCompetitorRating: competition.averageRating === null ? null : Math.round(competition.averageRating * 100) / 100,
    competitorCount: competition.count,
    meta: { confidence: { level: confidence.level, reasons: confidence.reasons }, ...(percentile === null ? {} : { percentile }) },
  };
}
