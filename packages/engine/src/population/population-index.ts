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

/**
 * A spatial index over a pack's population points (a {@link PointIndex} on
 * kdbush) that sums the residents, households and income within a circle
 * (haversine, inclusive: `PointIndex.forEachWithin`). Sums are kept in whole
 * hundredths and whole currency units, so they never depend on the order
 * the points are met; the median income takes one pass over the income
 * groups within.
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
    this.index.forEachWithin(point, radiusMetres, (_item, id) => {
      residents += this.residents[id] ?? 0;
      households += this.households[id] ?? 0;
      spending += this.spending[id] ?? 0;
      const group = this.groups[id] ?? -1;
      if (group >= 0) weights[group] = (weights[group] ?? 0) + (weightOf[id] ?? 0);
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
