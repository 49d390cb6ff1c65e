/**
 * Regularised logistic regression with non-negative weights, fitted by
 * projected Adam on the weighted cross-entropy (full batch, zero start:
 * deterministic), and the demand model of every category fitted from
 * calibration samples with strength borrowed from the pooled model.
 */

import { CATEGORIES, type Category } from '@locscore/schema';
import { DEMAND_FEATURES, type DemandFeature } from '../src/market/demand-features.js';
import type { FittedCategory, FittedDemandModel } from '../src/market/demand-model.js';
import { MODEL_VERSION } from '../src/model/version.js';
import type { Sample } from './samples.js';

/** Adam steps per fit. */
const STEPS = 250;
/** Adam learning rate. */
const LEARNING_RATE = 0.1;
/** Ridge strength of the pooled model (toward 0), in pseudo-places. */
export const POOLED_STRENGTH = 1;
/**
 * Ridge strength of a category's model toward the pooled model, in
 * pseudo-places: a category with few places keeps close to the pooled
 * weights (it borrows strength from every other category), one with
 * hundreds follows its own places.
 */
export const CATEGORY_STRENGTH = 8;
/**
 * Features a category's demand does not read, whatever the data: automotive
 * services are reached by car, so foot traffic (mapped places near the door,
 * a row of shops or a commercial street around the site, shops, restaurants,
 * visitor attractors) is not their demand; their model
 * reads residents, roads, car-oriented land use and the rest. Without this a
 * pedestrian high street, busy with every other business, would read as a
 * garage site.
 */
export const EXCLUDED_FEATURES: Readonly<Partial<Record<Category, readonly DemandFeature[]>>> = {
  'automotive-services': ['places', 'frontage', 'cluster', 'district', 'retail', 'dining', 'attractors'],
};

/** Smallest typical supply, so that the competition curve stays defined where real places rarely have a competitor. */
const MIN_TYPICAL_SUPPLY = 0.05;

/** A fitted linear logit on standardised features. */
export interface LinearFit {
  intercept: number;
  weights: number[];
}

interface Row {
  z: number[];
  label: number;
  weight: number;
}

/** Adam's decay rates and stabiliser (Kingma & Ba 2015, their defaults). */
const ADAM = { beta1: 0.9, beta2: 0.999, epsilon: 1e-7 } as const;

/**
 * Fits `P(label) = σ(b + w·z)` minimising `Σ wᵢ CE(i) / Σ wᵢ + (strength / positives) × ‖w − prior‖²`
 * with `w ≥ 0` (projected after each Adam step) and `w = 0` where `mask` is 0, the intercept free.
 *
 * Full-batch Adam from a zero start ({@link STEPS} steps at {@link LEARNING_RATE}):
 * deterministic. The gradient of the weighted cross-entropy is closed-form
 * (`Σ wᵢ (σ(logitᵢ) − yᵢ) zᵢ / Σ wᵢ`), so the fit runs over flat
 * `Float64Array`s rather than a tensor library: the held-out benchmark refits
 * the model ten times, and a general-purpose graph on the CPU spent minutes
 * per fit on a problem of under twenty parameters.
 *
 * @param rows - standardised features, labels and sample weights
 * @param prior - the weights the penalty pulls toward
 * @param strength - the ridge strength, in pseudo-places
 * @param mask - 1 for a feature the model may weigh, 0 for one it must not
 * @default mask every feature weighed
 */
export function fitLogistic(rows: readonly Row[], prior: readonly number[], strength: number, mask: readonly number[] = prior.map(() => 1)): LinearFit {
  const features = prior.length;
  const positives = Math.max(1, rows.filter((row) => row.label === 1).length);
  const total = rows.reduce((sum, row) => sum + row.weight, 0) || 1;
  const x = Float64Array.from(rows.flatMap((row) => row.z));
  const penalty = strength / positives;
  const target = prior.map((value, index) => value * (mask[index] ?? 1));
  const w = new Float64Array(features);
  const m = new Float64Array(features + 1);
  const v = new Float64Array(features + 1);
  const gradient = new Float64Array(features + 1);
  let b = 0;
  for (let step = 1; step <= STEPS; step++) {
    gradient.fill(0);
    rows.forEach((row, r) => {
      let logit = b;
      for (let f = 0; f < features; f++) logit += (x[r * features + f] ?? 0) * (w[f] ?? 0);
      const residual = (row.weight * (1 / (1 + Math.exp(-logit)) - row.label)) / total;
      for (let f = 0; f < features; f++) gradient[f] = (gradient[f] ?? 0) + residual * (x[r * features + f] ?? 0);
      gradient[features] = (gradient[features] ?? 0) + residual;
    });
    for (let f = 0; f < features; f++) gradient[f] = (gradient[f] ?? 0) + 2 * penalty * ((w[f] ?? 0) - (target[f] ?? 0));
    const correction = Math.sqrt(1 - ADAM.beta2 ** step) / (1 - ADAM.beta1 ** step);
    for (let p = 0; p <= features; p++) {
      m[p] = ADAM.beta1 * (m[p] ?? 0) + (1 - ADAM.beta1) * (gradient[p] ?? 0);
      v[p] = ADAM.beta2 * (v[p] ?? 0) + (1 - ADAM.beta2) * (gradient[p] ?? 0) ** 2;
      const move = (LEARNING_RATE * correction * (m[p] ?? 0)) / (Math.sqrt(v[p] ?? 0) + ADAM.epsilon);
      if (p === features) b -= move;
      else w[p] = Math.max(0, (w[p] ?? 0) - move) * (mask[p] ?? 1);
    }
  }
  return { intercept: b, weights: Array.from(w) };
}

