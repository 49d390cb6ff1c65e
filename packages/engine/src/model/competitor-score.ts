import { NO_SHRINKAGE, type RatingPrior, shrinkRating } from '../places/rating-prior.js';

/** Huff distance-decay exponent β: 2 is the classic value for convenience goods (Huff 1963/1964). */
export const HUFF_BETA = 2;

/** A competitor as the competitor score sees it. */
export interface CompetitorPressureInput {
  /** Great-circle distance, metres. */
  distanceMetres: number;
  /** 0-5, or null when unknown (an average place of the region). */
  rating: number | null;
  /** Reviews behind the rating, where the ratings source gives them. */
  ratingCount?: number | null;
}

/**
 * Huff attractiveness of a competitor: `2^(r̃ − μ)`, where `r̃` is its
 * rating shrunk toward the region's mean μ by its review count
 * ({@link shrinkRating}). A place rated like the region's average (or
 * unrated) weighs 1, one a whole star above it 2, one a star below ½; a
 * few reviews move it little.
 *
 * @param rating - 0-5 stars, or null
 * @param ratingCount - reviews behind it, or null/undefined when unknown
 * @param prior - the region's prior for the category
 * @default prior {@link NO_SHRINKAGE}: the rating as given, relative to 4★
 */
export function attractiveness(rating: number | null, ratingCount?: number | null, prior: RatingPrior = NO_SHRINKAGE): number {
  return 2 ** (shrinkRating(rating, ratingCount, prior) - prior.mean);
}

/**
 * Competitive pressure at the point, Huff-style: Σ Aᵢ × (1 + dᵢ / D)^(-β) with
 * D = half the category radius. `(1 + d/D)^-β` is the Huff `d^-β` kept finite at
 * d = 0: a competitor next door weighs 1, one at the radius 1/9.
 *
 * @param competitors - competitors within the radius
 * @param radiusMetres - the category radius, metres (> 0)
 * @param prior - the region's rating prior for the category (`CompetitorSearch.ratingPrior`)
 * @default prior {@link NO_SHRINKAGE}
 * @returns pressure ≥ 0; adding a competitor never lowers it
 */
export function competitorPressure(competitors: readonly CompetitorPressureInput[], radiusMetres: number, prior: RatingPrior = NO_SHRINKAGE): number {
  const scale = Math.max(1, radiusMetres) / 2;
  let pressure = 0;
  for (const { distanceMetres, rating, ratingCount } of competitors) {
    const distance = Number.isFinite(distanceMetres) ? Math.max(0, distanceMetres) : Number.POSITIVE_INFINITY;
    pressure += attractiveness(rating, ratingCount, prior) * (1 + distance / scale) ** -HUFF_BETA;
  }
  return pressure;
}

/**
 * Competitor sub-score: 10 × the Huff share a new average store at the point
 * would win from customers standing there, `10 / (1 + P)`. 10 with no
 * competition, 5 with one average competitor next door.
 *
 * @param pressure - {@link competitorPressure}
 * @returns 0-10, not rounded; non-increasing in pressure
 */
export function competitorScoreFromPressure(pressure: number): number {
  if (!Number.isFinite(pressure)) return 0;
  return 10 / (1 + Math.max(0, pressure));
}
