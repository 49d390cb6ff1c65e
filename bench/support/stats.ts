/**
 * Summary statistics of latency samples, in milliseconds.
 */

/** Summary of a set of latency samples: every figure in milliseconds, rounded to 0.01 ms. */
export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  min: number;
  max: number;
}

/**
 * The `p`-th percentile of ascending-sorted values, nearest-rank method
 * (the smallest value with at least p % of the samples at or below it).
 *
 * @param sorted - ascending values; empty gives NaN
 * @param p - percentile, 0-100
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}

/**
 * Median of values (mean of the two middle values for an even count).
 *
 * @param values - any order; empty gives NaN
 */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Rounds to two decimals (0.01 ms). */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Mean, p50, p90, p99, min and max of latency samples in milliseconds.
 *
 * @param samples - latencies in ms, any order
 */
export function summariseLatencies(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
  return {
    count: sorted.length,
    mean: round2(mean),
    p50: round2(percentile(sorted, 50)),
    p90: round2(percentile(sorted, 90)),
    p99: round2(percentile(sorted, 99)),
    min: round2(sorted[0] ?? Number.NaN),
    max: round2(sorted.at(-1) ?? Number.NaN),
  };
}
