import { afterEach, describe, expect, it } from 'vitest';
import { NodeLocations, PAGE_NODES, UnsortedNodesError } from './node-locations.js';

let store: NodeLocations | null = null;

afterEach(() => {
  store?.close();
  store = null;
});

describe('NodeLocations', () => {
  it('finds every node across pages on disk, the partial last page and a small page cache', () => {
    store = new NodeLocations(2);
    const count = PAGE_NODES * 3 + 17;
    for (let i = 0; i < count; i++) store.add(10 + 3 * i, 47 + i * 1e-6, 9.5 - i * 1e-6);
    expect(store.size).toBe(count);
    const out = new Int32Array(2);
    for (const i of [count - 1, 0, PAGE_NODES, 2 * PAGE_NODES + 5, 1, count - 2, PAGE_NODES - 1]) {
      expect(store.get(10 + 3 * i, out)).toBe(true);
      expect([out[0], out[1]]).toEqual([Math.round((9.5 - i * 1e-6) * 1e7), Math.round((47 + i * 1e-6) * 1e7)]);
    }
  });

  it('finds nodes of consecutive ids by index, with one cached page, fixed-point as given', () => {
    store = new NodeLocations(1);
    const count = PAGE_NODES * 2 + 3;
    for (let i = 0; i < count; i++) store.addFixed(1 + i, 470_000_000 + i, 95_000_000 - i);
    const out = new Int32Array(2);
    for (const i of [0, PAGE_NODES + 1, 1, count - 1, 2 * PAGE_NODES - 1, PAGE_NODES - 1]) {
      expect(store.get(1 + i, out)).toBe(true);
      expect([out[0], out[1]]).toEqual([95_000_000 - i, 470_000_000 + i]);
    }
    expect(store.get(count + 1, out)).toBe(false);
  });

  it('answers false for ids it does not hold', () => {
    store = new NodeLocations();
    store.add(5, 1, 1);
    store.add(9, 1, 1);
    const out = new Int32Array(2);
    expect([store.get(4, out), store.get(7, out), store.get(10, out)]).toEqual([false, false, false]);
  });

  it('refuses nodes out of id order, naming both ids', () => {
    store = new NodeLocations();
    store.add(9, 1, 1);
    expect(() => store?.add(9, 1, 1)).toThrow(UnsortedNodesError);
    expect(() => store?.add(3, 1, 1)).toThrow(/node 3 comes after node 9/);
  });
});
