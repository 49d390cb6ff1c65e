/**
 * Held-out scores of calibration samples: each sample scored by a model
 * fitted without it (leave-one-region-out, or spatial-block cross-validation),
 * with the engine's own sub-score and overall functions.
 */
import { type Category, roundScore } from '@locscore/schema';
import { DEMAND_MODEL, demandScore, type FittedDemandModel } from '../src/market/demand-model.js';
import { competitionScore } from '../src/model/competition.js';
import { overallScore } from '../src/model/overall.js';
import { fitDemandModel, logitOf, standardised } from './fit.js';
import type { Sample } from './samples.js';

/** Folds of spatial-block cross-validation. */
export const BLOCK_FOLDS = 5;

/** A sample's scores under a model that did not see it. */
export interface HeldOutScore {
  demand: number;
  competitor: number;
  overall: number;
}

/**
 * The sub-scores and overall score of a sample under a fitted model, as the
 * engine computes them at a site with a mapped, trusted market: demand
 * `demandScore`, competition `competitionScore`, transit as measured.
 *
 * @param sample - a calibration sample
 * @param model - the fitted demand model
 */
export function scoreSample(sample: Sample, model: FittedDemandModel): HeldOutScore {
  const fit = model.categories[sample.category];
  const logit = logitOf({ intercept: fit.intercept, weights: Object.values(fit.weights) }, standardised(sample.x, model.features));
  const breakdown = {
    transit: roundScore(sample.transit),
    competitor: roundScore(competitionScore(sample.supply, logit, fit)),
    marketFit: roundScore(demandScore(logit)),
  };
  return { demand: breakdown.marketFit, competitor: breakdown.competitor, overall: overallScore(sample.category as Category, breakdown) };
}

/** A stable fold (0..BLOCK_FOLDS-1) of a spatial block: FNV-1a of its key. */
export function foldOfBlock(block: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < block.length; index++) {
    hash ^= block.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % BLOCK_FOLDS;
}

/**
 * Scores every sample with a model fitted on the samples of the other groups.
 *
 * @param samples - every calibration sample
 * @param groupOf - the held-out group of a sample (its region, or its block's fold)
 * @param onFold - told of each fold as it is fitted
 */
export function heldOut(samples: readonly Sample[], groupOf: (sample: Sample) => string, onFold?: (group: string) => void): Map<Sample, HeldOutScore> {
  const groups = [...new Set(samples.map(groupOf))].sort();
  const scores = new Map<Sample, HeldOutScore>();
  for (const group of groups) {
    onFold?.(group);
    const model = fitDemandModel(
      samples.filter((sample) => groupOf(sample) !== group),
      DEMAND_MODEL.coverage,
    );
    for (const sample of samples) if (groupOf(sample) === group) scores.set(sample, scoreSample(sample, model));
  }
  return scores;
}
