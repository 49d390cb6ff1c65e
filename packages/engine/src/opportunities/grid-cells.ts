import { EARTH_RADIUS_METRES } from '../region/geometry.js';
import type { LatLng } from '../region/types.js';

/** Metres of one degree of latitude on the engine's sphere (`EARTH_RADIUS_METRES`). */
const METRES_PER_DEGREE = (Math.PI * EARTH_RADIUS_METRES) / 180;

/**
 * A regular latitude/longitude grid of cells about `cellMetres` on a side:
 * `cellMetres` north–south everywhere, east–west at `middleLat` (cells
 * narrow in metres away from it, as any plate carrée grid does). Cells are
 * addressed by row (south to north) and column (west to east) from `origin`.
 */
export class GridCells {
  /** Cell height, degrees of latitude. */
  readonly latStep: number;
  /** Cell width, degrees of longitude. */
  readonly lngStep: number;

  /**
   * @param origin - the south-west corner of cell (0, 0), decimal degrees
   * @param cellMetres - side of a cell, metres (> 0)
   * @param middleLat - latitude where cells are square, decimal degrees
   * @throws RangeError when `cellMetres` is not a positive finite number
   */
  constructor(
    readonly origin: LatLng,
    readonly cellMetres: number,
    middleLat: number,
  ) {
    if (!Number.isFinite(cellMetres) || cellMetres <= 0) throw new RangeError(`cellMetres must be a positive number, got ${String(cellMetres)}`);
    this.latStep = cellMetres / METRES_PER_DEGREE;
    this.lngStep = this.latStep / Math.max(0.01, Math.cos((middleLat * Math.PI) / 180));
  }

  /** `[row, column]` of the cell holding `point`. */
  cellOf(point: LatLng): [number, number] {
    return [Math.floor((point.lat - this.origin.lat) / this.latStep), Math.floor((point.lng - this.origin.lng) / this.lngStep)];
  }

  /** A key naming the cell holding `point`, for maps. */
  keyOf(point: LatLng): string {
    const [row, column] = this.cellOf(point);
    return `${row}:${column}`;
  }

  /** The box `[west, south, east, north]` of cell (`row`, `column`), decimal degrees. */
  boxOf(row: number, column: number): [number, number, number, number] {
    const south = this.origin.lat + row * this.latStep;
    const west = this.origin.lng + column * this.lngStep;
    return [west, south, west + this.lngStep, south + this.latStep];
  }

  /** The centre of cell (`row`, `column`), decimal degrees. */
  centreOf(row: number, column: number): LatLng {
    const [west, south, east, north] = this.boxOf(row, column);
    return { lat: (south + north) / 2, lng: (west + east) / 2 };
  }

  /**
   * Rows and columns the grid needs to cover `box` from `origin`.
   *
   * @param box - `[west, south, east, north]`, decimal degrees
   */
  extentOf(box: readonly [number, number, number, number]): { rows: number; columns: number } {
    return {
      rows: Math.max(1, Math.ceil((box[3] - this.origin.lat) / this.latStep)),
      columns: Math.max(1, Math.ceil((box[2] - this.origin.lng) / this.lngStep)),
    };
  }
}

/**
 * Metres a grid's cells must have for `box` to hold at most `maxCells` of
 * them: `startMetres` doubled until it does.
 *
 * @param box - `[west, south, east, north]`, decimal degrees
 * @param startMetres - the wanted side, metres
 * @param maxCells - most cells allowed (≥ 1)
 */
export function cellMetresFor(box: readonly [number, number, number, number], startMetres: number, maxCells: number): number {
  let metres = startMetres;
  const middleLat = (box[1] + box[3]) / 2;
  for (;;) {
    const { rows, columns } = new GridCells({ lat: box[1], lng: box[0] }, metres, middleLat).extentOf(box);
    if (rows * columns <= maxCells) return metres;
    metres *= 2;
  }
}
