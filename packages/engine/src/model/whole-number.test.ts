import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatWholeNumber } from './whole-number.js';

const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

describe('formatWholeNumber', () => {
  it('writes what Intl.NumberFormat en-US with no fraction digits writes', () => {
    for (const value of [
      0,
      -0,
      1,
      12,
      999,
      1_000,
      1_234,
      12_345,
      999_999,
      1_000_000,
      123_456_789,
      Number.MAX_SAFE_INTEGER,
      2 ** 60,
      -1,
      -1_234,
      0.5,
      1.5,
      2.5,
      1_234.5,
      -0.4,
      3_999.9999,
      Number.NaN,
      Infinity,
      -Infinity,
      1e21,
    ]) {
      expect(formatWholeNumber(value)).toBe(intl.format(value));
    }
    fc.assert(
      fc.property(fc.oneof(fc.nat(), fc.integer(), fc.double({ min: -1e7, max: 1e9 })), (value) => formatWholeNumber(value) === intl.format(value)),
      { numRuns: 5_000 },
    );
  });
});
