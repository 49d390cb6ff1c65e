import { CATEGORY_LABELS, type Category } from './categories.js';
import { type ConfidenceLevel, type GeocodePrecision, PASS_THRESHOLD, type ScoreResult, type Story } from './score-result.js';
import type { Encroachment } from './score-territory.js';

/**
 * A great-circle distance for people, the one way every surface writes it:
 * whole metres below 1 km (`240 m`), km with one decimal below 10 km
 * (`1.5 km`), whole km with thousands separators beyond (`6,398 km`), where
 * a decimal would claim a precision nobody needs.
 *
 * @param metres - distance in metres (non-negative)
 * @returns the distance with its unit, separated by a plain space
 */
export function formatDistance(metres: number): string {
  if (metres < 999.5) return `${Math.round(metres)} m`;
  if (metres < 9950) return `${(metres / 1000).toFixed(1)} km`;
  return `${Math.round(metres / 1000).toLocaleString('en')} km`;
}

/**
 * One fact of a result that kept it from passing, as the result states it:
 * `score` its overall score under {@link PASS_THRESHOLD}; `confidence` its
 * `meta.confidence.level` at `low` (with the most decisive reason);
 * `territory` the site inside the protected territory of an own unit (the
 * nearest of `meta.territory.encroaches`, and how many more);
 * `unexplained` a result that did not pass for none of these (a server
 * whose grounds the client cannot read).
 */
export type FailingFact =
  | { kind: 'score'; score: number; threshold: number }
  | { kind: 'confidence'; level: 'low'; reason: string | null }
  | { kind: 'territory'; unit: Encroachment; more: number }
  | { kind: 'unexplained' };

/**
 * The verdict of one score result, read from the result itself (never
 * re-derived from the sub-scores): every surface (terminal card, dashboard
 * card, compare table, print view, batch columns) shows these fields.
 */
export interface Verdict {
  /** `passed` of the result. */
  passed: boolean;
  /** `story` of the result. */
  story: Story;
  /** The overall score, 0–10. */
  score: number;
  /** Why it did not pass, most decisive first (territory, then data, then the score); empty when it passed. */
  failing: FailingFact[];
  /** `meta.confidence.level`, or null when the server does not give it. */
  confidence: ConfidenceLevel | null;
  /** `meta.geocodePrecision`, or null when the server does not give it. */
  geocodePrecision: GeocodePrecision | null;
  /** `meta.territory.encroaches`, or null when the account has no units of the category (no `meta.territory`). */
  encroaches: Encroachment[] | null;
  /** `meta.region.name`, or null. */
  region: string | null;
}

/**
 * Reads the {@link Verdict} of a result.
 *
 * @param result - a score result as the API sends it
 */
export function readVerdict(result: ScoreResult): Verdict {
  const meta = result.meta;
  const encroaches = meta?.territory?.encroaches ?? null;
  const confidence = meta?.confidence?.level ?? null;
  const failing: FailingFact[] = [];
  if (!result.passed) {
    const [nearest, ...others] = encroaches ?? [];
    if (nearest !== undefined) failing.push({ kind: 'territory', unit: nearest, more: others.length });
    if (confidence === 'low') failing.push({ kind: 'confidence', level: 'low', reason: meta?.confidence?.reasons[0] ?? null });
    if (result.score < PASS_THRESHOLD) failing.push({ kind: 'score', score: result.score, threshold: PASS_THRESHOLD });
    if (failing.length === 0) failing.push({ kind: 'unexplained' });
  }
  return {
    passed: result.passed,
    story: result.story,
    score: result.score,
    failing,
    confidence,
    geocodePrecision: meta?.geocodePrecision ?? null,
    encroaches,
    region: meta?.region?.name ?? null,
  };
}

/**
 * A failing fact in a few words, naming the fact: `inside the protected
 * territory of Maple North (120 m) and 1 more`, `data confidence low`,
 * `score 5.4 under the 7.0 pass mark`.
 *
 * @param fact - one of {@link Verdict.failing}
 * @param brief - leave out the count of other units whose territory holds the site (a caller that counts them itself)
 * @default brief false
 */
export function describeFailingFact(fact: FailingFact, brief = false): string {
  switch (fact.kind) {
    case 'territory':
      return `inside the protected territory of ${fact.unit.name} (${formatDistance(fact.unit.distanceMetres)})${fact.more > 0 && !brief ? ` and ${fact.more} more` : ''}`;
    case 'confidence':
      return 'data confidence low';
    case 'score':
      return `score ${fact.score.toFixed(1)} under the ${fact.threshold.toFixed(1)} pass mark`;
    case 'unexplained':
      return 'not passed by the server';
  }
}

/**
 * The verdict in one line: `Pass` or `Fail: ` and its failing facts joined by `; `.
 *
 * @param verdict - from {@link readVerdict}
 * @example `Fail: inside the protected territory of Maple North (120 m); score 6.8 under the 7.0 pass mark`
 */
export function verdictLine(verdict: Verdict): string {
  return verdict.passed ? 'Pass' : `Fail: ${verdict.failing.map((fact) => describeFailingFact(fact)).join('; ')}`;
}

/** One site of a comparison: the region and category it was scored in. */
export interface ComparedSite {
  /** `meta.region.name` of its result, or null when the server does not say. */
  region: string | null;
  /** The category it was scored for. */
  category: Category;
}

/**
 * Whether sites can be compared side by side: scores of different regions
 * (packs) or categories are on different footings (other competitors, other
 * demand weights), so a comparison across them is marked as such.
 *
 * @param sites - the compared sites, in order
 * @returns null when all share one region and one category, else a sentence saying what differs
 */
export function comparisonCaveat(sites: readonly ComparedSite[]): string | null {
  const regions = [...new Set(sites.map((site) => site.region ?? 'an unnamed region'))];
  const categories = [...new Set(sites.map((site) => site.category))];
  const parts: string[] = [];
  if (regions.length > 1) parts.push(`different regions (${regions.join(', ')})`);
  if (categories.length > 1) parts.push(`different categories (${categories.map((category) => CATEGORY_LABELS[category]).join(', ')})`);
  return parts.length === 0 ? null : `These sites were scored in ${parts.join(' and ')}: their scores are not on one footing, so no site is marked best.`;
}