/** Centre (mean) and scale (standard deviation) of each feature over the control samples, NaN left out. */
export function standardisation(samples: readonly Sample[]): FittedDemandModel['features'] {
  const controls = samples.filter((sample) => sample.label === 0);
  const features = {} as Record<DemandFeature, { centre: number; scale: number }>;
  DEMAND_FEATURES.forEach((feature, index) => {
    const values = controls.map((sample) => sample.x[index] ?? Number.NaN).filter((value) => Number.isFinite(value));
    const centre = values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
    const variance = values.reduce((sum, value) => sum + (value - centre) ** 2, 0) / Math.max(1, values.length);
    features[feature] = { centre: round(centre), scale: round(Math.sqrt(variance) || 1) };
  });
  return features;
}

/**
 * The rows of some samples: standardised features (unknown at the centre),
 * each (region, category) stratum's controls weighing as much as its places.
 */
function rowsOf(samples: readonly Sample[], features: FittedDemandModel['features']): Row[] {
  const counts = new Map<string, { positives: number; controls: number }>();
  for (const sample of samples) {
    const key = `${sample.region}/${sample.category}`;
    const count = counts.get(key) ?? { positives: 0, controls: 0 };
    if (sample.label === 1) count.positives++;
    else count.controls++;
    counts.set(key, count);
  }
  return samples.flatMap((sample) => {
    const count = counts.get(`${sample.region}/${sample.category}`) ?? { positives: 0, controls: 1 };
    if (count.positives === 0) return [];
    const weight = sample.label === 1 ? 1 : count.positives / count.controls;
    return [{ z: standardised(sample.x, features), label: sample.label, weight }];
  });
}

/** Standardised features, an unknown value at 0 (its centre). */
export function standardised(x: readonly number[], features: FittedDemandModel['features']): number[] {
  return DEMAND_FEATURES.map((feature, index) => {
    const value = x[index] ?? Number.NaN;
    const { centre, scale } = features[feature];
    return Number.isFinite(value) ? (value - centre) / scale : 0;
  });
}

/** The logit of a linear fit at standardised features. */
export const logitOf = (fit: LinearFit, z: readonly number[]): number =>
  z.reduce((sum, value, index) => sum + value * (fit.weights[index] ?? 0), fit.intercept);

const round = (value: number): number => Math.round(value * 10_000) / 10_000;
const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : ((sorted[(sorted.length - 1) >> 1] ?? 0) + (sorted[sorted.length >> 1] ?? 0)) / 2;
};

/**
 * Fits the demand model of every category from samples of several regions:
 * features standardised over the controls; a pooled model over every
 * category's places (ridge {@link POOLED_STRENGTH} toward 0); each category's
 * model pulled toward the pooled one (ridge {@link CATEGORY_STRENGTH}), so a
 * category with few places borrows strength from the others (one with none
 * takes the pooled model), its {@link EXCLUDED_FEATURES} held at 0; then each category's typical store: the median
 * logit at its places and the mean supply per unit of relative demand there.
 *
 * @param samples - calibration samples of every training region
 * @param coverage - the well-mapped reference of data confidence (measured, not fitted: `mappingReference`)
 * @returns the model, ready to be written as `demand-model.json`
 */
export function fitDemandModel(samples: readonly Sample[], coverage: FittedDemandModel['coverage']): FittedDemandModel {
  const features = standardisation(samples);
  const zeros = DEMAND_FEATURES.map(() => 0);
  const pooled = fitLogistic(rowsOf(samples, features), zeros, POOLED_STRENGTH);
  const categories = {} as Record<Category, FittedCategory>;
  for (const category of CATEGORIES) {
    const mine = samples.filter((sample) => sample.category === category);
    const places = mine.filter((sample) => sample.label === 1);
    const mask = DEMAND_FEATURES.map((feature) => (EXCLUDED_FEATURES[category]?.includes(feature) ? 0 : 1));
    const fit = places.length === 0 ? pooled : fitLogistic(rowsOf(mine, features), pooled.weights, CATEGORY_STRENGTH, mask);
    const logits = places.map((sample) => logitOf(fit, standardised(sample.x, features)));
    const typicalLogit = places.length === 0 ? 0 : median(logits);
    const perDemand = places.map((sample, index) => sample.supply / Math.exp((logits[index] ?? 0) - typicalLogit));
    const typicalSupply = Math.max(MIN_TYPICAL_SUPPLY, perDemand.reduce((sum, value) => sum + value, 0) / Math.max(1, perDemand.length));
    categories[category] = {
      intercept: round(fit.intercept),
      weights: Object.fromEntries(DEMAND_FEATURES.map((feature, index) => [feature, round(fit.weights[index] ?? 0)])) as Record<DemandFeature, number>,
      typicalLogit: round(typicalLogit),
      typicalSupply: round(places.length === 0 ? 1 : typicalSupply),
      places: places.length,
    };
  }
  return { modelVersion: MODEL_VERSION, coverage, features, categories };
}
