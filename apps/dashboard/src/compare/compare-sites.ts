import { ADDRESS_MAX_LENGTH, ADDRESS_MIN_LENGTH, type ScoreResult } from '@locscore/schema';
import { formatMetres, formatScore, NONE } from '../format/format.js';

/** Most addresses one comparison scores (each costs one evaluation). */
export const MAX_COMPARED_SITES = 5;

/** The addresses to score, or why they cannot be. */
export type SiteList = { ok: true; addresses: string[] } | { ok: false; error: string };

/**
 * The addresses of the Score and compare form: trimmed, empty lines left
 * out, 1 to {@link MAX_COMPARED_SITES}, each 3–300 characters, no address
 * twice (compared without case or repeated spaces).
 *
 * @param inputs - the form's address fields, in order
 */
export function siteList(inputs: readonly string[]): SiteList {
  const addresses = inputs.map((input) => input.trim().replace(/\s+/g, ' ')).filter((input) => input !== '');
  if (addresses.length === 0) return { ok: false, error: 'Enter an address to score.' };
  if (addresses.length > MAX_COMPARED_SITES) return { ok: false, error: `Compare at most ${MAX_COMPARED_SITES} addresses at once.` };
  const short = addresses.find((address) => address.length < ADDRESS_MIN_LENGTH || address.length > ADDRESS_MAX_LENGTH);
  if (short !== undefined) return { ok: false, error: `Each address must be ${ADDRESS_MIN_LENGTH}–${ADDRESS_MAX_LENGTH} characters: “${short}”.` };
  const seen = new Set<string>();
  for (const address of addresses) {
    const key = address.toLocaleLowerCase();
    if (seen.has(key)) return { ok: false, error: `“${address}” is listed twice.` };
    seen.add(key);
  }
  return { ok: true, addresses };
}

/** One row of the comparison table: a label, one cell per site, and which sites are best on it. */
export interface ComparisonRow {
  label: string;
  cells: string[];
  /** Indexes of the sites with the highest value (score rows only); empty when all are equal. */
  best: number[];
}

function scoreRow(label: string, values: number[]): ComparisonRow {
  const top = Math.max(...values);
  const best = values.every((value) => value === top) ? [] : values.flatMap((value, index) => (value === top ? [index] : []));
  return { label, cells: values.map(formatScore), best };
}

/**
 * The comparison table of 2–5 scored sites, one column per site in input
 * order: the overall score and each sub-score (best marked), the verdict,
 * the station and the competition.
 *
 * @param results - the sites' results
 */
export function comparisonRows(results: readonly ScoreResult[]): ComparisonRow[] {
  const text = (label: string, cell: (result: ScoreResult) => string): ComparisonRow => ({ label, cells: results.map(cell), best: [] });
  return [
    scoreRow(
      'Score',
      results.map((result) => result.score),
    ),
    text('Verdict', (result) => `${result.story}${result.passed ? ' (passed)' : ''}`),
    scoreRow(
      'Transit',
      results.map((result) => result.breakdown.transit),
    ),
    scoreRow(
      'Competition',
      results.map((result) => result.breakdown.competitor),
    ),
    scoreRow(
      'Market fit',
      results.map((result) => result.breakdown.marketFit),
    ),
    text('Nearest station', (result) => (result.nearestStation === null ? NONE : `${result.nearestStation}, ${formatMetres(result.transitDistanceMetres)}`)),
    text('Competitors in the trade area', (result) => String(result.competitorCount)),
    text('Average competitor rating', (result) => (result.avgCompetitorRating === null ? NONE : result.avgCompetitorRating.toFixed(1))),
  ];
}
