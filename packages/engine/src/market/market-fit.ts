import type { Category } from '@locscore/schema';
import { DEMAND_KINDS, type DemandKind } from './demand-kinds.js';
import { HALF_SATURATION, MARKET_PROFILES, REFERENCE_CATCHMENT_METRES } from './profiles.js';

/**
 * Raw demand measured around a point. Counts are within the category's
 * catchment; `population` is residents per km²; `roads` is the distance to the
 * nearest major road in metres (null: none within reach). A kind that is
 * `undefined` is absent from the region (no census, no road layer) and its
 * weight goes to the others.
 */
export type DemandAmounts = Partial<Record<DemandKind, number | null>>;

/** One demand driver of a category's profile, normalised and weighted. */
export interface DemandDriver {
  kind: DemandKind;
  /** The raw amount (count, residents/km², or metres for `roads`; null: no major road in reach). */
  amount: number | null;
  /** Normalised value, 0-1, from the saturating curve. */
  value: number;
  /** Weight in the profile after normalising over the available kinds (sums to 1). */
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
 * Normalises one raw amount with a saturating curve: `x / (x + K)` for counts
 * and densities, `K / (K + d)` for the road distance `d`, where `K` is the
 * half-saturation constant ({@link HALF_SATURATION}, counts scaled by the
 * catchment's area relative to {@link REFERENCE_CATCHMENT_METRES}).
 *
 * @param kind - the demand kind
 * @param amount - the raw amount (null road distance: none in reach → 0)
 * @param catchmentMetres - catchment radius, metres
 * @returns 0-1, non-decreasing in demand (non-increasing in road distance)
 */
export function normaliseDemand(kind: DemandKind, amount: number | null, catchmentMetres: number): number {
  if (amount === null || !Number.isFinite(amount) || amount < 0) return 0;
  const half = HALF_SATURATION[kind];
  if (kind === 'roads') return half / (half + amount);
  if (kind === 'population') return amount / (amount + half);
  const scaled = half * (catchmentMetres / REFERENCE_CATCHMENT_METRES) ** 2;
  return amount / (amount + scaled);
}

/**
 * Market fit of a point for a category: the weighted mean of its normalised
 * demand drivers ({@link MARKET_PROFILES}). More of any demand (or a nearer
 * major road) never lowers it, because every curve is monotone and every
 * weight is ≥ 0.
 *
 * @param category - the franchise category
 * @param amounts - raw demand around the point (kinds absent from the region left undefined)
 * @returns the drivers and the fit in 0-1
 */
export function computeMarketFit(category: Category, amounts: DemandAmounts): MarketFit {
  const { catchmentMetres, weights } = MARKET_PROFILES[category];
  const available = DEMAND_KINDS.filter((kind) => amounts[kind] !== undefined && weights[kind] > 0);
  const totalWeight = available.reduce((sum, kind) => sum + weights[kind], 0);
  const drivers = available.map((kind) => {
    const amount = amounts[kind] ?? null;
    return { kind, amount, value: normaliseDemand(kind, amount, catchmentMetres), weight: weights[kind] / totalWeight };
  });
  const fit = drivers.reduce((sum, driver) => sum + driver.weight * driver.value, 0);
  return { category, catchmentMetres, drivers, fit: Math.min(1, Math.max(0, fit)) };
}
