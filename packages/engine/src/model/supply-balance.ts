import { CATEGORIES, type Category } from '@locscore/schema';
import type { MarketIndex } from '../market/market-index.js';
import type { CompetitorIndex } from '../places/competitor-index.js';
import type { LatLng } from '../region/types.js';
import { competitorPressure } from './competitor-score.js';

/**
 * Steepness k of the balance curve `10 / (1 + u^-k)`: a site with twice the
 * demand per store of the region's typical store scores 8, half of it 2,
 * three times 9. Chosen so that the region's clearly under-served sites
 * can reach "Prime Location" (see `docs/methodology.md`, calibration).
 */
export const BALANCE_STEEPNESS = 2;
/** Competition sub-score where nothing is known of the competition: the region's typical store (u = 1). */
export const NEUTRAL_COMPETITION = 5;
/** Fewest places of a category for its typical store to be measured at the places; with fewer, at the region's address points. */
export const MIN_PLACES_FOR_TYPICAL = 5;
/** Most places (or sites) measured per category for the typical store: every k-th. */
export const TYPICAL_SAMPLES = 400;
/** Smallest typical demand per store, so that a region with no demand anywhere keeps the curve defined. */
const MIN_TYPICAL = 0.01;

/**
 * Demand a new store would capture at a site, in demand units: the demand
 * index (market fit, 0-1) times its Huff share `1 / (1 + P)` among the
 * customers there, where P is the competitive pressure (`competitorPressure`).
 *
 * @param demand - the market fit, 0-1
 * @param pressure - Huff pressure of the competitors, ≥ 0
 * @returns ≥ 0; non-decreasing in demand, non-increasing in pressure
 */
export function demandPerStore(demand: number, pressure: number): number {
  const share = Number.isFinite(pressure) ? 1 / (1 + Math.max(0, pressure)) : 0;
  return Math.max(0, Number.isFinite(demand) ? demand : 0) * share;
}

/**
 * The competition sub-score before data confidence: how the demand a new
 * store would capture here ({@link demandPerStore}) compares with what the
 * region's typical store of the category has, `u = q / q̄`, on the curve
 * `10 / (1 + u^-k)` ({@link BALANCE_STEEPNESS}): 5 like the typical store,
 * toward 10 under-served, toward 0 saturated.
 *
 * @param demand - the market fit, 0-1
 * @param pressure - Huff pressure at the site
 * @param typicalPerStore - q̄, the region's typical store ({@link typicalDemandPerStore})
 * @returns 0-10, not rounded
 */
export function balanceScore(demand: number, pressure: number, typicalPerStore: number): number {
  const ratio = demandPerStore(demand, pressure) / Math.max(MIN_TYPICAL, typicalPerStore);
  if (!(ratio > 0)) return 0;
  return 10 / (1 + ratio ** -BALANCE_STEEPNESS);
}

/**
 * Moves a competition sub-score toward {@link NEUTRAL_COMPETITION} as the
 * trust in the mapped competitors falls: `5 + t × (s − 5)`. Missing
 * competitors on an incomplete map are unknown, not an open market.
 *
 * @param score - the balance score, 0-10
 * @param trust - 0-1 (`DataConfidence.competitionTrust`)
 */
export function trustedCompetition(score: number, trust: number): number {
  const t = Math.min(1, Math.max(0, Number.isFinite(trust) ? trust : 0));
  return NEUTRAL_COMPETITION + t * (score - NEUTRAL_COMPETITION);
}

const median = (values: number[]): number => {
  const sorted = values.sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
};

/**
 * The region's typical demand per store q̄ of each category, measured once
 * per pack: the median {@link demandPerStore} at the category's mapped
 * places (each against the others), or, with fewer than
 * {@link MIN_PLACES_FOR_TYPICAL} places, at the region's address points (a
 * typical site).
 *
 * @param market - the region's market index
 * @param competitors - the region's competitor index
 * @param sites - the region's address points
 * @returns q̄ per category
 */
export function typicalDemandPerStore(market: MarketIndex, competitors: CompetitorIndex, sites: readonly LatLng[]): Record<Category, number> {
  const typical = {} as Record<Category, number>;
  for (const category of CATEGORIES) {
    const places = competitors.places(category);
    const measured: number[] = [];
    if (places.length >= MIN_PLACES_FOR_TYPICAL) {
      const step = Math.max(1, Math.ceil(places.length / TYPICAL_SAMPLES));
      for (let index = 0; index < places.length; index += step) {
        const place = places[index];
        if (place === undefined) continue;
        const search = competitors.search(place, category);
        const others = search.competitors.filter((found) => found.place !== place);
        measured.push(demandPerStore(market.search(place, category).fit, competitorPressure(others, search.radiusMetres, search.ratingPrior)));
      }
    } else {
      const step = Math.max(1, Math.ceil(sites.length / TYPICAL_SAMPLES));
      for (let index = 0; index < sites.length; index += step) {
        const site = sites[index];
        if (site === undefined) continue;
        const search = competitors.search(site, category);
        measured.push(demandPerStore(market.search(site, category).fit, competitorPressure(search.competitors, search.radiusMetres, search.ratingPrior)));
      }
    }
    typical[category] = Math.max(MIN_TYPICAL, median(measured));
  }
  return typical;
}
