import { ADDRESS_MAX_LENGTH, ADDRESS_MIN_LENGTH, readVerdict, type ScoreResult, verdictLine } from '@locscore/schema';
import { formatEncroachments, formatMetres, formatScore, NONE } from '../format/format.js';

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
  /** Indexes of the sites with the highest value (score rows only); empty when all are equal or the sites are not comparable. */
  best: number[];
  /** Per site, whether the cell states a failing fact (the verdict, low confidence, an own unit's territory), to be shown as such. */
  failing?: boolean[];
}

/**
 * A score row: the highest value among `eligible` sites marked best (a site
 * that fails is never "best" overall, whatever its score); none when every
 * site has the same value or no site is eligible.
 */
function scoreRow(label: string, values: number[], eligible: readonly boolean[]): ComparisonRow {
  const top = Math.max(...values.filter((_, index) => eligible[index]));
  const best = values.every((value) => value === values[0]) ? [] : values.flatMap((value, index) => (eligible[index] && value === top ? [index] : []));
  return { label, cells: values.map(formatScore), best };
}

/**
 * The comparison table of 2–5 scored sites, one column per site in input
 * order, every verdict read from the result itself (`readVerdict` of
 * `@locscore/schema`): the verdict (Pass, or Fail and the failing facts),
 * the story, the data confidence, the own units' territory and the geocode
 * precision, then the overall score (best marked among the sites that pass)
 * and each sub-score (best marked), the station and the competition. Sites
 * that are not comparable (see {@link comparable}) get no "best" at all.
 *
 * @param results - the sites' results
 * @param comparable - false when the sites were scored in different regions or categories
 * @default comparable true
 */
export function comparisonRows(results: readonly ScoreResult[], comparable = true): ComparisonRow[] {
  const verdicts = results.map(readVerdict);
  const facts = (label: string, cells: string[], failing?: boolean[]): ComparisonRow => ({
    label,
    cells,
    best: [],
    ...(failing === undefined ? {} : { failing }),
  });
  const all = results.map(() => comparable);
  const sub = (key: keyof ScoreResult['breakdown']) => results.map((result) => result.breakdown[key]);
  return [
    facts(
      'Verdict',
      verdicts.map(verdictLine),
      verdicts.map((verdict) => !verdict.passed),
    ),
    facts(
      'Story',
      verdicts.map((verdict) => verdict.story),
    ),
    facts(
      'Data confidence',
      verdicts.map((verdict) => verdict.confidence ?? NONE),
      verdicts.map((verdict) => verdict.confidence === 'low'),
    ),
    facts(
      'Inside own territory',
      verdicts.map((verdict) => (verdict.encroaches === null ? 'No units of the category' : formatEncroachments(verdict.encroaches, 'No'))),
      verdicts.map((verdict) => (verdict.encroaches?.length ?? 0) > 0),
    ),
    facts(
      'Geocode precision',
      verdicts.map((verdict) => verdict.geocodePrecision?.replace('_', ' ') ?? NONE),
    ),
    scoreRow(
      'Score',
      results.map((result) => result.score),
      verdicts.map((verdict) => comparable && verdict.passed),
    ),
    scoreRow('Transit', sub('transit'), all),
    scoreRow('Competition', sub('competitor'), all),
    scoreRow('Market fit', sub('marketFit'), all),
    facts(
      'Nearest station',
      results.map((result) => (result.nearestStation === null ? NONE : `${result.nearestStation}, ${formatMetres(result.transitDistanceMetres)}`)),
    ),
    facts(
      'Competitors in the trade area',
      results.map((result) => String(result.competitorCount)),
    ),
    facts(
      'Average competitor rating',
      results.map((result) => (result.avgCompetitorRating === null ? NONE : result.avgCompetitorRating.toFixed(1))),
    ),
    facts(
      'Region',
      verdicts.map((verdict) => verdict.region ?? NONE),
    ),
  ];
}
