import type { HeatCell, HeatGrid } from '@locscore/schema';
import type { BBox } from '../region/types.js';
import type { ScoredCandidate } from './candidate-sites.js';
import { GridCells } from './grid-cells.js';

/** Smallest heat cell, metres: finer than a trade area says nothing more on a region map. */
export const MIN_HEAT_CELL_METRES = 250;

/**
 * Most cells the heat grid lists (about 48 × 48 of them holding candidates),
 * so the map's answer stays small for a country. Occupied cells, not the
 * box's span, are bounded: a pack with a few far-off objects (an extract's
 * stray addresses on another continent) keeps fine cells where its addresses are.
 */
export const MAX_HEAT_CELLS = 2_304;

/** One heat cell being filled. */
interface Filling {
  row: number;
  column: number;
  score: number;
  sites: number;
}

/** The box `[west, south, east, north]` of the candidates, or null for none. */
function boxOf(scored: readonly ScoredCandidate[]): BBox | null {
  if (scored.length === 0) return null;
  const box: BBox = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (const { lat, lng } of scored) {
    box[0] = Math.min(box[0], lng);
    box[1] = Math.min(box[1], lat);
    box[2] = Math.max(box[2], lng);
    box[3] = Math.max(box[3], lat);
  }
  return box;
}

/**
 * The coarse heat grid of a region's scored candidates for the map: cells
 * of {@link MIN_HEAT_CELL_METRES}, doubled until at most
 * {@link MAX_HEAT_CELLS} of them hold candidates; each such cell gives the
 * best of their scores and how many there are (the best, because a
 * franchisor looks for one good site in an area, not the average one).
 * Cells are listed south to north, west to east.
 *
 * @param scored - the region's scored candidates
 * @returns the grid; no cells and a zero box for no candidates
 */
export function heatGrid(scored: readonly ScoredCandidate[]): HeatGrid {
  const box = boxOf(scored);
  if (box === null) return { cellMetres: MIN_HEAT_CELL_METRES, bbox: [0, 0, 0, 0], cells: [] };
  let grid = gridOf(box, MIN_HEAT_CELL_METRES);
  let cells = fill(grid, scored);
  while (cells.size > MAX_HEAT_CELLS) {
    grid = gridOf(box, 2 * grid.cellMetres);
    cells = fill(grid, scored);
  }
  const list = [...cells.values()].sort((a, b) => a.row - b.row || a.column - b.column);
  return {
    cellMetres: grid.cellMetres,
    bbox: box,
    cells: list.map(({ row, column, score, sites }): HeatCell => {
      const [west, south, east, north] = grid.boxOf(row, column);
      return { south, west, north, east, score, sites };
    }),
  };
}

/** A grid of `metres` cells from the box's south-west corner. */
function gridOf(box: BBox, metres: number): GridCells {
  return new GridCells({ lat: box[1], lng: box[0] }, metres, (box[1] + box[3]) / 2);
}

/** The occupied cells of `grid`, with the best score and count of their candidates. */
function fill(grid: GridCells, scored: readonly ScoredCandidate[]): Map<string, Filling> {
  const cells = new Map<string, Filling>();
  for (const candidate of scored) {
    const [row, column] = grid.cellOf(candidate);
    const key = `${row}:${column}`;
    const cell = cells.get(key);
    if (cell === undefined) cells.set(key, { row, column, score: candidate.score, sites: 1 });
    else {
      cell.score = Math.max(cell.score, candidate.score);
      cell.sites += 1;
    }
  }
  return cells;
}
