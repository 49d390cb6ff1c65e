/**
 * Area under the ROC curve of a score that should rank one group (sites
 * where businesses are) above another (random address points), from the
 * Mann–Whitney U statistic, with its standard error.
 */
import { wilcoxonRankSum } from 'simple-statistics';

/** An AUC with its uncertainty. */
export interface AucEstimate {
  /** P(score of a positive > score of a control) + ½ P(tie), 0–1, three decimals. */
  auc: number;
  /** Hanley–McNeil standard error, three decimals. */
  standardError: number;
  /** Normal 95 % interval `auc ± 1.96 × standardError`, clipped to 0–1, three decimals. */
  ci95: [number, number];
  positives: number;
  controls: number;
}

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * The Mann–Whitney U of `positives` against `controls` (ties count half):
 * `U = R₁ − n₁(n₁ + 1)/2`, where `R₁` is the positives' rank sum in the
 * pooled sample with tied values at their mean rank (`wilcoxonRankSum` of
 * simple-statistics).
 *
 * @throws Error when either sample is empty
 */
export function mannWhitneyU(positives: readonly number[], controls: readonly number[]): number {
  const rankSum = wilcoxonRankSum([...positives], [...controls]);
  return rankSum - (positives.length * (positives.length + 1)) / 2;
}

/**
 * An AUC `a` of `n1` positives against `n2` controls with the standard error
 * of Hanley & McNeil (1982), "The meaning and use of the area under a ROC
 * curve", Radiology 143:29–36:
 * `SE² = (A(1−A) + (n₁−1)(Q₁−A²) + (n₂−1)(Q₂−A²)) / (n₁ n₂)`,
 * `Q₁ = A / (2−A)`, `Q₂ = 2A² / (1+A)`.
 */
function estimate(a: number, n1: number, n2: number): AucEstimate {
  const q1 = a / (2 - a);
  const q2 = (2 * a * a) / (1 + a);
  const se = Math.sqrt(Math.max(0, (a * (1 - a) + (n1 - 1) * (q1 - a * a) + (n2 - 1) * (q2 - a * a)) / (n1 * n2)));
  return {
    auc: round3(a),
    standardError: round3(se),
    ci95: [round3(Math.max(0, a - 1.96 * se)), round3(Math.min(1, a + 1.96 * se))],
    positives: n1,
    controls: n2,
  };
}

/**
 * The AUC `U / (n₁ n₂)` of `positives` against `controls`, with its
 * Hanley–McNeil standard error.
 *
 * @param positives - scores at the sites where businesses are
 * @param controls - scores at random address points
 * @returns the estimate, or null when either sample is empty
 */
export function aucOf(positives: readonly number[], controls: readonly number[]): AucEstimate | null {
  if (positives.length === 0 || controls.length === 0) return null;
  return estimate(mannWhitneyU(positives, controls) / (positives.length * controls.length), positives.length, controls.length);
}

/**
 * The AUC over several strata (categories), each positive compared only with
 * the controls of its own stratum: `Σ U_s / Σ n₁ₛ n₂ₛ`, the mean of the
 * strata's AUCs weighted by their pairs. Its standard error treats the pooled
 * pairs as one Hanley–McNeil sample of `Σ n₁ₛ` positives against the largest
 * control sample (an approximation: the strata share their control points).
 *
 * @param strata - per stratum, the positives' and the controls' scores
 * @returns the estimate, or null when no stratum has both
 */
export function pooledAucOf(strata: ReadonlyArray<{ positives: readonly number[]; controls: readonly number[] }>): AucEstimate | null {
  const usable = strata.filter(({ positives, controls }) => positives.length > 0 && controls.length > 0);
  if (usable.length === 0) return null;
  let u = 0;
  let pairs = 0;
  for (const { positives, controls } of usable) {
    u += mannWhitneyU(positives, controls);
    pairs += positives.length * controls.length;
  }
  const n1 = usable.reduce((sum, { positives }) => sum + positives.length, 0);
  return estimate(u / pairs, n1, Math.max(...usable.map(({ controls }) => controls.length)));
}
