import type { Category } from '@locscore/schema';
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

/**
 * A region's half-saturation constants of the people kinds at one catchment
 * radius (`calibrateDemand`): the median residents, households and spending
 * within that radius of the region's address points.
 */
export type DemandScales = Readonly<Record<'residents' | 'households' | 'spending', number>>;

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
 * Normalises one raw amount with a saturating curve: `x / (x + K)` for
 * counts and spending, `K / (K + d)` for the road distance `d`. `K` is the
 * region's own constant for a people kind when `scales` gives it (already
 * for this catchment), else {@link HALF_SATURATION} scaled by the
 * catchment's area relative to {@link REFERENCE_CATCHMENT_METRES}.
 *
 * @param kind - the demand kind
 * @param amount - the raw amount (null road distance: none in reach → 0)
 * @param catchmentMetres - catchment radius, metres
 * @param scales - the region's people constants at this catchment, when calibrated
 * @returns 0-1, non-decreasing in demand (non-increasing in road distance)
 */
export function normaliseDemand(kind: DemandKind, amount: number | null, catchmentMetres: number, scales?: DemandScales): number {
  if (amount === null || !Number.isFinite(amount) || amount < 0) return 0;
  const half = HALF_SATURATION[kind];
  if (kind === 'roads') return half / (half + amount);
  const own = kind === 'residents' || kind === 'households' || kind === 'spending' ? scales?.[kind] : undefined;
  const scaled = own ?? half * (catchmentMetres / REFERENCE_CATCHMENT_METRES) ** 2;
  return amount / (amount + scaled);
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
 * For one region (the same kinds measured, the same `scales`), more of any
 * demand (or a nearer major road) never lowers it, because every curve is
 * monotone and every weight is ≥ 0.
 *
 * @param category - the franchise category
 * @param amounts - raw demand around the point (kinds absent from the region left undefined)
 * @param scales - the region's people constants at the category's catchment (default: {@link HALF_SATURATION})
 * @returns the drivers and the fit in 0-1
 */
export function computeMarketFit(category: Category, amounts: DemandAmounts, scales?: DemandScales): MarketFit {
  const { catchmentMetres } = MARKET_PROFILES[category];
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
