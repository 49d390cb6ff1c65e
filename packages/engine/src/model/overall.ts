import type { Breakdown, Category, ScoreWeights } from '@locscore/schema';
import { roundScore } from '@locscore/schema';

/**
 * Per-category weights of the overall score (`meta.weights`; each row sums
 * to 1). Demand, fitted on where the category's businesses really are,
 * carries most of every verdict; competition weighs more where customers
 * pick the nearest store (pharmacy, daycare, dry cleaning); transit more for
 * walk-in, impulse categories (coffee, bubble tea) and commuter gyms, least
 * for trips made by car (automotive services, pet services). Reasons per row
 * in `docs/methodology.md`.
 */
export const OVERALL_WEIGHTS: Readonly<Record<Category, ScoreWeights>> = {
  coffee: { transit: 0.15, competitor: 0.15, marketFit: 0.7 },
  'pet-services': { transit: 0.05, competitor: 0.15, marketFit: 0.8 },
  'children-education': { transit: 0.05, competitor: 0.15, marketFit: 0.8 },
  'qsr-pizza': { transit: 0.05, competitor: 0.15, marketFit: 0.8 },
  'beauty-salon': { transit: 0.05, competitor: 0.15, marketFit: 0.8 },
  'gym-fitness': { transit: 0.1, competitor: 0.15, marketFit: 0.75 },
  'pharmacy-health': { transit: 0.05, competitor: 0.2, marketFit: 0.75 },
  'bubble-tea-dessert': { transit: 0.15, competitor: 0.15, marketFit: 0.7 },
  'daycare-childcare': { transit: 0.05, competitor: 0.2, marketFit: 0.75 },
  'automotive-services': { transit: 0.05, competitor: 0.15, marketFit: 0.8 },
  'dry-cleaning': { transit: 0.05, competitor: 0.2, marketFit: 0.75 },
  'printing-shipping': { transit: 0.1, competitor: 0.15, marketFit: 0.75 },
};

/**
 * Overall score: the category's weighted mean of the (already rounded)
 * sub-scores, rounded to one decimal, so that anyone can recompute it from
 * `breakdown` and `meta.weights`.
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
