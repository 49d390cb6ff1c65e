/**
 * The classes of defect issue 24 found in scoring results, as checks on one
 * result: a story that contradicts `passed`, a score that is not the
 * weighted mean of its breakdown, internal terms in insights, the wrong word
 * for a transit mode, the pack's figures quoted as the site's, unknown
 * competition offered as a lever, an empty known market below the top of
 * the competition scale.
 */
import { roundScore, type ScoreResult } from '@locscore/schema';
import { formatWholeNumber } from '../src/model/whole-number.js';

/** Words of the model's internals that a franchisor should never read. */
const INTERNAL_TERMS = /Huff|scale reads|prime scale|best-served|region's typical|logit|standardi[sz]ed|percentile|pseudo-place/i;

/** What the checks know of the pack a result came from. */
export interface PackFacts {
  /** ISO country code of the pack. */
  country: string;
  /** Residents of the whole pack, when it has a population layer. */
  residents: number | null;
}

/**
 * The defects of one result, each a short label; empty when it has none.
 *
 * @param result - a result of `scoreLocation` or `engine.score`
 * @param pack - facts of its pack
 */
export function defectsOf(result: ScoreResult, pack: PackFacts): string[] {
  const defects: string[] = [];
  const text = result.insights.map(({ headline, detail }) => `${headline}. ${detail}`).join('\n');
  if (!result.passed && (result.story === 'Prime Location' || result.story === 'Strong Location')) defects.push('story contradicts passed');
  if (result.passed && result.story !== 'Prime Location' && result.story !== 'Strong Location') defects.push('passes with a story of a fail');
  const weights = result.meta?.weights;
  if (weights === undefined) defects.push('no meta.weights');
  else {
    const mean = roundScore(
      weights.transit * result.breakdown.transit + weights.competitor * result.breakdown.competitor + weights.marketFit * result.breakdown.marketFit,
    );
    if (mean !== result.score) defects.push('score is not the weighted mean of its breakdown');
  }
  if (INTERNAL_TERMS.test(text)) defects.push(`internal term: ${INTERNAL_TERMS.exec(text)?.[0]}`);
  if (pack.country === 'US' && /metro station/.test(text)) defects.push('"metro" for the subway');
  if (['LI', 'CH', 'AT', 'DE'].includes(pack.country) && / rail station/.test(text)) defects.push('"rail" for the S-Bahn');
  const demand = result.insights.find(({ headline }) => headline.startsWith('Demand'))?.detail ?? '';
  if (pack.residents !== null && pack.residents > 0 && new RegExp(`(?<!at least )${formatWholeNumber(Math.round(pack.residents))} residents`).test(demand)) {
    defects.push("the pack's residents quoted as the site's");
  }
  const unknown = /is not a lever/.test(text);
  if (unknown && /competition from/.test(text)) defects.push('unknown competition offered as a lever');
  if (unknown && result.breakdown.competitor !== 5) defects.push('unknown competition not at 5');
  if (!unknown && result.competitorCount === 0 && result.breakdown.competitor !== 10)
    defects.push('an empty known market below the top of the competition scale');
  if (result.meta?.sources === undefined) defects.push('no meta.sources');
  return defects;
}
