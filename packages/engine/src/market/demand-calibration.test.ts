import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentileOf } from './demand-calibration.js';

describe('percentileOf', () => {
  it('places a value among the region’s sorted amounts, ties counted half', () => {
    const sorted = Float64Array.from([0, 0, 1, 2, 2, 2, 5, 9]);
    expect(percentileOf(sorted, -1)).toBe(0);
    expect(percentileOf(sorted, 0)).toBe(1 / 8);
    expect(percentileOf(sorted, 2)).toBe((3 + 1.5) / 8);
    expect(percentileOf(sorted, 3)).toBe(6 / 8);
    expect(percentileOf(sorted, 10)).toBe(1);
    expect(percentileOf(new Float64Array(0), 3)).toBe(0);
  });

  it('never falls as the value rises, and matches a count of the smaller and equal amounts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 50 }),
        fc.integer({ min: -1, max: 21 }),
        fc.nat(5),
        (values, value, rise) => {
          const sorted = Float64Array.from(values).sort();
          const less = values.filter((v) => v < value).length;
          const equal = values.filter((v) => v === value).length;
          expect(percentileOf(sorted, value)).toBe((less + equal / 2) / values.length);
          expect(percentileOf(sorted, value + rise)).toBeGreaterThanOrEqual(percentileOf(sorted, value));
        },
      ),
    );
  });
});
