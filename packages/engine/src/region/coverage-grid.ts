import type { BBox, CoverageGrid, LatLng } from './types.js';

/** Side of a coverage-grid cell in metres (north–south; east–west at the box's middle latitude). */
export const GRID_CELL_METRES = 250;

/** Fewest addresses for which a pack's coverage is the grid they fill rather than its box. */
export const MIN_GRID_ADDRESSES = 100;

/** Metres per degree of latitude (mean Earth radius). */
const METRES_PER_DEGREE = 111_195;

/**
 * The area a set of addresses fills, as a grid of {@link GRID_CELL_METRES}
 * cells over a box: every cell holding an address, and the eight cells
 * around it (so a street between two addressed blocks, or the last lot
 * before the extract's edge, stays inside). An extract cut by a box holds
 * addresses only where they were mapped and the extract reached; the cells
 * they fill are the pack's coverage, not the box's empty corners.
 *
 * @param points - the addresses
 * @param bbox - the box they lie in, `[minLng, minLat, maxLng, maxLat]`
 * @returns the grid, or null for fewer than {@link MIN_GRID_ADDRESSES} points (too few to say where the data ends)
 */
export function addressGrid(points: readonly LatLng[], bbox: BBox): CoverageGrid | null {
  if (points.length < MIN_GRID_ADDRESSES) return null;
  const [minLng, minLat, , maxLat] = bbox;
  const latStep = GRID_CELL_METRES / METRES_PER_DEGREE;
  const middle = ((minLat + maxLat) / 2) * (Math.PI / 180);
  const lngStep = GRID_CELL_METRES / (METRES_PER_DEGREE * Math.max(0.01, Math.cos(middle)));
  const cells = new Set<string>();
  for (const point of points) {
    const row = Math.floor((point.lat - minLat) / latStep);
    const col = Math.floor((point.lng - minLng) / lngStep);
    for (let dr = -1; dr <= 1; dr += 1) for (let dc = -1; dc <= 1; dc += 1) cells.add(`${row + dr},${col + dc}`);
  }
  const sorted = [...cells].map((key) => key.split(',').map(Number) as [number, number]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const runs: number[] = [];
  for (const [row, col] of sorted) {
    const last = runs.length - 3;
    if (last >= 0 && runs[last] === row && runs[last + 2] === col - 1) runs[last + 2] = col;
    else runs.push(row, col, col);
  }
  return { origin: [minLng, minLat], latStep, lngStep, runs };
}

/**
 * A test of whether a point lies in one of a grid's cells.
 *
 * @param grid - from {@link addressGrid}
 * @returns the test
 */
export function gridTest(grid: CoverageGrid): (point: LatLng) => boolean {
  const rows = new Map<number, Array<[number, number]>>();
  for (let index = 0; index + 2 < grid.runs.length; index += 3) {
    const row = grid.runs[index] as number;
    const list = rows.get(row) ?? [];
    list.push([grid.runs[index + 1] as number, grid.runs[index + 2] as number]);
    rows.set(row, list);
  }
  const [west, south] = grid.origin;
  return (point) => {
    const runs = rows.get(Math.floor((point.lat - south) / grid.latStep));
    if (runs === undefined) return false;
    const col = Math.floor((point.lng - west) / grid.lngStep);
    return runs.some(([first, last]) => col >= first && col <= last);
  };
}
