import { PointIndex } from '../places/point-index.js';
import type { LatLng, PopulationPoint } from '../region/types.js';

/** The population within a circle. */
export interface PopulationWithin {
  /** Residents (sum of the points within), two decimals of precision. */
  residents: number;
  /** Households, or null when the layer has none. */
  households: number | null;
  /**
   * Median household income of the households within (each point's area
   * median, weighted by its households, or residents where the layer has no
   * households); null when no point within has an income.
   */
  medianIncome: number | null;
  /**
   * Aggregate income within: Σ income × households (× residents where the
   * layer has no households), whole currency units of the source; null when
   * the layer has no income. The buying power of the trade area.
   */
  spending: number | null;
}

/** Running sums over the kd-tree's order of the points ({@link PointIndex.order}): `sums[k]` holds the first `k` points. */
function prefixSums(order: ArrayLike<number>, values: Float64Array): Float64Array {
  const sums = new Float64Array(order.length + 1);
  for (let position = 0; position < order.length; position++) sums[position + 1] = (sums[position] ?? 0) + (values[order[position] ?? 0] ?? 0);
  return sums;
}

/**
 * A spatial index over a pack's population points (a {@link PointIndex} on
 * kdbush) that sums the residents, households and income within a circle
 * (haversine, inclusive, as `PointIndex.forEachWithin` finds the points).
 * Sums are kept in whole hundredths and whole currency units, so they never
 * depend on the order the points are met or how they are grouped: a subtree
 * of the kd-tree wholly inside the circle is added from running sums over
 * the tree's order (`PointIndex.forEachRunWithin`), only the points near the
 * circle's edge one by one, and the result is the sum of the points within.
 * The median income takes one pass over the income groups within.
 */
export class PopulationIndex {
  /** Whether the points carry households. */
  readonly hasHouseholds: boolean;
  /** Whether the points carry income. */
  readonly hasIncome: boolean;
  /** Points indexed. */
  readonly size: number;
  private readonly index: PointIndex<PopulationPoint>;
  /** Per point (index in the layer): residents and households in hundredths, spending in whole units. */
  private readonly residents: Float64Array;
  private readonly households: Float64Array;
  private readonly spending: Float64Array;
  /** Per point: the income group (index into `incomes`), or -1. */
  private readonly groups: Int32Array;
  private readonly incomes: number[] = [];
  /** Running sums of `residents`, `households` and `spending` over {@link PointIndex.order}. */
  private readonly residentSums: Float64Array;
  private readonly householdSums: Float64Array;
  private readonly spendingSums: Float64Array;

  /**
   * @param points - the population layer
   * @throws TypeError naming `items[<index>]` for a point with non-finite coordinates
   */
  constructor(points: readonly PopulationPoint[]) {
    this.index = new PointIndex(points);
    this.size = points.length;
    this.hasHouseholds = points.some((point) => point.households !== undefined);
    this.hasIncome = points.some((point) => point.income !== undefined);
    this.residents = new Float64Array(points.length);
    this.households = new Float64Array(points.length);
    this.spending = new Float64Array(points.length);
    this.groups = new Int32Array(points.length).fill(-1);
    const groupOf = new Map<number, number>();
    points.forEach((point, id) => {
      const weight = this.hasHouseholds ? (point.households ?? 0) : point.residents;
      this.residents[id] = Math.round(point.residents * 100);
      this.households[id] = Math.round((point.households ?? 0) * 100);
      this.spending[id] = point.income === undefined ? 0 : Math.round(point.income * weight);
      if (point.income === undefined) return;
      let group = groupOf.get(point.income);
      if (group === undefined) {
        group = this.incomes.length;
        groupOf.set(point.income, group);
        this.incomes.push(point.income);
      }
      this.groups[id] = group;
    });
    const { order } = this.index;
    this.residentSums = prefixSums(order, this.residents);
    this.householdSums = prefixSums(order, this.households);
    this.spendingSums = prefixSums(order, this.spending);
  }

  /**
   * The residents, households and income within `radiusMetres` of `point`.
   *
   * @param point - decimal degrees
   * @param radiusMetres - the radius, metres (a negative or NaN radius holds nothing)
   * @returns the sums, and the median income
   */
  within(point: LatLng, radiusMetres: number): PopulationWithin {
    let residents = 0;
    let households = 0;
    let spending = 0;
    const weights = new Float64Array(this.incomes.length);
    const weightOf = this.hasHouseholds ? this.households : this.residents;
    const { order } = this.index;
    const { groups } = this;
    const weigh = (id: number): void => {
      const group = groups[id] ?? -1;
      if (group >= 0) weights[group] = (weights[group] ?? 0) + (weightOf[id] ?? 0);
    };
    this.index.forEachRunWithin(point, radiusMetres, {
      run: (from, to) => {
        residents += (this.residentSums[to + 1] ?? 0) - (this.residentSums[from] ?? 0);
        households += (this.householdSums[to + 1] ?? 0) - (this.householdSums[from] ?? 0);
        spending += (this.spendingSums[to + 1] ?? 0) - (this.spendingSums[from] ?? 0);
        if (weights.length > 0) for (let position = from; position <= to; position++) weigh(order[position] ?? 0);
      },
      item: (id) => {
        residents += this.residents[id] ?? 0;
        households += this.households[id] ?? 0;
        spending += this.spending[id] ?? 0;
        weigh(id);
      },
    });
    return {
      residents: residents / 100,
      households: this.hasHouseholds ? households / 100 : null,
      medianIncome: weights.length > 0 ? weightedMedian(this.incomes, weights) : null,
      spending: this.hasIncome ? spending : null,
    };
  }
}

/** The weighted median of values (the lowest value at which the cumulative weight reaches half); null for no weight. */
function weightedMedian(values: readonly number[], weights: Float64Array): number | null {
  let total = 0;
  const held: number[] = [];
  weights.forEach((weight, index) => {
    if (weight <= 0) return;
    total += weight;
    held.push(index);
  });
  if (total <= 0) return null;
  held.sort((a, b) => (values[a] ?? 0) - (values[b] ?? 0));
  let cumulative = 0;
  for (const index of held) {
    cumulative += weights[index] ?? 0;
    if (cumulative >= total / 2) return values[index] ?? null;
  }
  return null;
}
