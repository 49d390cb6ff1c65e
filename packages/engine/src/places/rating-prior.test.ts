import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEAN_RATING, MIN_RATED_FOR_MEAN, NO_SHRINKAGE, RATING_PRIOR_WEIGHT, ratingPrior, shrinkRating } from './rating-prior.js';

describe('shrinkRating', () => {
  const prior = { mean: 4.2, weight: RATING_PRIOR_WEIGHT, source: 'category', rated: 30 } as const;

  it('is the Bayesian average (n·r + m·μ)/(n + m)', () => {
    expect(shrinkRating(2, 3, prior)).toBeCloseTo((3 * 2 + 10 * 4.2) / 13, 12);
    expect(shrinkRating(2, 3_000, prior)).toBeCloseTo((3_000 * 2 + 10 * 4.2) / 3_010, 12);
    // A 2★ place with 3 reviews ends near the mean, one with 3,000 keeps its 2★.
    expect(shrinkRating(2, 3, prior)).toBeGreaterThan(3.6);
    expect(shrinkRating(2, 3_000, prior)).toBeLessThan(2.01);
    expect(shrinkRating(5, 0, prior)).toBe(4.2);
  });

  it('gives the mean for an unknown rating, counts an unknown review count as m, and leaves ratings alone without a prior weight', () => {
    expect(shrinkRating(null, 50, prior)).toBe(4.2);
    expect(shrinkRating(5, undefined, prior)).toBeCloseTo((5 + 4.2) / 2, 12);
    expect(shrinkRating(5, null, prior)).toBeCloseTo((5 + 4.2) / 2, 12);
    expect(shrinkRating(3.5, 7, NO_SHRINKAGE)).toBe(3.5);
    expect(shrinkRating(9, 7, NO_SHRINKAGE)).toBe(5);
    expect(shrinkRating(null, 7, NO_SHRINKAGE)).toBe(DEFAULT_MEAN_RATING);
  });

  it('lies between the rating and the mean, rises with the rating and nears the rating as reviews grow', () => {
    const stars = fc.double({ min: 0, max: 5, noNaN: true });
    fc.assert(
      fc.property(stars, stars, stars, fc.nat(100_000), fc.nat(100_000), fc.double({ min: 0.1, max: 100, noNaN: true }), (r, other, mu, n, more, m) => {
        const p = { mean: mu, weight: m, source: 'category', rated: 10 } as const;
        const shrunk = shrinkRating(r, n, p);
        expect(shrunk).toBeGreaterThanOrEqual(Math.min(r, mu) - 1e-9);
        expect(shrunk).toBeLessThanOrEqual(Math.max(r, mu) + 1e-9);
        expect(shrinkRating(Math.max(r, other), n, p)).toBeGreaterThanOrEqual(shrinkRating(Math.min(r, other), n, p) - 1e-12);
        expect(Math.abs(shrinkRating(r, n + more, p) - r)).toBeLessThanOrEqual(Math.abs(shrunk - r) + 1e-9);
      }),
    );
  });
});

describe('ratingPrior', () => {
  it('takes the category mean from 5 rated places, else the region mean, else 4★', () => {
    expect(ratingPrior([4, 5, 4.5, 3.5, 4], [1, 1, 1, 1, 1])).toEqual({ mean: 4.2, weight: RATING_PRIOR_WEIGHT, source: 'category', rated: 5 });
    expect(ratingPrior([5], [3, 3, 4, 4, 5, 5])).toEqual({ mean: 4, weight: RATING_PRIOR_WEIGHT, source: 'region', rated: 6 });
    expect(ratingPrior([5], [5, 5])).toEqual({ mean: DEFAULT_MEAN_RATING, weight: RATING_PRIOR_WEIGHT, source: 'default', rated: 0 });
    expect(MIN_RATED_FOR_MEAN).toBe(5);
  });
});
