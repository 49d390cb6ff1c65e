import { describe, expect, it } from 'vitest';
import { CoordinateIndex } from './coordinate-index.js';

describe('CoordinateIndex', () => {
  it('finds coordinates by id at 1e-7 degree precision, in or out of order, beyond one growth', () => {
    const index = new CoordinateIndex();
    const ids: number[] = [];
    for (let i = 0; i < 70_000; i++) ids.push(((i * 7919) % 70_000) * 3 + 10_000_000_000);
    for (const id of ids) index.add(id, (id % 1000) / 100, -((id % 777) / 10));
    expect(index.size).toBe(70_000);
    for (const id of ids.slice(0, 500)) {
      const point = index.get(id);
      expect(point?.lat).toBeCloseTo((id % 1000) / 100, 7);
      expect(point?.lng).toBeCloseTo(-((id % 777) / 10), 7);
    }
    expect(index.get(5)).toBeNull();
    expect(index.get(10_000_000_001)).toBeNull();
  });
});
