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

/**
 * Collects coordinates (decimal degrees) as fixed-point units while every
 * value is a whole unit, and switches to degrees (copying the units so far,
 * which convert back exactly) at the first that is not.
 */
export class CoordinateBuffer {
  private units: GrowableBuffer<Int32Array> | null = new GrowableBuffer<Int32Array>('i32');
  private degrees: GrowableBuffer<Float64Array> | null = null;

  /** Values appended so far. */
  get length(): number {
    return this.units?.length ?? this.degrees?.length ?? 0;
  }

  /**
   * Appends one latitude or longitude.
   *
   * @param degrees - decimal degrees
   * @throws RangeError for a value that is not finite or beyond ±180°
   */
  push(degrees: number): void {
    const units = toFixedPoint(degrees);
    if (this.units !== null && fromFixedPoint(units) === degrees) {
      this.units.push(units);
      return;
    }
    if (this.units !== null) this.switchToDegrees(this.units);
    this.degrees?.push(degrees);
  }

  private switchToDegrees(units: GrowableBuffer<Int32Array>): void {
    const stored = units.finish();
    const degrees = new GrowableBuffer<Float64Array>('f64', Math.max(1024, stored.length * 2));
    for (const value of stored) degrees.push(fromFixedPoint(value));
    this.degrees = degrees;
    this.units = null;
  }

  /** The values: an `Int32Array` of fixed-point units when every value is one exactly, else a `Float64Array` of degrees. */
  finish(): Coords {
    return this.units?.finish() ?? this.degrees?.finish() ?? new Int32Array(0);
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
