import type { Category } from '@locscore/schema';
import { type DemandScales, percentileOf } from './demand-calibration.js';
import { DEMAND_KINDS, type DemandKind, PEOPLE_FALLBACK } from './demand-kinds.js';
import { HALF_SATURATION, MARKET_PROFILES, REFERENCE_CATCHMENT_METRES } from './profiles.js';

/**
 * Raw demand measured around a point. Counts are within the category's
 * catchment (`spending` is aggregate household income there, currency units
 * of the census); `roads` is the distance to the nearest major road in
 * metres (null: none within reach). A kind that is `undefined` is absent
 * from the region (no population layer, no households or income, no road
 * layer): a people kind's weight then falls back along `PEOPLE_FALLBACK`,
 * any other's goes to the rest.
 */
export type DemandAmounts = Partial<Record<DemandKind, number | null>>;

export type { DemandScales } from './demand-calibration.js';

/** One demand driver of a category's profile, normalised and weighted. */
export interface DemandDriver {
  kind: DemandKind;
  /** The raw amount (count, currency, or metres for `roads`; null: no major road in reach). */
  amount: number | null;
  /** Normalised value, 0-1, from the saturating curve. */
  value: number;
  /** Weight in the profile after falling back and normalising over the available kinds (sums to 1). */
  weight: number;
}

/** The market fit of one point for one category. */
export interface MarketFit {
  category: Category;
  catchmentMetres: number;
  /** Drivers with a non-zero weight, in {@link DEMAND_KINDS} order. */
  drivers: DemandDriver[];
  /** Weighted mean of the drivers' values, 0-1. */
  fit: number;
}

/**
 * Normalises one raw amount to 0-1. With the region's distribution at this
 * catchment (`scales`, {@link DemandScales}) the value is the amount's
 * percentile among the region's address points (`percentileOf`; for the road
 * distance, the share of sites farther away), so that every driver spreads
 * over its own region whatever the region's absolute densities; none of a
 * kind is 0. Without a distribution for the kind (tests, regions without the
 * layer) it is the saturating curve `x / (x + K)` (counts, spending) or
 * `K / (K + d)` (road distance `d`), with {@link HALF_SATURATION} scaled by
 * the catchment's area relative to {@link REFERENCE_CATCHMENT_METRES}.
 *
 * @param kind - the demand kind
 * @param amount - the raw amount (null road distance: none in reach → 0)
 * @param catchmentMetres - catchment radius, metres
 * @param scales - the region's distribution at this catchment, when calibrated
 * @returns 0-1, non-decreasing in demand (non-increasing in road distance)
 */
export function normaliseDemand(kind: DemandKind, amount: number | null, catchmentMetres: number, scales?: DemandScales): number {
  if (amount === null || !Number.isFinite(amount) || amount < 0) return 0;
  const sorted = scales?.samples[kind];
  if (sorted !== undefined) {
    if (kind === 'roads') return 1 - percentileOf(sorted, amount);
    return amount === 0 ? 0 : percentileOf(sorted, amount);
  }
  const half = HALF_SATURATION[kind];
  if (kind === 'roads') return half / (half + amount);
  return amount / (amount + half * (catchmentMetres / REFERENCE_CATCHMENT_METRES) ** 2);
}

/**
 * A profile's weights after the people kinds the region cannot measure hand
 * theirs on along {@link PEOPLE_FALLBACK} (spending → households → residents
 * → addresses).
 *
 * @param weights - the category's profile weights
 * @param amounts - the measured amounts (undefined: not measurable in the region)
 * @returns the weights to use
 */
export function fallbackWeights(weights: Readonly<Record<DemandKind, number>>, amounts: DemandAmounts): Record<DemandKind, number> {
  const moved = { ...weights };
  for (const kind of ['spending', 'households', 'residents'] as const) {
    if (amounts[kind] !== undefined) continue;
    moved[PEOPLE_FALLBACK[kind]] += moved[kind];
    moved[kind] = 0;
  }
  return moved;
}

/**
 * Market fit of a point for a category: the weighted mean of its normalised
 * demand drivers ({@link MARKET_PROFILES}, after {@link fallbackWeights}).
 * With the region's distribution, kinds the region lacks (no sampled site
 * has any) are left out and their weight goes to the rest.
 * For one region (the same kinds measured, the same `scales`), more of any
 * demand (or a nearer major road) never lowers it, because every curve is
 * monotone and every weight is ≥ 0.
 *
 * @param category - the franchise category
 * @param amounts - raw demand around the point (kinds absent from the region left undefined)
 * @param scales - the region's people constants at the category's catchment (default: {@link HALF_SATURATION})
 * @returns the drivers and the fit in 0-1
 */
export function computeMarketFit(category: Category, measured: DemandAmounts, scales?: DemandScales): MarketFit {
  const { catchmentMetres } = MARKET_PROFILES[category];
  const amounts = scales === undefined ? measured : regionalKinds(measured, scales);
  const weights = fallbackWeights(MARKET_PROFILES[category].weights, amounts);
  const available = DEMAND_KINDS.filter((kind) => amounts[kind] !== undefined && weights[kind] > 0);
  const totalWeight = available.reduce((sum, kind) => sum + weights[kind], 0);
  const drivers = available.map((kind) => {
    const amount = amounts[kind] ?? null;
    return { kind, amount, value: normaliseDemand(kind, amount, catchmentMetres, scales), weight: weights[kind] / totalWeight };
  });
  const fit = drivers.reduce((sum, driver) => sum + driver.weight * driver.value, 0);
  return { category, catchmentMetres, drivers, fit: Math.min(1, Math.max(0, fit)) };
}

/** The amounts of the kinds the region's distribution holds (others undefined, so their weight moves on). */
function regionalKinds(measured: DemandAmounts, scales: DemandScales): DemandAmounts {
  const amounts: DemandAmounts = {};
  for (const kind of DEMAND_KINDS) if (scales.samples[kind] !== undefined && measured[kind] !== undefined) amounts[kind] = measured[kind];
  return amounts;
}
