import { describe, expect, it } from 'vitest';
import { heatGrid, MAX_HEAT_CELLS, MIN_HEAT_CELL_METRES } from './heat-grid.js';

const site = (lat: number, lng: number, score: number) => ({ lat, lng, label: null, score });

describe('heatGrid', () => {
  it('gives each cell the best score of its candidates and their count', () => {
    const grid = heatGrid([site(47.1, 9.5, 4), site(47.1001, 9.5001, 8.2), site(47.2, 9.6, 3.1)]);
    expect(grid.cellMetres).toBe(MIN_HEAT_CELL_METRES);
    expect(grid.bbox).toEqual([9.5, 47.1, 9.6, 47.2]);
    expect(grid.cells.map((cell) => [cell.score, cell.sites])).toEqual([
      [8.2, 2],
      [3.1, 1],
    ]);
    const [first] = grid.cells;
    expect(first?.south).toBeLessThanOrEqual(47.1);
    expect(first?.north).toBeGreaterThan(47.1001);
  });

  it('keeps fine cells beside a far-off stray, coarsens them when too many hold candidates, and answers an empty grid for none', () => {
    expect(heatGrid([site(47.1, 9.5, 5), site(32.4, -86.4, 6)]).cellMetres).toBe(MIN_HEAT_CELL_METRES);
    const dense = Array.from({ length: 3_000 }, (_, index) => site(47 + Math.floor(index / 60) * 0.003, 9 + (index % 60) * 0.004, 5));
    const coarse = heatGrid(dense);
    expect(coarse.cellMetres).toBe(2 * MIN_HEAT_CELL_METRES);
    expect(coarse.cells.length).toBeLessThanOrEqual(MAX_HEAT_CELLS);
    expect(coarse.cells.reduce((sum, cell) => sum + cell.sites, 0)).toBe(3_000);
    expect(heatGrid([])).toEqual({ cellMetres: MIN_HEAT_CELL_METRES, bbox: [0, 0, 0, 0], cells: [] });
  });
});
