import { PASS_THRESHOLD, roundScore, STORY_THRESHOLDS } from '@locscore/schema';

/** Lowest score of "Prime Location" (DESIGN.md's story thresholds). */
export const PRIME_THRESHOLD: number = STORY_THRESHOLDS.find(([story]) => story === 'Prime Location')?.[1] ?? 8.5;

/**
 * Share of a region's address points, for a category, that the region's
 * scale lets read "Prime Location": the best 1 %. The region's reference
 * is the weighted score at this quantile of its address points.
 */
export const PRIME_QUANTILE = 0.99;

/**
 * Largest stretch of the scale above the pass line: ×3, reached when a
 * region's best 1 % start at 7.5 on the weighted sub-scores. A region that
 * would need more (its best sites barely above the pass line) has no
 * clearly prime site, and its scores stay as they are.
 */
export const MAX_PRIME_STRETCH = 3;

/** How the region's scale reads a category's weighted score. */
export interface PrimeScale {
  /** The weighted score (0-10) at the region's {@link PRIME_QUANTILE} address point; null when not measured. */
  reference: number | null;
  /** The factor between the pass line and the reference, ≥ 1 (1: the scale is the identity). */
  stretch: number;
}

/** The scale that changes nothing (no reference, or a region that needs no stretch). */
export const IDENTITY_SCALE: PrimeScale = Object.freeze({ reference: null, stretch: 1 });

/**
 * The region's scale for one category from its address points' weighted
 * scores: when the best 1 % ({@link PRIME_QUANTILE}) start above the pass
 * line (7.0) but below {@link PRIME_THRESHOLD} (8.5), that start (the
 * reference) is moved to 8.5 ({@link onPrimeScale}), so that the region's
 * best sites for the category read "Prime Location"; otherwise the
 * identity. The stretch between 7.0 and the reference is
 * `(8.5 − 7) / (reference − 7)`, at most {@link MAX_PRIME_STRETCH}. Scores
 * at or below the pass line, and so every pass and fail, never change.
 *
 * Why: the sub-scores are each measured against the region (demand as a
 * rank, transit against its best-served sites, competition against its
 * typical store), but where the best demand and the least competition
 * never meet (every town centre already has its one pharmacy) their
 * weighted mean tops out below 8.5 and no site anywhere could read
 * "Prime Location". The scale ranks the best sites of such a region as
 * prime, as a franchisor choosing among that region's sites would.
 *
 * @param sortedScores - the region's weighted scores for the category, ascending (`RegionPercentiles` table)
 * @returns the scale; {@link IDENTITY_SCALE} for an empty table
 */
export function primeScale(sortedScores: readonly number[]): PrimeScale {
  if (sortedScores.length === 0) return IDENTITY_SCALE;
  const reference = sortedScores[Math.floor((sortedScores.length - 1) * PRIME_QUANTILE)] ?? 0;
  if (reference <= PASS_THRESHOLD || reference >= PRIME_THRESHOLD) return { reference, stretch: 1 };
  const stretch = (PRIME_THRESHOLD - PASS_THRESHOLD) / (reference - PASS_THRESHOLD);
  return { reference, stretch: stretch > MAX_PRIME_STRETCH ? 1 : stretch };
}

/**
 * A weighted score read on the region's scale, piecewise linear through
 * (7, 7), (reference, 8.5) and (10, 10): `7 + stretch × (s − 7)` up to the
 * reference, `8.5 + 1.5 × (s − reference) / (10 − reference)` above it;
 * unchanged at or below 7.0 and where the scale is the identity. One
 * decimal; non-decreasing in `weighted`.
 *
 * @param weighted - the weighted mean of the sub-scores (`overallScore`), 0-10
 * @param scale - the region's scale ({@link primeScale})
 * @returns 0-10, one decimal
 */
export function onPrimeScale(weighted: number, scale: PrimeScale): number {
  const { reference, stretch } = scale;
  if (stretch === 1 || reference === null || weighted <= PASS_THRESHOLD) return weighted;
  const scaled =
    weighted <= reference
      ? PASS_THRESHOLD + stretch * (weighted - PASS_THRESHOLD)
      : PRIME_THRESHOLD + ((10 - PRIME_THRESHOLD) * (weighted - reference)) / (10 - reference);
  return roundScore(Math.min(10, scaled));
}

/** A result's weighted score with the region's scale it was read on (for the insights). */
export interface ScaledScore extends PrimeScale {
  /** The weighted mean of the sub-scores, 0-10, before the scale. */
  weighted: number;
}
