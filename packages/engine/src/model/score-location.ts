import { type Category, type DataConfidence, type GeocodePrecision, passes, roundScore, type ScoreResult, storyFor } from '@locscore/schema';
import { assessConfidence } from '../data-confidence/confidence.js';
import { CATEGORY_DEFINITIONS } from '../places/categories.js';
import type { LatLng } from '../region/types.js';
import { competitorPressure } from './competitor-score.js';
import { buildInsights } from './insights.js';
import { overallScore } from './overall.js';
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

/** A model result: the contract's fields and the part of `meta` the model owns (`confidence`). */
export type ModelResult = Omit<ScoreResult, 'meta'> & { meta: { confidence: DataConfidence } };

/**
 * Scores one point for one category against a region's indexes
 * (`docs/methodology.md`): transit, demand (`marketFit`) and competition
 * (`competitor`: the demand a new store would capture against the region's
 * typical store, pulled toward 5 as the map's completeness falls)
 * sub-scores, 0-10 with one decimal; the overall weighted mean; data
 * confidence; `passed` (score ≥ 7.0 and confidence at least medium);
 * `story`; insights; competitors and transit facts. Deterministic.
 *
 * @param indexes - the region's indexes ({@link buildRegionIndexes})
 * @param point - the located address, decimal degrees
 * @param category - the franchise category
 * @param geocode - how the point was located (an insight and a confidence cap when not an address point)
 * @returns the result with `meta.confidence` (the engine adds the rest of `meta`)
 * @throws TypeError when `point` has non-finite or out-of-range coordinates
 */
export function scoreLocation(indexes: RegionIndexes, point: LatLng, category: Category, geocode?: GeocodeContext): ModelResult {
  if (!Number.isFinite(point.lat) || Math.abs(point.lat) > 90) throw new TypeError(`point.lat must be a number in -90..90, got ${String(point.lat)}`);
  if (!Number.isFinite(point.lng) || Math.abs(point.lng) > 180) throw new TypeError(`point.lng must be a number in -180..180, got ${String(point.lng)}`);

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
    ...(geocode === undefined ? {} : { precision: geocode.precision }),
  });
  const pressure = competitorPressure(competition.competitors, competition.radiusMetres, competition.ratingPrior);
  const typical = indexes.typicalPerStore[category];
  const breakdown = {
    transit: roundScore(transitScoreFromSupply(transitSupply(transit))),
    competitor: roundScore(trustedCompetition(balanceScore(market.fit, pressure, typical), confidence.competitionTrust)),
    marketFit: roundScore(10 * market.fit),
  };
  const score = overallScore(category, breakdown, indexes.transitReference);
  const passed = passes(score, confidence.level) && categoryPlaces > 0;
  const nearestOutside = competition.count === 0 ? indexes.competitors.nearest(point, category, Number.POSITIVE_INFINITY) : null;

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
    meta: { confidence: { level: confidence.level, reasons: confidence.reasons } },
  };
}
