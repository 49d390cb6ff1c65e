import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSorted, grownColumn, permuted, sortOrder } from './sorted-columns.js';

describe('sorted columns', () => {
  it('grows a column of any kind, keeping its entries at the start', () => {
    const grown = grownColumn(Int32Array.of(-3, 7), 4);
    expect(grown).toBeInstanceOf(Int32Array);
    expect([...grown]).toEqual([-3, 7, 0, 0]);
  });

  it('sorts parallel columns by id and finds every id in use, and none that is absent', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 1e12 }), { maxLength: 60 }), fc.integer({ min: 0, max: 8 }), (values, spare) => {
        const ids = grownColumn(Float64Array.from(values), values.length + spare);
        const payload = grownColumn(Uint32Array.from(values.map((_, i) => i)), values.length + spare);
        const order = sortOrder(ids, values.length);
        const sortedIds = permuted(ids, order);
        const sortedPayload = permuted(payload, order);
        expect(sortedIds).toHaveLength(ids.length);
        for (const [position, id] of values.entries()) {
          const at = findSorted(sortedIds, values.length, id);
          expect(sortedPayload[at]).toBe(position);
        }
        expect(findSorted(sortedIds, values.length, 0)).toBe(-1);
      }),
    );
  });
});
