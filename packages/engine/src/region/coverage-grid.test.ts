import { describe, expect, it } from 'vitest';
import { addressGrid, GRID_CELL_METRES, gridTest, MIN_GRID_ADDRESSES } from './coverage-grid.js';
import { haversineMetres } from './geometry.js';
import type { LatLng } from './types.js';

/** A row of addresses every 20 m going east from Vaduz, about 2.4 km long. */
const row: LatLng[] = Array.from({ length: 120 }, (_, i) => ({ lat: 47.14, lng: 9.52 + i * 0.000265 }));

describe('addressGrid', () => {
  it('covers every address and the cells around it, not the box’s empty parts', () => {
    const grid = addressGrid(row, [9.5, 47.1, 9.6, 47.2]);
    expect(grid).not.toBeNull();
    const inside = gridTest(grid ?? { origin: [0, 0], latStep: 1, lngStep: 1, runs: [] });
    expect(row.every(inside)).toBe(true);
    // One cell north of the row is inside (the neighbouring cells), a kilometre north is not.
    expect(inside({ lat: 47.14 + GRID_CELL_METRES / 111_195, lng: 9.53 })).toBe(true);
    expect(inside({ lat: 47.15, lng: 9.53 })).toBe(false);
    expect(inside({ lat: 47.14, lng: 9.59 })).toBe(false);
    expect(haversineMetres({ lat: 47.14, lng: 9.59 }, row[row.length - 1] as LatLng)).toBeGreaterThan(2 * GRID_CELL_METRES);
  });

  it('stores one run per row of adjacent cells', () => {
    const grid = addressGrid(row, [9.5, 47.1, 9.6, 47.2]);
    expect((grid?.runs.length ?? 0) / 3).toBe(3);
  });

  it('gives no grid for too few addresses to say where the data ends', () => {
    expect(addressGrid(row.slice(0, MIN_GRID_ADDRESSES - 1), [9.5, 47.1, 9.6, 47.2])).toBeNull();
  });
});
