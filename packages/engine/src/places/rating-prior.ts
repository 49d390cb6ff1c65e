/**
 * Prior weight *m* of the Bayesian average, in reviews: a place's own star
 * average counts as much as the region's mean once it has 10 reviews. The
 * form is IMDb's weighted rating `(v·R + m·C)/(v + m)`; 10 reviews is about
 * where a local business's average stops being decided by one or two
 * reviewers (a single 1★ among 10 moves it by at most 0.4★).
 */
export const RATING_PRIOR_WEIGHT = 10;

/** Mean rating taken as the prior where the region has too few rated places, stars: typical of review sites for local businesses. */
export const DEFAULT_MEAN_RATING = 4;

/** Fewest rated places a mean is taken from: with fewer, the next wider mean (category, then region, then {@link DEFAULT_MEAN_RATING}). */
export const MIN_RATED_FOR_MEAN = 5;

/** The prior a rating is shrunk toward. */
export interface RatingPrior {
  /** μ, 0–5 stars. */
  mean: number;
  /** m, in reviews (0: no shrinkage). */
  weight: number;
  /** Where μ comes from: the category's rated places in the pack, all rated places of the pack, or {@link DEFAULT_MEAN_RATING}. */
  source: 'category' | 'region' | 'default';
  /** Rated places μ was taken from (0 for `default`). */
  rated: number;
}

/** No shrinkage: a rating enters as given; unknown ratings count as {@link DEFAULT_MEAN_RATING}. */
export const NO_SHRINKAGE: RatingPrior = Object.freeze({ mean: DEFAULT_MEAN_RATING, weight: 0, source: 'default', rated: 0 });

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The region's prior for one category: μ is the plain mean of the known
 * ratings of the category's places when at least {@link MIN_RATED_FOR_MEAN}
 * are rated, else of all rated places of the pack (same minimum), else
 * {@link DEFAULT_MEAN_RATING}; m is {@link RATING_PRIOR_WEIGHT}.
 *
 * @param categoryRatings - known ratings (0–5) of the category's places
 * @param regionRatings - known ratings (0–5) of every place of the pack
 */
export function ratingPrior(categoryRatings: readonly number[], regionRatings: readonly number[]): RatingPrior {
  if (categoryRatings.length >= MIN_RATED_FOR_MEAN)
    return { mean: mean(categoryRatings), weight: RATING_PRIOR_WEIGHT, source: 'category', rated: categoryRatings.length };
  if (regionRatings.length >= MIN_RATED_FOR_MEAN)
    return { mean: mean(regionRatings), weight: RATING_PRIOR_WEIGHT, source: 'region', rated: regionRatings.length };
  return { mean: DEFAULT_MEAN_RATING, weight: RATING_PRIOR_WEIGHT, source: 'default', rated: 0 };
}

/**
 * A rating shrunk toward the prior by its review count (Bayesian average):
 * `(n·r + m·μ) / (n + m)`. A 2★ place with 3 reviews moves most of the way to
 * μ; one with 3,000 keeps its 2★.
 *
 * @param rating - the place's star average, 0–5 (clamped), or null when unknown
 * @param ratingCount - its number of reviews n; when unknown the rating counts as
 *   much as the prior (n = m), since the source vouches for it without saying how much
 * @param prior - μ and m ({@link ratingPrior})
 * @returns 0–5 stars: μ for an unknown rating, the rating itself when m is 0
 */
export function shrinkRating(rating: number | null, ratingCount: number | null | undefined, prior: RatingPrior): number {
  if (rating === null || !Number.isFinite(rating)) return prior.mean;
  const stars = Math.min(5, Math.max(0, rating));
  if (!(prior.weight > 0)) return stars;
  const reviews = typeof ratingCount === 'number' && Number.isFinite(ratingCount) && ratingCount >= 0 ? ratingCount : prior.weight;
  return (reviews * stars + prior.weight * prior.mean) / (reviews + prior.weight);
}
