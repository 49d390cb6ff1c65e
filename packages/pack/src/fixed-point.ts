/**
 * Fixed-point coordinates: decimal degrees as whole multiples of 10⁻⁷°
 * (about 1.1 cm at the equator), the precision of OpenStreetMap node
 * coordinates, so that one coordinate takes one `Int32` (±214.7° fits).
 */

/** Units per degree. */
export const COORDINATE_SCALE = 1e7;

/**
 * Degrees to fixed-point units, rounded to the nearest unit.
 *
 * @param degrees - latitude or longitude, decimal degrees
 * @throws RangeError for a value that is not finite or beyond ±180°
 */
export function toFixedPoint(degrees: number): number {
  if (!Number.isFinite(degrees) || Math.abs(degrees) > 180) throw new RangeError(`coordinate ${degrees} is not a finite number of degrees within ±180`);
  return Math.round(degrees * COORDINATE_SCALE);
}

/**
 * Fixed-point units to decimal degrees.
 *
 * @param units - a value written by {@link toFixedPoint}
 */
export function fromFixedPoint(units: number): number {
  return units / COORDINATE_SCALE;
}
