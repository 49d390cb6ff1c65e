import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitInHundredths } from './hundredths.js';

describe('splitInHundredths', () => {
  it('keeps the amount exactly, in proportion to the weights', () => {
    expect(splitInHundredths(10, [1, 1, 1])).toEqual([3.34, 3.33, 3.33]);
    expect(splitInHundredths(6_721, [300, 100])).toEqual([5_040.75, 1_680.25]);
    expect(splitInHundredths(5, [0, 0])).toEqual([2.5, 2.5]);
    expect(splitInHundredths(5, [])).toEqual([]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (cents, weights) => {
          const parts = splitInHundredths(cents / 100, weights);
          expect(Math.round(parts.reduce((sum, part) => sum + part * 100, 0))).toBe(cents);
          for (const part of parts) expect(part).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
