import type { FittedCategory } from '../market/demand-model.js';

/**
 * Competition sub-score where the competition cannot be known (the category
 * is not mapped in the pack, or the trade area is too sparsely mapped to
 * trust an absence): the middle of the scale, flagged as unknown so that no
 * insight offers it as a lever.
 */
export const UNKNOWN_COMPETITION = 5;

/**
 * The catchment's demand against the global typical store of the category:
 * `D = exp(logit − typicalLogit)`, 1 at the median real place of the category
 * over every calibration region, 2 where the odds of the category's demand
 * are twice that.
 *
 * @param logit - the site's demand logit (`demandLogit`)
 * @param fit - the category's fitted model
 * @returns > 0
 */
export function relativeDemand(logit: number, fit: Pick<FittedCategory, 'typicalLogit'>): number {
  return Math.exp((Number.isFinite(logit) ? logit : 0) - fit.typicalLogit);
}

/**
 * Competition sub-score: the category's supply near the site against the
 * demand of its catchment, measured against the global typical store,
 * `10 / (1 + S / (S̄ × D))`: S the Huff supply of the competitors
 * (`competitorPressure`: each weighted by its rating and its distance), D the
 * catchment's demand against the typical store ({@link relativeDemand}), S̄
 * the typical store's supply per unit of demand (`typicalSupply`, fitted on
 * every calibration region). 10 with no competitor (an empty market, known
 * to be empty), 5 where supply matches demand as at the typical real store,
 * toward 0 where competitors crowd a thin catchment. Demand enters only as
 * the denominator of supply, never as a score of its own (it is the demand
 * sub-score's), so it is not counted twice.
 *
 * @param supply - Huff supply S of the competitors, ≥ 0
 * @param logit - the site's demand logit
 * @param fit - the category's fitted typical store
 * @returns 0-10, not rounded; non-increasing in supply, non-decreasing in demand
 */
export function competitionScore(supply: number, logit: number, fit: Pick<FittedCategory, 'typicalLogit' | 'typicalSupply'>): number {
  if (!Number.isFinite(supply)) return 0;
  const ratio = Math.max(0, supply) / (fit.typicalSupply * relativeDemand(logit, fit));
  return 10 / (1 + ratio);
}
