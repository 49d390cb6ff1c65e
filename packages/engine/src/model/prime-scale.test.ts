import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IDENTITY_SCALE, MAX_PRIME_STRETCH, onPrimeScale, PRIME_THRESHOLD, primeScale } from './prime-scale.js';

/** 100 weighted scores of a region, ascending, whose 99th-percentile point (index 98) is `reference`. */
const table = (reference: number): number[] => [...Array.from({ length: 98 }, (_, i) => Math.round((i / 98) * reference * 10) / 10), reference, 10];
const score = fc.integer({ min: 0, max: 100 }).map((tenths) => tenths / 10);

describe('the region prime scale', () => {
  it('reads the start of the best 1 % as 8.5 (Prime Location) and leaves scores at or below 7.0 as they are', () => {
    const scale = primeScale(table(7.6));
    expect(scale.reference).toBe(7.6);
    expect(scale.stretch).toBeCloseTo(2.5, 9);
    expect(onPrimeScale(7.6, scale)).toBe(PRIME_THRESHOLD);
    expect(onPrimeScale(7.3, scale)).toBe(7.8);
    expect(onPrimeScale(7, scale)).toBe(7);
    expect(onPrimeScale(4.2, scale)).toBe(4.2);
    // Above the reference it rises to 10 at 10: 8.5 + 1.5 × 0.4 / 2.4.
    expect(onPrimeScale(8, scale)).toBe(8.8);
    expect(onPrimeScale(10, scale)).toBe(10);
  });

  it('is the identity for a region whose best sites already read Prime, or are not above the pass line, or would need more than the largest stretch', () => {
    expect(primeScale(table(8.8)).stretch).toBe(1);
    expect(primeScale(table(6.9)).stretch).toBe(1);
    expect(primeScale(table(7 + 1.5 / MAX_PRIME_STRETCH - 0.1)).stretch).toBe(1);
    expect(primeScale(table(7 + 1.5 / MAX_PRIME_STRETCH)).stretch).toBeCloseTo(MAX_PRIME_STRETCH);
    expect(primeScale([])).toBe(IDENTITY_SCALE);
    expect(onPrimeScale(8.1, primeScale(table(8.8)))).toBe(8.1);
  });

  it('never lowers a score, never lowers a higher score below a lower one, and stays within 0-10', () => {
    fc.assert(
      fc.property(fc.integer({ min: 71, max: 84 }), score, score, (referenceTenths, a, b) => {
        const scale = primeScale(table(referenceTenths / 10));
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(onPrimeScale(low, scale)).toBeLessThanOrEqual(onPrimeScale(high, scale));
        expect(onPrimeScale(a, scale)).toBeGreaterThanOrEqual(a);
        expect(onPrimeScale(a, scale)).toBeLessThanOrEqual(10);
      }),
    );
  });
});
