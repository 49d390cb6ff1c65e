import type { HeatCell, HeatGrid } from '@locscore/schema';
import type { BBox } from '../region/types.js';
import { cellMetresFor, GridCells } from './grid-cells.js';
import type { ScoredCandidate } from './opportunity-table.js';

/** Smallest heat cell, metres: finer than a trade area says nothing more on a region map. */
export const MIN_HEAT_CELL_METRES = 250;

/** Most heat cells the grid's box may span (about 48 × 48), so the map's answer stays small for a country. */
export const MAX_HEAT_CELLS = 2_304;

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
 * of {@link MIN_HEAT_CELL_METRES}, doubled until the candidates' box spans
 * at most {@link MAX_HEAT_CELLS}; each cell holding candidates gives the
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
  const metres = cellMetresFor(box, MIN_HEAT_CELL_METRES, MAX_HEAT_CELLS);
  const grid = new GridCells({ lat: box[1], lng: box[0] }, metres, (box[1] + box[3]) / 2);
  const cells = new Map<string, { row: number; column: number; score: number; sites: number }>();
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
  const list = [...cells.values()].sort((a, b) => a.row - b.row || a.column - b.column);
  return {
    cellMetres: metres,
    bbox: box,
    cells: list.map(({ row, column, score, sites }): HeatCell => {
      const [west, south, east, north] = grid.boxOf(row, column);
      return { south, west, north, east, score, sites };
    }),
  };
}
