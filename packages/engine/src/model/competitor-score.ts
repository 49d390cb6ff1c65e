/** Huff distance-decay exponent β: 2 is the classic value for convenience goods (Huff 1963/1964). */
export const HUFF_BETA = 2;
/** Rating that counts as average attractiveness (A = 1), stars; also used when a rating is unknown. */
export const NEUTRAL_RATING = 4;

/** A competitor as the competitor score sees it. */
export interface CompetitorPressureInput {
  /** Great-circle distance, metres. */
  distanceMetres: number;
  /** 0-5, or null when unknown (neutral). */
  rating: number | null;
}

/**
 * Huff attractiveness of a competitor from its rating: `2^(rating - 4)`, so a
 * 5-star place weighs twice an average (4-star or unrated) one and a 3-star
 * place half.
 *
 * @param rating - 0-5 stars, or null
 */
export function attractiveness(rating: number | null): number {
  if (rating === null || !Number.isFinite(rating)) return 1;
  return 2 ** (Math.min(5, Math.max(0, rating)) - NEUTRAL_RATING);
}

/**
 * Competitive pressure at the point, Huff-style: Σ Aᵢ × (1 + dᵢ / D)^(-β) with
 * D = half the category radius. `(1 + d/D)^-β` is the Huff `d^-β` kept finite at
 * d = 0: a competitor next door weighs 1, one at the radius 1/9.
 *
 * @param competitors - competitors within the radius
 * @param radiusMetres - the category radius, metres (> 0)
 * @returns pressure ≥ 0; adding a competitor never lowers it
 */
export function competitorPressure(competitors: readonly CompetitorPressureInput[], radiusMetres: number): number {
  const scale = Math.max(1, radiusMetres) / 2;
  let pressure = 0;
  for (const { distanceMetres, rating } of competitors) {
    const distance = Number.isFinite(distanceMetres) ? Math.max(0, distanceMetres) : Number.POSITIVE_INFINITY;
    pressure += attractiveness(rating) * (1 + distance / scale) ** -HUFF_BETA;
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
