import type { Category } from '@locscore/schema';
import { quantileRankSorted } from 'simple-statistics';
import { MODEL_VERSION } from '../model/version.js';
import type { LatLng } from '../region/types.js';
import { seededSample } from './seeded-sample.js';

/**
 * Address points of a region scored per category to rank a site
 * (`meta.percentile`): every point of a region with at most this many, else a
 * seeded sample of this many. The size bounds the first request of a
 * category (it scores every reference point; `bench/score-latency.ts`
 * measures it) and keeps the sampling error of a percentile under one point
 * (binomial standard error at the median, √(0.25 / 4096) ≈ 0.8 %). See
 * `docs/methodology.md`.
 */
export const DEFAULT_PERCENTILE_SAMPLE_SIZE = 4_096;

/** Seed of the sample of address points, so that a pack ranks the same way in every process. */
export const PERCENTILE_SAMPLE_SEED = 14;

/**
 * Fewest address points a region needs for a percentile: below it a rank
 * says little (one point moves it by more than one percentile point) and
 * results carry none.
 */
export const MIN_PERCENTILE_POINTS = 100;

/** Overall score (0–10) of a point for a category: the model's public scoring function. */
export type PointScorer = (point: LatLng, category: Category) => number;

/** Options of {@link RegionPercentiles}. */
export interface PercentileOptions {
  /**
   * Address points scored per category.
   * @default DEFAULT_PERCENTILE_SAMPLE_SIZE
   */
  sampleSize?: number;
  /**
   * Seed of the sample.
   * @default PERCENTILE_SAMPLE_SEED
   */
  seed?: number;
}

/** The overall scores of a region's reference address points for one category, ascending. */
export interface ScoreTable {
  /** Model version the scores were computed with (part of the cache key). */
  modelVersion: string;
  category: Category;
  /** Overall scores (0–10, one decimal), ascending; one per reference point. */
  scores: readonly number[];
  /** Wall time taken to score the reference points, milliseconds. */
  buildMs: number;
}

/**
 * Where a site's overall score ranks among a region's address points, per
 * category. The reference points (all of the region's address points up to
 * `sampleSize`, else a seeded random sample of them) are scored for a
 * category the first time that category is ranked, and their sorted scores
 * are kept, keyed by model version and category; each later rank is a
 * binary search. Nothing is computed per request over the whole region.
 */
export class RegionPercentiles {
  private readonly reference: readonly LatLng[];
  private readonly tables = new Map<string, ScoreTable>();

  /**
   * @param points - the region's address points (`RegionData.addresses`), in pack order
   * @param scoreAt - the overall score of a point for a category
   * @param options - sample size and seed
   * @throws RangeError when `options.sampleSize` is not a whole number ≥ 0
   */
  constructor(
    points: readonly LatLng[],
    private readonly scoreAt: PointScorer,
    options: PercentileOptions = {},
  ) {
    this.reference = seededSample(points, options.sampleSize ?? DEFAULT_PERCENTILE_SAMPLE_SIZE, options.seed ?? PERCENTILE_SAMPLE_SEED);
  }

  /** Reference points scored per category. */
  get size(): number {
    return this.reference.length;
  }

  /**
   * Whether the category's score table is built (for this model version).
   *
   * @param category - the franchise category
   */
  has(category: Category): boolean {
    return this.tables.has(`${MODEL_VERSION}:${category}`);
  }

  /**
   * The category's score table, scoring the reference points on first use;
   * null when the region has fewer than {@link MIN_PERCENTILE_POINTS} points.
   *
   * @param category - the franchise category
   */
  table(category: Category): ScoreTable | null {
    if (this.reference.length < MIN_PERCENTILE_POINTS) return null;
    const key = `${MODEL_VERSION}:${category}`;
    const cached = this.tables.get(key);
    if (cached !== undefined) return cached;
    const started = performance.now();
    const scores = this.reference.map((point) => this.scoreAt(point, category)).sort((a, b) => a - b);
    const table: ScoreTable = { modelVersion: MODEL_VERSION, category, scores, buildMs: performance.now() - started };
    this.tables.set(key, table);
    return table;
  }

  /**
   * The percentile (0–100, whole number) of an overall score among the
   * region's reference points for a category: the share of them scoring at
   * or below it, tied points counted at their mean position
   * (`quantileRankSorted` of simple-statistics); 100 at or above the best
   * point, 0 below the worst. Null when the region has too few address
   * points ({@link MIN_PERCENTILE_POINTS}).
   *
   * @param category - the franchise category
   * @param score - the site's overall score, 0–10
   * @throws RangeError when `score` is not a finite number
   */
  rank(category: Category, score: number): number | null {
    if (!Number.isFinite(score)) throw new RangeError(`score must be a finite number, got ${String(score)}`);
    const table = this.table(category);
    if (table === null) return null;
    return Math.round(100 * quantileRankSorted(table.scores as number[], score));
  }
}
