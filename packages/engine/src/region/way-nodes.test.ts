import { describe, expect, it } from 'vitest';
import { WayNodes } from './way-nodes.js';

describe('WayNodes', () => {
  it('returns each way’s node ids, added in or out of order, past the initial capacity', () => {
    const ways = new WayNodes();
    for (let id = 10_000; id > 0; id -= 1) ways.add(id * 3, [id, id + 1, id + 2]);
    ways.add(1e10, [8_294_849_643, 1]);
    expect(ways.size).toBe(10_001);
    expect([...(ways.get(30) ?? [])]).toEqual([10, 11, 12]);
    expect([...(ways.get(15_000) ?? [])]).toEqual([5_000, 5_001, 5_002]);
    expect([...(ways.get(1e10) ?? [])]).toEqual([8_294_849_643, 1]);
    expect(ways.get(31)).toBeNull();
  });
});
