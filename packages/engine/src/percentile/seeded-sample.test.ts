import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededSample } from './seeded-sample.js';

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('seededSample', () => {
  it('keeps every item, in order, when the population is not larger than the sample', () => {
    expect(seededSample(range(5), 5, 1)).toEqual(range(5));
    expect(seededSample(range(3), 10, 1)).toEqual(range(3));
    expect(seededSample([], 4, 1)).toEqual([]);
  });

  it('draws the requested number of distinct items of the population, the same ones for the same seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 0, max: 400 }), fc.integer(), (population, size, seed) => {
        const items = range(population);
        const sample = seededSample(items, size, seed);
        expect(sample).toHaveLength(Math.min(size, population));
        expect(new Set(sample).size).toBe(sample.length);
        for (const item of sample) expect(item).toBeLessThan(population);
        expect(seededSample(items, size, seed)).toEqual(sample);
      }),
    );
  });

  it('draws different samples for different seeds and spreads over the whole population', () => {
    const items = range(10_000);
    const a = seededSample(items, 1_000, 1);
    const b = seededSample(items, 1_000, 2);
    expect(a).not.toEqual(b);
    // A simple random sample of 1,000 of 0..9,999 has a mean near 5,000 (sd about 91).
    const mean = a.reduce((sum, value) => sum + value, 0) / a.length;
    expect(mean).toBeGreaterThan(4_500);
    expect(mean).toBeLessThan(5_500);
  });

  it('refuses a size or seed that is not a whole number', () => {
    expect(() => seededSample(range(3), -1, 1)).toThrow(/size/);
    expect(() => seededSample(range(3), 1.5, 1)).toThrow(/size/);
    expect(() => seededSample(range(3), 1, 0.5)).toThrow(/seed/);
  });
});
