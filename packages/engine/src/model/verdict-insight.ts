import type { Insight } from '@locscore/schema';
import { type Breakdown, type Category, PASS_THRESHOLD, roundScore } from '@locscore/schema';
import type { DataConfidence } from '../data-confidence/confidence.js';
import type { BalanceFacts } from './competition-insight.js';
import { competitorPressure } from './competitor-score.js';
import { joinPhrases, outOfTen } from './insight-text.js';
import { MIN_TRANSIT_REFERENCE, OVERALL_WEIGHTS, overallScore, transitInOverall } from './overall.js';
import { onPrimeScale, PRIME_THRESHOLD, type PrimeScale, type ScaledScore } from './prime-scale.js';
import { balanceScore, trustedCompetition } from './supply-balance.js';

/** Sub-scores in the order insights name them. */
const PARTS: ReadonlyArray<keyof Breakdown> = ['marketFit', 'competitor', 'transit'];
const PART_NAMES: Readonly<Record<keyof Breakdown, string>> = { marketFit: 'Demand', competitor: 'Competition', transit: 'Transit' };

/**
 * The deciding driver: the sub-score whose weighted distance from the pass
 * line (7.0) moves the overall score most in the verdict's direction (up
 * for a score ≥ 7, down below it).
 *
 * @param category - the franchise category
 * @param breakdown - the sub-scores
 * @param score - the overall score
 * @param transitReference - the region's transit reference (`transitInOverall`)
 */
export function decidingPart(category: Category, breakdown: Breakdown, score: number, transitReference: number): keyof Breakdown {
  const weights = OVERALL_WEIGHTS[category];
  const terms: Breakdown = { ...breakdown, transit: transitInOverall(breakdown.transit, transitReference) };
  const sign = score >= PASS_THRESHOLD ? 1 : -1;
  const pull = (part: keyof Breakdown): number => weights[part] * (terms[part] - PASS_THRESHOLD);
  return [...PARTS].sort((a, b) => sign * (pull(b) - pull(a)))[0] ?? 'marketFit';
}

/**
 * The verdict insight: the score against the pass line, the deciding
 * sub-score with its weight and what would change the verdict; when the
 * score reaches 7.0 but the data cannot support a pass, the reason instead.
 *
 * @param input - the category, sub-scores, score, passed, confidence, the region's transit reference and the change sentence
 */
export function verdictInsight(input: {
  category: Category;
  breakdown: Breakdown;
  score: number;
  passed: boolean;
  confidence: DataConfidence;
  transitReference: number;
  /** The weighted score and the region's prime scale (`onPrimeScale`); a stretched score says so. */
  scale: ScaledScore;
  /** What would change the verdict ({@link changeSentence}), appended to the detail. */
  change: string | null;
}): Insight {
  const { category, breakdown, score, passed, confidence } = input;
  const part = decidingPart(category, breakdown, score, input.transitReference);
  const weight = Math.round(OVERALL_WEIGHTS[category][part] * 100);
  const direction = score >= PASS_THRESHOLD ? 'carries it' : 'holds it back';
  const term = transitInOverall(breakdown.transit, input.transitReference);
  const stretched =
    part === 'transit' && roundScore(term) !== breakdown.transit ? ` (${outOfTen(roundScore(term))} against the region's best-served sites)` : '';
  const decider = `${PART_NAMES[part]} ${direction}: ${outOfTen(breakdown[part])}${stretched} at ${weight} % of the weight.${scaleSentence(input.scale, score)}`;
  if (!passed && score >= PASS_THRESHOLD) {
    return {
      headline: `Scores ${outOfTen(score)} but does not pass: data confidence is ${confidence.level}`,
      detail: `${decider} A pass also needs data confidence of at least medium.`,
    };
  }
  const margin = Math.abs(roundScore(score - PASS_THRESHOLD));
  // One decimal reads as plural in English ("1.0 points").
  const points = `${margin.toFixed(1)} points`;
  const passedHeadline = margin === 0 ? 'Passes at exactly the 7.0 line' : `Passes with ${points} to spare`;
  return {
    headline: passed ? passedHeadline : `${points} short of the 7.0 pass line`,
    detail: input.change === null ? decider : `${decider} ${input.change}`,
  };
}

/**
 * The sentence of a score the region's prime scale stretched: the weighted
 * sub-scores and the region's reference read as {@link PRIME_THRESHOLD};
 * empty when the scale left the score as it is.
 *
 * @param scale - the weighted score and the region's scale
 * @param score - the overall score on that scale
 */
export function scaleSentence(scale: ScaledScore, score: number): string {
  if (scale.reference === null || score === scale.weighted) return '';
  return ` The weighted sub-scores give ${outOfTen(scale.weighted)}; the region's best 1 % of addresses for the category start at ${outOfTen(scale.reference)} on them, and its scale reads that as ${PRIME_THRESHOLD.toFixed(1)}, Prime Location.`;
}

/**
 * What would change the verdict, as one sentence computed with the model
 * itself: for a pass, the score after one more average competitor next
 * door (the common threat to a site); below the line, how much each
 * sub-score would have to rise alone to reach 7.0 (those that cannot, left
 * out); null for a score at the line held back by data confidence.
 *
 * @param input - the category, sub-scores, score, the market fit (0-1), the competition facts, its radius, the noun and the region's transit reference
 */
export function changeSentence(input: {
  category: Category;
  breakdown: Breakdown;
  score: number;
  passed: boolean;
  demand: number;
  balance: BalanceFacts;
  radiusMetres: number;
  noun: string;
  transitReference: number;
  /** The region's prime scale, so that the score after the change is on the result's scale. */
  scale: PrimeScale;
}): string | null {
  const { category, breakdown, score, passed, balance } = input;
  if (passed) {
    const pressure = balance.pressure + competitorPressure([{ distanceMetres: 0, rating: null }], input.radiusMetres);
    const competitor = roundScore(trustedCompetition(balanceScore(input.demand, pressure, balance.typical), balance.trust));
    const after = onPrimeScale(overallScore(category, { ...breakdown, competitor }, input.transitReference), input.scale);
    const flips = after < PASS_THRESHOLD;
    return `An average ${input.noun} place opening next door would move competition to ${outOfTen(competitor)} and the score to ${outOfTen(after)}: ${flips ? 'the verdict would flip' : 'it would still pass'}.`;
  }
  if (score >= PASS_THRESHOLD) return null;
  // Below the pass line the scale is the identity: the score is the weighted mean.
  const needed = PASS_THRESHOLD - score;
  const weights = OVERALL_WEIGHTS[category];
  const terms: Breakdown = { ...breakdown, transit: transitInOverall(breakdown.transit, input.transitReference) };
  const options = PARTS.flatMap((part) => {
    const termRise = needed / weights[part];
    if (terms[part] + termRise > 10) return [];
    // The transit term is the sub-score stretched by 10 / R: the sub-score rises R / 10 as much.
    const stretch = part === 'transit' ? Math.min(10, Math.max(MIN_TRANSIT_REFERENCE, input.transitReference)) / 10 : 1;
    const to = Math.min(10, breakdown[part] + termRise * stretch);
    return [`${PART_NAMES[part].toLowerCase()} from ${outOfTen(breakdown[part])} to ${outOfTen(roundScore(to))}`];
  });
  return options.length === 0
    ? 'No single sub-score can close the gap: passing would need more demand, less competition and better transit at once.'
    : `It would pass if one sub-score alone rose: ${joinPhrases(options, 'or')}.`;
}
