/**
 * Formats a great-circle distance for people: metres below 1 km, else km with one decimal.
 *
 * @param metres - distance in metres
 */
export function formatDistance(metres: number): string {
  return metres < 1000 ? `${Math.round(metres)} m` : `${(metres / 1000).toFixed(1)} km`;
}
