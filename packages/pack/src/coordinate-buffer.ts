/**
 * Coordinates as a column stores them: fixed-point `Int32` (`fixed-point.ts`)
 * when every value of the column is a whole number of 10⁻⁷° (OpenStreetMap
 * node coordinates), else the decimal degrees themselves as `Float64`
 * (centroids, census points), so that reading a pack gives back exactly the
 * coordinates written and answers do not move by rounding.
 */
import { bufferOf, type ColumnBuffers } from './column.js';
import { fromFixedPoint, toFixedPoint } from './fixed-point.js';
import { GrowableBuffer } from './typed-buffers.js';

/** A coordinate buffer: fixed-point units or decimal degrees. */
export type Coords = Int32Array | Float64Array;

/** Collects coordinates (decimal degrees) and stores them fixed-point when that loses nothing. */
export class CoordinateBuffer {
  private readonly values = new GrowableBuffer<Float64Array>('f64');
  private exact = true;

  /** Values appended so far. */
  get length(): number {
    return this.values.length;
  }

  /**
   * Appends one latitude or longitude.
   *
   * @param degrees - decimal degrees
   * @throws RangeError for a value that is not finite or beyond ±180°
   */
  push(degrees: number): void {
    const units = toFixedPoint(degrees);
    if (this.exact && fromFixedPoint(units) !== degrees) this.exact = false;
    this.values.push(degrees);
  }

  /** The values: an `Int32Array` of fixed-point units when every value is one exactly, else a `Float64Array` of degrees. */
  finish(): Coords {
    const degrees = this.values.finish();
    if (!this.exact) return degrees;
    const units = new Int32Array(degrees.length);
    for (let i = 0; i < degrees.length; i++) units[i] = toFixedPoint(degrees[i] ?? 0);
    return units;
  }
}

/**
 * The `coords` buffer of a column, of either type.
 *
 * @param buffers - the column's buffers
 * @throws RangeError when absent or of another type
 */
export function coordsOf(buffers: ColumnBuffers): Coords {
  const coords = buffers.coords;
  return coords instanceof Float64Array ? coords : bufferOf(buffers, 'coords', Int32Array);
}

/**
 * Value `k` of a coordinate buffer, decimal degrees.
 *
 * @param coords - a buffer from {@link coordsOf}
 * @param k - the value's index
 */
export function degreesAt(coords: Coords, k: number): number {
  const value = coords[k] ?? Number.NaN;
  return coords instanceof Int32Array ? fromFixedPoint(value) : value;
}
