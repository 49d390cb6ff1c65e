/**
 * The spatial indexes stored in a pack: a kdbush tree over a point layer and
 * a flatbush tree over the boxes of a line or polygon layer, both in decimal
 * degrees (`Float64`, as geokdbush searches them) with items in row order and
 * the libraries' default node sizes. Both serialise to one `ArrayBuffer`
 * (`index.data`), which the pack stores as bytes and the reader hands back
 * to `KDBush.from` / `Flatbush.from`: nothing is rebuilt at load.
 */
import Flatbush from 'flatbush';
import KDBush from 'kdbush';
import type { BBox, LatLng } from './records.js';
import { GrowableBuffer } from './typed-buffers.js';

/** A layer's spatial index as read from a pack. */
export type SpatialIndex = { kind: 'points'; tree: KDBush } | { kind: 'boxes'; tree: Flatbush };

/** Collects points or boxes in row order while a layer is built. */
export class SpatialIndexBuilder {
  private readonly values = new GrowableBuffer<Float64Array>('f64');

  /** @param kind - `points` (kdbush) or `boxes` (flatbush) */
  constructor(readonly kind: SpatialIndex['kind']) {}

  /** Adds the next row's point. */
  addPoint(point: LatLng): void {
    this.values.push(point.lng);
    this.values.push(point.lat);
  }

  /** Adds the next row's box. */
  addBox(box: BBox): void {
    for (const value of box) this.values.push(value);
  }

  /**
   * The serialised index, or null for a layer without rows.
   *
   * @throws RangeError when a point or box is not finite
   */
  finish(): Uint8Array | null {
    const values = this.values.finish();
    if (!values.every(Number.isFinite)) throw new RangeError(`a ${this.kind === 'points' ? 'point' : 'box'} of the layer is not finite`);
    if (this.kind === 'points') {
      if (values.length === 0) return null;
      const tree = new KDBush(values.length / 2);
      for (let i = 0; i < values.length; i += 2) tree.add(values[i] ?? 0, values[i + 1] ?? 0);
      return new Uint8Array(tree.finish().data);
    }
    if (values.length === 0) return null;
    const tree = new Flatbush(values.length / 4);
    for (let i = 0; i < values.length; i += 4) tree.add(values[i] ?? 0, values[i + 1] ?? 0, values[i + 2] ?? 0, values[i + 3] ?? 0);
    tree.finish();
    return new Uint8Array(tree.data);
  }
}

/**
 * An index read back from its bytes (its own file, so that the bytes fill
 * their `ArrayBuffer`, which kdbush and flatbush then view: nothing is
 * copied; bytes inside a larger buffer are copied once).
 *
 * @param kind - as written
 * @param bytes - the serialised tree
 * @throws Error from the library when the bytes are not its format
 */
export function readSpatialIndex(kind: SpatialIndex['kind'], bytes: Uint8Array): SpatialIndex {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  const own = whole ? (bytes.buffer as ArrayBuffer) : bytes.slice().buffer;
  return kind === 'points' ? { kind, tree: KDBush.from(own) } : { kind, tree: Flatbush.from(own) };
}
