import { type Breakdown, type Category, type Insight, PASS_THRESHOLD, roundScore } from '@locscore/schema';
import type { DataConfidence } from '../data-confidence/confidence.js';
import { DEMAND_MODEL } from '../market/demand-model.js';
import { competitionScore } from './competition.js';
import { competitorPressure } from './competitor-score.js';
import { joinPhrases, outOfTen } from './insight-text.js';
import { OVERALL_WEIGHTS, overallScore } from './overall.js';

/** Sub-scores in the order insights name them. */
const PARTS: ReadonlyArray<keyof Breakdown> = ['marketFit', 'competitor', 'transit'];
const PART_NAMES: Readonly<Record<keyof Breakdown, string>> = { marketFit: 'Demand', competitor: 'Competition', transit: 'Transit' };

/** The facts the verdict insight is written from. */
export interface VerdictFacts {
  category: Category;
  breakdown: Breakdown;
  score: number;
  passed: boolean;
  confidence: DataConfidence;
  /** The site's demand logit and competitive supply, to compute what a new competitor would change. */
  logit: number;
  supply: number;
  /** The category's competitor radius, metres. */
  radiusMetres: number;
  /** Lower-case category noun. */
  noun: string;
}

/**
 * The deciding sub-score: the one whose weighted distance from the pass
 * line (7.0) moves the overall score most in the verdict's direction (up
 * for a score ≥ 7, down below it). Unknown competition never decides.
 *
 * @param category - the franchise category
 * @param breakdown - the sub-scores
 * @param score - the overall score
 * @param competitionKnown - whether the competition sub-score measures anything
 */
export function decidingPart(category: Category, breakdown: Breakdown, score: number, competitionKnown = true): keyof Breakdown {
  const weights = OVERALL_WEIGHTS[category];
  const sign = score >= PASS_THRESHOLD ? 1 : -1;
  const pull = (part: keyof Breakdown): number => weights[part] * (breakdown[part] - PASS_THRESHOLD);
  const parts = PARTS.filter((part) => competitionKnown || part !== 'competitor');
  return [...parts].sort((a, b) => sign * (pull(b) - pull(a)))[0] ?? 'marketFit';
}

/**
 * What would change the verdict, as one sentence computed with the model
 * itself. For a pass with a known market, the score after an average
 * competitor opens next door; below the line, how much each sub-score that
 * can move would have to rise alone to reach 7.0 (unknown competition is no
 * lever, and a rise past 10 is impossible); null otherwise.
 *
 * @param facts - the verdict's facts
 */
export function changeSentence(facts: VerdictFacts): string | null {
  const { category, breakdown, score, passed, confidence } = facts;
  if (passed) {
    if (!confidence.competitionKnown) return null;
    const supply = facts.supply + competitorPressure([{ distanceMetres: 0, rating: null }], facts.radiusMetres);
    const competitor = roundScore(competitionScore(supply, facts.logit, DEMAND_MODEL.categories[category]));
    const after = overallScore(category, { ...breakdown, competitor });
    return `An average ${facts.noun} place opening next door would move competition to ${outOfTen(competitor)} and the score to ${outOfTen(after)}: ${after < PASS_THRESHOLD ? 'the verdict would flip' : 'it would still pass'}.`;
  }
  if (score >= PASS_THRESHOLD) return null;
  const needed = PASS_THRESHOLD - score;
  const weights = OVERALL_WEIGHTS[category];
  const options = PARTS.filter((part) => confidence.competitionKnown || part !== 'competitor').flatMap((part) => {
    const to = breakdown[part] + needed / weights[part];
    return to > 10 ? [] : [`${PART_NAMES[part].toLowerCase()} from ${outOfTen(breakdown[part])} to ${outOfTen(roundScore(to))}`];
  });
  return options.length === 0
    ? 'No single sub-score can close the gap: the site would need more demand, better transit and less competition at once.'
    : `It would pass if one sub-score alone rose: ${joinPhrases(options, 'or')}.`;
}

/**
 * The verdict insight: the score against the pass line, the deciding
 * sub-score with its weight and what would change the verdict; when the
 * score reaches 7.0 but the data cannot support a pass, why it needs
 * verification instead.
 *
 * @param facts - the verdict's facts
 */
export function verdictInsight(facts: VerdictFacts): Insight {
  const { category, breakdown, score, passed, confidence } = facts;
  const part = decidingPart(category, breakdown, score, confidence.competitionKnown);
  const weight = Math.round(OVERALL_WEIGHTS[category][part] * 100);
  const direction = score >= PASS_THRESHOLD ? 'carries it' : 'holds it back';
  const decider = `${PART_NAMES[part]} ${direction}: ${outOfTen(breakdown[part])} at ${weight} % of the weight.`;
  if (!passed && score >= PASS_THRESHOLD) {
    return {
      headline: `Scores ${outOfTen(score)} but needs verification: data confidence is ${confidence.level}`,
      detail: `${decider} A pass also needs data confidence of at least medium: ${confidence.reasons[0] ?? ''}`.trim(),
    };
  }
  const margin = Math.abs(roundScore(score - PASS_THRESHOLD));
  const points = `${margin.toFixed(1)} points`;
  const change = changeSentence(facts);
  return {
    headline: passed ? (margin === 0 ? 'Passes at exactly the 7.0 line' : `Passes with ${points} to spare`) : `${points} short of the 7.0 pass line`,
    detail: change === null ? decider : `${decider} ${change}`,
  };
}
