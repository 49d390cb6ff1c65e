/**
 * Splits an amount in proportion to weights, in hundredths, so that the parts
 * add up exactly to the amount rounded to hundredths (largest-remainder
 * method: each part is rounded down, and the hundredths left over go to the
 * parts with the largest remainders, earlier parts first on ties).
 *
 * @param amount - the amount to split, ≥ 0
 * @param weights - one weight ≥ 0 per part; when they sum to 0 the parts are equal
 * @returns the parts, each a multiple of 0.01
 */
export function splitInHundredths(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const cents = Math.round(Math.max(0, amount) * 100);
  const sum = weights.reduce((total, weight) => total + Math.max(0, weight), 0);
  const shares = weights.map((weight) => (sum > 0 ? Math.max(0, weight) / sum : 1 / weights.length) * cents);
  const parts = shares.map(Math.floor);
  let left = cents - parts.reduce((total, part) => total + part, 0);
  const order = shares.map((share, index) => ({ index, remainder: share - Math.floor(share) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left--;
  }
  return parts.map((part) => part / 100);
}
