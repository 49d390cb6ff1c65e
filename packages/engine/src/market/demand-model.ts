import type { Category } from '@locscore/schema';
import fitted from '../../calibration/demand-model.json' with { type: 'json' };
import type { MappingReference } from '../data-confidence/coverage-grid.js';
import { DEMAND_FEATURES, type DemandFeature } from './demand-features.js';

/** The fitted demand model of one category (`pnpm calibrate`, `packages/engine/scripts/calibrate.ts`). */
export interface FittedCategory {
  /** Intercept of the logit, with the features standardised. */
  intercept: number;
  /** Weight of each standardised feature in the logit, ≥ 0 (more demand never lowers demand). */
  weights: Readonly<Record<DemandFeature, number>>;
  /** Median logit at the category's real places (pooled over every region): the global typical store's demand. */
  typicalLogit: number;
  /** Median competitive supply around a real place of the category (the others, Huff-weighted) per unit of relative demand: the global typical store's balance. */
  typicalSupply: number;
  /** Real places it was fitted on, over every region. */
  places: number;
}

/** The fitted demand model of every category, as committed beside the calibration script. */
export interface FittedDemandModel {
  /** The calibration run that wrote it (`YYYY.MM-n` of the model it belongs to). */
  modelVersion: string;
  /** Mapped objects per resident of a well-mapped trade area (data confidence's reference): the 75th percentile over the calibration regions' populated 1.5 km blocks. */
  coverage: MappingReference;
  /** Centre and scale of each feature (pooled over every region's sites): `z = (x − centre) / scale`. */
  features: Readonly<Record<DemandFeature, { centre: number; scale: number }>>;
  categories: Readonly<Record<Category, FittedCategory>>;
}

/** The committed fit (`src/market/demand-model.json`, written by `pnpm calibrate`). */
export const DEMAND_MODEL: FittedDemandModel = fitted as FittedDemandModel;

/** The logit of demand at a site, with each feature's part of it against the pooled average site. */
export interface DemandLogit {
  logit: number;
  /** `weight × z` of each feature: how far it moves the logit above (or below) an average site. */
  contributions: Record<DemandFeature, number>;
}

/**
 * The demand logit of a category at a site: `b + Σ w_f × (x_f − c_f) / s_f`
 * over the standardised features, with the category's fitted weights (all
 * ≥ 0). An unknown feature (residents without a population layer) sits at
 * its pooled centre, so it moves nothing.
 *
 * @param category - the franchise category
 * @param values - the feature values (`featureValues`)
 * @param model - the fitted model
 * @default model {@link DEMAND_MODEL}
 */
export function demandLogit(category: Category, values: Readonly<Record<DemandFeature, number | null>>, model: FittedDemandModel = DEMAND_MODEL): DemandLogit {
  const fit = model.categories[category];
  const contributions = {} as Record<DemandFeature, number>;
  let logit = fit.intercept;
  for (const feature of DEMAND_FEATURES) {
    const { centre, scale } = model.features[feature];
    const value = values[feature];
    const part = value === null ? 0 : (fit.weights[feature] * (value - centre)) / scale;
    contributions[feature] = part;
    logit += part;
  }
  return { logit, contributions };
}

/**
 * The demand sub-score from the logit: `10 × σ(logit)`, σ the logistic
 * function. The fit weighs a region's real places and its address points
 * equally, so 5 reads "as likely a site for the category as not", toward 10
 * the sites where the category's businesses are, toward 0 where they are not.
 *
 * @param logit - {@link demandLogit}
 * @returns 0-10, not rounded; increasing in the logit
 */
export function demandScore(logit: number): number {
  if (Number.isNaN(logit)) return 0;
  return 10 / (1 + Math.exp(-logit));
}
