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

  it('coarsens the cells over a wide region and answers an empty grid for no candidates', () => {
    const wide = heatGrid([site(40, -80, 5), site(50, -60, 6)]);
    expect(wide.cellMetres).toBeGreaterThan(MIN_HEAT_CELL_METRES);
    const rows = Math.ceil((10 * 111_195) / wide.cellMetres);
    expect(rows * rows).toBeLessThanOrEqual(4 * MAX_HEAT_CELLS);
    expect(heatGrid([])).toEqual({ cellMetres: MIN_HEAT_CELL_METRES, bbox: [0, 0, 0, 0], cells: [] });
  });
});
