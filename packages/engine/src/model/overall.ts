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

/**
 * Overall score: the category's weighted mean of the (already rounded)
 * sub-scores, rounded to one decimal, so a reader can recompute it from the
 * breakdown.
 *
 * @param category - the franchise category
 * @param breakdown - sub-scores, 0-10
 * @returns 0-10, one decimal
 */
export function overallScore(category: Category, breakdown: Breakdown): number {
  const weights = OVERALL_WEIGHTS[category];
  const mean = weights.transit * breakdown.transit + weights.competitor * breakdown.competitor + weights.marketFit * breakdown.marketFit;
  return roundScore(Math.min(10, Math.max(0, mean)));
}
