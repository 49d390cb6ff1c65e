import type { Breakdown, Category } from '@locscore/schema';
import { roundScore } from '@locscore/schema';

/** Weights of the three sub-scores in the overall score of a category (sum to 1). */
export interface OverallWeights {
  transit: number;
  competitor: number;
  marketFit: number;
}

/**
 * Per-category weights of the overall score. Walk-in, impulse categories
 * (coffee, bubble tea) lean on transit and foot traffic; destination
 * categories reached by car (automotive, pet services) lean on market fit,
 * which carries the major-road driver; routine services (pharmacy, daycare)
 * weigh competition heavily since customers pick the nearest. Reasons per row
 * in `docs/methodology.md`.
 */
export const OVERALL_WEIGHTS: Readonly<Record<Category, OverallWeights>> = {
  coffee: { transit: 0.35, competitor: 0.3, marketFit: 0.35 },
  'pet-services': { transit: 0.1, competitor: 0.35, marketFit: 0.55 },
  'children-education': { transit: 0.15, competitor: 0.35, marketFit: 0.5 },
  'qsr-pizza': { transit: 0.15, competitor: 0.35, marketFit: 0.5 },
  'beauty-salon': { transit: 0.2, competitor: 0.35, marketFit: 0.45 },
  'gym-fitness': { transit: 0.25, competitor: 0.35, marketFit: 0.4 },
  'pharmacy-health': { transit: 0.2, competitor: 0.4, marketFit: 0.4 },
  'bubble-tea-dessert': { transit: 0.3, competitor: 0.3, marketFit: 0.4 },
  'daycare-childcare': { transit: 0.1, competitor: 0.4, marketFit: 0.5 },
  'automotive-services': { transit: 0.05, competitor: 0.35, marketFit: 0.6 },
  'dry-cleaning': { transit: 0.2, competitor: 0.35, marketFit: 0.45 },
  'printing-shipping': { transit: 0.25, competitor: 0.3, marketFit: 0.45 },
};

/** Lowest transit reference: a region whose best-served sites score under 2 is not stretched further. */
export const MIN_TRANSIT_REFERENCE = 2;
/** Percentile of the region's address points whose transit sub-score is the region's reference ({@link transitInOverall}). */
export const TRANSIT_REFERENCE_PERCENTILE = 0.95;

/**
 * The transit term of the overall score: the transit sub-score relative to
 * the region's best-served sites, `min(10, 10 × T / R)`, where R is the
 * transit sub-score at the region's {@link TRANSIT_REFERENCE_PERCENTILE}
 * address point (at least {@link MIN_TRANSIT_REFERENCE}, at most 10). The
 * sub-score keeps its absolute scale (Manhattan above a bus-only country);
 * the verdict compares a site with the sites a franchisor can choose among
 * in its region, where the best-served are as good as transit gets.
 *
 * @param transit - the transit sub-score, 0-10
 * @param reference - R, the region's reference (default 10: no stretch)
 * @default reference 10
 * @returns 0-10, not rounded; non-decreasing in `transit`
 */
export function transitInOverall(transit: number, reference = 10): number {
  const r = Math.min(10, Math.max(MIN_TRANSIT_REFERENCE, Number.isFinite(reference) ? reference : 10));
  return Math.min(10, (10 * Math.max(0, transit)) / r);
}

/**
 * Overall score: the category's weighted mean of the (already rounded)
 * demand and competition sub-scores and the transit term
 * ({@link transitInOverall}), rounded to one decimal, so that a reader can
 * recompute it from the breakdown and the region's transit reference.
 *
 * @param category - the franchise category
 * @param breakdown - sub-scores, 0-10
 * @param transitReference - the region's transit reference R (`RegionIndexes.transitReference`)
 * @default transitReference 10
 * @returns 0-10, one decimal
 */
export function overallScore(category: Category, breakdown: Breakdown, transitReference = 10): number {
  const weights = OVERALL_WEIGHTS[category];
  const mean =
    weights.transit * transitInOverall(breakdown.transit, transitReference) +
    weights.competitor * breakdown.competitor +
    weights.marketFit * breakdown.marketFit;
  return roundScore(Math.min(10, Math.max(0, mean)));
}
