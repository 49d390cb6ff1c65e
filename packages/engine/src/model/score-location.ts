import {
  type Category,
  type DataConfidence,
  type GeocodePrecision,
  MAX_LISTED_COMPETITORS,
  passes,
  type ResultSources,
  roundScore,
  type ScoreResult,
  type ScoreWeights,
  storyFor,
} from '@locscore/schema';
import { assessConfidence } from '../data-confidence/confidence.js';
import { DEMAND_MODEL } from '../market/demand-model.js';
import { CATEGORY_DEFINITIONS } from '../places/categories.js';
import type { LatLng } from '../region/types.js';
import { competitionScore, UNKNOWN_COMPETITION } from './competition.js';
import { competitorPressure } from './competitor-score.js';
import type { RegionIndexes } from './indexes.js';
import { buildInsights } from './insights.js';
import { OVERALL_WEIGHTS, overallScore } from './overall.js';
import type { SiteMeasures } from './site-measures.js';
import { resultSources } from './sources.js';
import { transitScoreFromSupply, transitSupply } from './transit-score.js';

/** How the scored point was located, for the insights and data confidence. */
export interface GeocodeContext {
  precision: GeocodePrecision;
  matchedAddress: string;
}

/** A model result: the contract's fields and the part of `meta` the model owns. */
export type ModelResult = Omit<ScoreResult, 'meta'> & {
  meta: { confidence: DataConfidence; percentile?: number; weights: ScoreWeights; sources: ResultSources };
};

export type { SiteMeasures } from './site-measures.js';

/** Throws a TypeError naming the coordinate when `point` is not a valid location. */
function checkPoint(point: LatLng): void {
  if (!Number.isFinite(point.lat) || Math.abs(point.lat) > 90) throw new TypeError(`point.lat must be a number in -90..90, got ${String(point.lat)}`);
  if (!Number.isFinite(point.lng) || Math.abs(point.lng) > 180) throw new TypeError(`point.lng must be a number in -180..180, got ${String(point.lng)}`);
}

/**
 * Transit, competition, demand, data confidence, the sub-scores and the
 * overall score at a point (`docs/methodology.md`).
 *
 * @param indexes - the region's indexes
 * @param point - decimal degrees
 * @param category - the franchise category
 * @param facts - how the point was located and which of the pack's feeds have expired
 */
export function measureSite(
  indexes: RegionIndexes,
  point: LatLng,
  category: Category,
  facts: { precision?: GeocodePrecision; expiredFeeds?: readonly string[] } = {},
): SiteMeasures {
  const transit = indexes.transit.access(point);
  const supplyNear = transitSupply(transit);
  const competition = indexes.competitors.search(point, category);
  const market = indexes.market.search(point, category, supplyNear);
  const categoryPlaces = indexes.competitors.total(category);
  const confidence = assessConfidence({
    coverage: indexes.coverage.at(point),
    categoryPlaces,
    categoryNoun: CATEGORY_DEFINITIONS[category].label.toLowerCase(),
    regionName: indexes.regionName,
    populationMethod: indexes.populationMethod,
    packSpanMetres: indexes.packSpanMetres,
    catchmentMetres: market.catchmentMetres,
    ...(facts.precision === undefined ? {} : { precision: facts.precision }),
    ...(facts.expiredFeeds === undefined ? {} : { expiredFeeds: facts.expiredFeeds }),
  });
  const supply = competitorPressure(competition.competitors, competition.radiusMetres, competition.ratingPrior);
  const competitor = confidence.competitionKnown ? competitionScore(supply, market.logit, DEMAND_MODEL.categories[category]) : UNKNOWN_COMPETITION;
  const breakdown = {
    transit: roundScore(transitScoreFromSupply(supplyNear)),
    competitor: roundScore(competitor),
    marketFit: roundScore(10 * market.fit),
  };
  return { transit, transitSupply: supplyNear, competition, market, categoryPlaces, confidence, supply, breakdown, score: overallScore(category, breakdown) };
}

/**
 * The overall score at a point (0-10, one decimal): what the region's score
 * tables (`RegionIndexes.percentiles`) hold for each reference address point.
 *
 * @param indexes - the region's indexes
 * @param point - an address point, decimal degrees
 * @param category - the franchise category
 * @throws TypeError when `point` has non-finite or out-of-range coordinates
 */
export function weightedScore(indexes: RegionIndexes, point: LatLng, category: Category): number {
  checkPoint(point);
  return measureSite(indexes, point, category).score;
}

/**
 * Scores one point for one category against a region's indexes
 * (`docs/methodology.md`): transit, demand (`marketFit`) and competition
 * sub-scores, 0-10 with one decimal, each on one scale for every pack; the
 * overall score, their weighted mean with the weights in `meta.weights`;
 * data confidence; `passed` (score ≥ 7.0 and confidence at least medium);
 * `story` (never Prime or Strong for a result that does not pass);
 * insights; competitors and transit facts; `meta.sources`; and
 * `meta.percentile`, the site's rank within the region, where the region has
 * a score table. Deterministic for one pack, model version and date (the
 * date decides only whether a feed has expired).
 *
 * @param indexes - the region's indexes ({@link buildRegionIndexes})
 * @param point - the located address, decimal degrees
 * @param category - the franchise category
 * @param geocode - how the point was located (an insight, and confidence capped at low when not an address point)
 * @param now - when the result is computed (expired feeds)
 * @default now the current time
 * @returns the result with the model's part of `meta` (the engine adds the rest)
 * @throws TypeError when `point` has non-finite or out-of-range coordinates
 */
export function scoreLocation(indexes: RegionIndexes, point: LatLng, category: Category, geocode?: GeocodeContext, now: Date = new Date()): ModelResult {
  checkPoint(point);
  const sources = resultSources(indexes.provenance, now);
  const expiredFeeds = sources.gtfs.filter((feed) => feed.expired).map((feed) => feed.name);
  const site = measureSite(indexes, point, category, { ...(geocode === undefined ? {} : { precision: geocode.precision }), expiredFeeds });
  const { transit, competition, breakdown, score, confidence } = site;
  const passed = passes(score, confidence.level);
  const nearestOutside = competition.count === 0 ? indexes.competitors.nearest(point, category, Number.POSITIVE_INFINITY) : null;
  const percentile = indexes.percentiles.rank(category, score);
  return {
    score,
    passed,
    breakdown,
    story: storyFor(score, passed ? undefined : 'data'),
    insights: buildInsights({
      site,
      category,
      passed,
      nearestOutside,
      regionName: indexes.regionName,
      country: indexes.country,
      cut: indexes.packSpanMetres < 2 * site.market.catchmentMetres,
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
    meta: {
      confidence: { level: confidence.level, reasons: confidence.reasons },
      ...(percentile === null ? {} : { percentile }),
      weights: { ...OVERALL_WEIGHTS[category] },
      sources,
    },
  };
}
