/**
 * Formats a great-circle distance for people: whole metres below 1 km, km
 * with one decimal below 10 km, whole km (with thousands separators) beyond,
 * where a decimal would claim a precision nobody needs: `240 m`, `1.5 km`,
 * `6,398 km`.
 *
 * @param metres - distance in metres
 */
export function formatDistance(metres: number): string {
  if (metres < 999.5) return `${Math.round(metres)} m`;
  if (metres < 9950) return `${(metres / 1000).toFixed(1)} km`;
  return `${Math.round(metres / 1000).toLocaleString('en')} km`;
}
