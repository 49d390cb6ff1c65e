/** Distance (metres) up to which an amenity gets full points: a 5-minute walk (Walk Score: 0.25 mile). */
export const FULL_POINTS_METRES = 400;
/** Distance (metres) from which an amenity gets nothing: a 30-minute walk at 80 m/min (Walk Score). */
export const ZERO_POINTS_METRES = 2_400;

/**
 * Walk Score-style distance decay: 1 within {@link FULL_POINTS_METRES}, 0 from
 * {@link ZERO_POINTS_METRES}, and a quadratic taper between,
 * `(1 - t)²` with `t = (d - 400) / 2000`. The taper follows the shape of Walk
 * Score's published curve (full points to a quarter mile, about 15 % left at one
 * mile, none after a 30-minute walk); Walk Score does not publish its exact
 * polynomial. Non-increasing in `d`.
 *
 * @param distanceMetres - great-circle distance, metres
 * @returns weight in 0-1 (0 for negative or non-finite input)
 */
export function walkDecay(distanceMetres: number): number {
  if (!Number.isFinite(distanceMetres) || distanceMetres < 0) return 0;
  if (distanceMetres <= FULL_POINTS_METRES) return 1;
  if (distanceMetres >= ZERO_POINTS_METRES) return 0;
  const t = (distanceMetres - FULL_POINTS_METRES) / (ZERO_POINTS_METRES - FULL_POINTS_METRES);
  return (1 - t) ** 2;
}
