import KDBush from 'kdbush';
import { forEachInBox, type WholeNodes } from '../places/kd-range.js';
import { assertFinitePoints } from '../places/point-index.js';
import { cosineOfLatitude, countingBox, type RangeBox, SearchCircle } from '../places/search-circle.js';
import { BBoxBuilder } from '../region/geometry.js';
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

/** Points per kd-tree leaf: small, so that more of a circle is taken as whole subtrees. */
const NODE_SIZE = 16;

/**
 * A spatial index over a pack's population points (kdbush) that sums the
 * residents, households and income within a circle (haversine, inclusive,
 * the same membership as `PointIndex.countWithin`). Subtrees wholly inside
 * the circle are summed from prefix sums; the median income needs one pass
 * over the income groups within.
 */
export class PopulationIndex {
  /** Whether the points carry households. */
  readonly hasHouseholds: boolean;
  /** Whether the points carry income. */
  readonly hasIncome: boolean;
  /** Points indexed. */
  readonly size: number;
  private readonly tree: KDBush | null;
  private readonly cosLats: Float64Array;
  /** Per tree position, and prefix sums over positions: residents and households in hundredths, spending in whole units. */
  private readonly values: Float64Array[];
  private readonly prefix: Float64Array[];
  /** Per tree position: the income group (index into `incomes`), or -1. */
  private readonly groups: Int32Array;
  private readonly incomes: number[];
  private readonly extent: RangeBox;

  /**
   * @param points - the population layer
   * @throws TypeError naming `items[<index>]` for a point with non-finite coordinates
   */
  constructor(points: readonly PopulationPoint[]) {
    assertFinitePoints(points);
    this.size = points.length;
    this.hasHouseholds = points.some((point) => point.households !== undefined);
    this.hasIncome = points.some((point) => point.income !== undefined);
    this.cosLats = new Float64Array(points.length);
    this.values = [0, 1, 2].map(() => new Float64Array(points.length));
    this.prefix = [0, 1, 2].map(() => new Float64Array(points.length + 1));
    this.groups = new Int32Array(points.length).fill(-1);
    this.incomes = [];
    this.extent = boundsOf(points);
    if (points.length === 0) {
      this.tree = null;
      return;
    }
    const tree = new KDBush(points.length, NODE_SIZE);
    for (const point of points) tree.add(point.lng, point.lat);
    this.tree = tree.finish();
    const groupOf = new Map<number, number>();
    tree.ids.forEach((id, position) => {
      const point = points[id] as PopulationPoint;
      this.cosLats[position] = cosineOfLatitude(point.lat);
      const weight = this.hasHouseholds ? (point.households ?? 0) : point.residents;
      // Whole hundredths and whole currency units: sums of integers are exact, so a sum never depends on how the tree splits it.
      const row = [
        Math.round(point.residents * 100),
        Math.round((point.households ?? 0) * 100),
        point.income === undefined ? 0 : Math.round(point.income * weight),
      ];
      row.forEach((value, column) => {
        (this.values[column] as Float64Array)[position] = value;
        const prefix = this.prefix[column] as Float64Array;
        prefix[position + 1] = (prefix[position] ?? 0) + value;
      });
      if (point.income === undefined) return;
      let group = groupOf.get(point.income);
      if (group === undefined) {
        group = this.incomes.length;
        groupOf.set(point.income, group);
        this.incomes.push(point.income);
      }
      this.groups[position] = group;
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
    const sum = { residents: 0, households: 0, spending: 0 };
    const weights = new Float64Array(this.incomes.length);
    const tree = this.tree;
    if (tree !== null && radiusMetres >= 0) {
      const circle = new SearchCircle(point, radiusMetres);
      const { coords } = tree;
      const { cosLats, groups } = this;
      const [residents, households, spending] = this.values as [Float64Array, Float64Array, Float64Array];
      const [residentsBefore, householdsBefore, spendingBefore] = this.prefix as [Float64Array, Float64Array, Float64Array];
      const weightOf = this.hasHouseholds ? households : residents;
      const grouped = this.incomes.length > 0;
      const addGroup = (position: number): void => {
        const group = groups[position] ?? -1;
        if (group >= 0) weights[group] = (weights[group] ?? 0) + (weightOf[position] ?? 0);
      };
      const whole: WholeNodes = {
        covers: (minLng, minLat, maxLng, maxLat) => circle.holdsBox(minLng, minLat, maxLng, maxLat),
        take: (first, last) => {
          sum.residents += (residentsBefore[last + 1] ?? 0) - (residentsBefore[first] ?? 0);
          sum.households += (householdsBefore[last + 1] ?? 0) - (householdsBefore[first] ?? 0);
          sum.spending += (spendingBefore[last + 1] ?? 0) - (spendingBefore[first] ?? 0);
          if (grouped) for (let position = first; position <= last; position++) addGroup(position);
        },
      };
      const visit = (position: number): void => {
        if (!circle.contains(coords[2 * position + 1] ?? 0, coords[2 * position] ?? 0, cosLats[position] ?? 0)) return;
        sum.residents += residents[position] ?? 0;
        sum.households += households[position] ?? 0;
        sum.spending += spending[position] ?? 0;
        if (grouped) addGroup(position);
      };
      forEachInBox(tree, countingBox(point, radiusMetres), visit, whole, this.extent);
    }
    return {
      residents: sum.residents / 100,
      households: this.hasHouseholds ? sum.households / 100 : null,
      medianIncome: weights.length > 0 ? weightedMedian(this.incomes, weights) : null,
      spending: this.hasIncome ? sum.spending : null,
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

/** The smallest box holding every point ({@link BBoxBuilder}). */
function boundsOf(points: readonly LatLng[]): RangeBox {
  const box = new BBoxBuilder();
  for (const point of points) box.add(point);
  return box.result();
}
