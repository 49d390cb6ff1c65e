import type { LatLng } from '../region/types.js';
import { DEMAND_KINDS, type DemandKind } from './demand-kinds.js';
import type { DemandAmounts } from './market-fit.js';

/** Most sites measured per region and radius: every k-th address point, so that a large region calibrates in well under a second. */
export const CALIBRATION_SAMPLES = 2_000;

/**
 * A region's demand distribution at one catchment radius, measured once
 * when its indexes are built: for each demand kind the amounts found within
 * the radius of the region's sites (its address points, where franchise
 * sites are scored), sorted ascending, so that a site's driver value is its
 * percentile in its own region ({@link percentileOf}). `residents`,
 * `households` and `spending` are the medians of the people kinds (0 when
 * not measured), for reports.
 */
export interface DemandScales {
  /** Median residents within the radius of the region's sites. */
  readonly residents: number;
  /** Median households within the radius (0 when the layer has none). */
  readonly households: number;
  /** Median aggregate household income within the radius (0 when the layer has none). */
  readonly spending: number;
  /**
   * Sorted amounts per kind at the sampled sites. `roads` holds distances in
   * metres (`Infinity` where no major road is in reach). A kind is absent when
   * the region cannot measure it, or when every sampled site has none of it
   * (a kind the region lacks tells sites nothing apart, so its weight goes to
   * the rest).
   */
  readonly samples: Readonly<Partial<Record<DemandKind, Float64Array>>>;
}

/**
 * The share of `sorted` below `value`, ties counted half: the percentile of
 * `value` in the region, 0-1. Non-decreasing in `value`.
 *
 * @param sorted - ascending amounts
 * @param value - the amount to place
 */
export function percentileOf(sorted: Float64Array, value: number): number {
  if (sorted.length === 0) return 0;
  const below = boundOf(sorted, value, false);
  const above = boundOf(sorted, value, true);
  return (below + (above - below) / 2) / sorted.length;
}

/** Index of the first element ≥ `value` (or > `value` when `after`), else the length: a binary search. */
function boundOf(sorted: Float64Array, value: number, after: boolean): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const element = sorted[middle] ?? 0;
    if (element > value || (!after && element === value)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Measures a region's demand distribution at each catchment radius over at
 * most {@link CALIBRATION_SAMPLES} of its sites (every k-th).
 *
 * @param measure - the raw amounts around a point within a radius (`MarketIndex.measure`)
 * @param sites - where sites are scored (address points; population points when a region has none)
 * @param radii - the catchment radii in use, metres
 * @returns the distribution by radius
 */
export function calibrateDemand(
  measure: (point: LatLng, radiusMetres: number) => DemandAmounts,
  sites: readonly LatLng[],
  radii: readonly number[],
): Map<number, DemandScales> {
  const step = Math.max(1, Math.ceil(sites.length / CALIBRATION_SAMPLES));
  const sampled = sites.filter((_, index) => index % step === 0);
  const scales = new Map<number, DemandScales>();
  for (const radius of new Set(radii)) {
    const amounts = sampled.map((site) => measure(site, radius));
    const samples: Partial<Record<DemandKind, Float64Array>> = {};
    for (const kind of DEMAND_KINDS) {
      const measured = amounts.filter((found) => found[kind] !== undefined);
      if (measured.length === 0) continue;
      const values = Float64Array.from(measured, (found) => found[kind] ?? Number.POSITIVE_INFINITY).sort();
      const informative = kind === 'roads' ? Number.isFinite(values[0] ?? Number.POSITIVE_INFINITY) : (values[values.length - 1] ?? 0) > 0;
      if (informative) samples[kind] = values;
    }
    const median = (kind: 'residents' | 'households' | 'spending'): number => {
      const values = samples[kind];
      return values === undefined ? 0 : (values[values.length >> 1] ?? 0);
    };
    scales.set(radius, { residents: median('residents'), households: median('households'), spending: median('spending'), samples });
  }
  return scales;
}
