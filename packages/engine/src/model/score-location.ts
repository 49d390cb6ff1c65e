import { PASS_THRESHOLD, roundScore, storyFor, type Category, type GeocodePrecision, type ScoreResult } from '@locscore/schema';
import { competitorPressure, competitorScoreFromPressure } from './competitor-score.js';
import { buildInsights } from './insights.js';
import { overallScore } from './overall.js';
import type { RegionIndexes } from './region-indexes.js';
import { transitScoreFromSupply, transitSupply } from './transit-score.js';
import type { LatLng } from '../region/types.js';

/** Most competitors listed in a result (DESIGN.md); `competitorCount` counts them all. */
export const MAX_LISTED_COMPETITORS = 10;
/** How far (metres) the model looks for the nearest competitor when none is within the radius (for the insight). */
export const NEAREST_COMPETITOR_SEARCH_METRES = 10_000;

/** How the scored point was located, for the insights. */
export interface GeocodeContext {
  precision: GeocodePrecision;
  matchedAddress: string;
}

/**
 * Scores one point for one category against a region's indexes: transit,
 * competitor and market-fit sub-scores (0-10, one decimal), the overall
 * weighted mean, `passed` (score ≥ `PASS_THRESHOLD`), `story`, insights,
 * competitors and transit facts. Deterministic; no `meta` (the engine adds it).
 *
 * @param indexes - the region's indexes ({@link buildRegionIndexes})
 * @param point - the located address, decimal degrees
 * @param category - the franchise category
 * @param geocode - how the point was located (adds an insight when not an address point)
 * @returns a score result without `meta`
 * @throws TypeError when `point` has non-finite or out-of-range coordinates
 */
export function scoreLocation(indexes: RegionIndexes, point: LatLng, category: Category, geocode?: GeocodeContext): Omit<ScoreResult, 'meta'> {
  if (!Number.isFinite(point.lat) || Math.abs(point.lat) > 90) throw new TypeError(`point.lat must be a number in -90..90, got ${String(point.lat)}`);
  if (!Number.isFinite(point.lng) || Math.abs(point.lng) > 180) throw new TypeError(`point.lng must be a number in -180..180, got ${String(point.lng)}`);

  const transit = indexes.transit.access(point);
  const competition = indexes.competitors.search(point, category);
  const market = indexes.market.search(point, category);

  const breakdown = {
    transit: roundScore(transitScoreFromSupply(transitSupply(transit))),
    competitor: roundScore(competitorScoreFromPressure(competitorPressure(competition.competitors, competition.radiusMetres, competition.ratingPrior))),
    marketFit: roundScore(10 * market.fit),
  };
  const score = overallScore(category, breakdown);
  const nearestOutside = competition.count === 0 ? indexes.competitors.nearest(point, category, NEAREST_COMPETITOR_SEARCH_METRES) : null;

  return {
    score,
    passed: score >= PASS_THRESHOLD,
    breakdown,
    story: storyFor(score),
    insights: buildInsights({ transit, competition, nearestOutside, market, ...(geocode === undefined ? {} : { geocode }) }),
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
  };
}
