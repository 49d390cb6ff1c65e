import { CATEGORIES, type Category } from '@locscore/schema';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODEL_VERSION } from '../model/version.js';
import type { LatLng } from '../region/types.js';
import { MIN_PERCENTILE_POINTS, RegionPercentiles } from './region-percentiles.js';

/** Points along a meridian; the test scorer reads a score off the latitude. */
const points = (n: number): LatLng[] => Array.from({ length: n }, (_, i) => ({ lat: i / 1000, lng: 0 }));
const byLatitude = (point: LatLng): number => Math.round(point.lat * 1000) / 10;

describe('RegionPercentiles', () => {
  it('ranks a score by the share of reference points scoring at or below it', () => {
    // 200 points scoring 0.0, 0.1, …, 19.9 (the scorer is synthetic; only the order matters).
    const ranks = new RegionPercentiles(points(200), byLatitude);
    expect(ranks.rank('coffee', -1)).toBe(0);
    expect(ranks.rank('coffee', 4.95)).toBe(25); // 50 of 200 below
    expect(ranks.rank('coffee', 9.9)).toBe(50); // the 100th of 200
    expect(ranks.rank('coffee', 19.9)).toBe(100);
    expect(ranks.rank('coffee', 25)).toBe(100);
  });

  it('counts tied points at their mean position', () => {
    const ranks = new RegionPercentiles(points(MIN_PERCENTILE_POINTS), (point) => (point.lat < 0.05 ? 3 : 7));
    // 50 points at 3 (positions 1..50, mean 25.5) and 50 at 7 (positions 51..100, mean 75.5).
    expect(ranks.rank('coffee', 3)).toBe(26);
    expect(ranks.rank('coffee', 7)).toBe(76);
    expect(ranks.rank('coffee', 5)).toBe(50);
  });

  it('scores the reference points once per category and model version, on first use', () => {
    const calls: Category[] = [];
    const ranks = new RegionPercentiles(points(150), (point, category) => {
      calls.push(category);
      return byLatitude(point);
    });
    expect(calls).toHaveLength(0);
    ranks.rank('coffee', 5);
    ranks.rank('coffee', 6);
    expect(calls).toHaveLength(150);
    ranks.rank('gym-fitness', 5);
    expect(calls).toHaveLength(300);
    expect(ranks.table('coffee')?.modelVersion).toBe(MODEL_VERSION);
    expect(ranks.table('coffee')?.scores).toHaveLength(150);
  });

  it('is monotone: a higher score never ranks lower', () => {
    const ranks = new RegionPercentiles(points(300), (point) => Math.round(Math.sin(point.lat * 100) * 50 + 50) / 10);
    fc.assert(
      fc.property(
        fc.constantFrom(...CATEGORIES),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (category, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(ranks.rank(category, low)).toBeLessThanOrEqual(ranks.rank(category, high) ?? -1);
        },
      ),
    );
  });

  it('ranks against a seeded sample when the region has more points than the sample size', () => {
    const all = points(5_000);
    const sampled = new RegionPercentiles(all, byLatitude, { sampleSize: 1_000 });
    expect(sampled.size).toBe(1_000);
    expect(sampled.table('coffee')?.scores).toHaveLength(1_000);
    // Uniform scores 0..499.9: a simple random sample of 1,000 ranks the median within a few points.
    expect(Math.abs((sampled.rank('coffee', 250) ?? 0) - 50)).toBeLessThanOrEqual(5);
    const again = new RegionPercentiles(all, byLatitude, { sampleSize: 1_000 });
    expect(again.table('coffee')?.scores).toEqual(sampled.table('coffee')?.scores);
  });

  it('gives no percentile for a region with too few address points, and refuses a non-finite score', () => {
    const small = new RegionPercentiles(points(MIN_PERCENTILE_POINTS - 1), byLatitude);
    expect(small.rank('coffee', 5)).toBeNull();
    expect(small.table('coffee')).toBeNull();
    const ranks = new RegionPercentiles(points(MIN_PERCENTILE_POINTS), byLatitude);
    expect(() => ranks.rank('coffee', Number.NaN)).toThrow(/score/);
  });
});
