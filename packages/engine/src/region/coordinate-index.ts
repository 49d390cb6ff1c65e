import { findSorted, grownColumn, permuted, sortOrder } from './sorted-columns.js';
import type { LatLng } from './types.js';

/** Coordinates are stored as signed integers of 1e-7 degrees, OSM's own precision (about 1 cm). */
const SCALE = 1e7;

/**
 * A compact id → coordinate map in typed arrays (16 bytes per entry): the
 * importer keeps every OSM node's position here (and every way's centroid, for
 * multipolygon relations) instead of the raw file. Ids are kept sorted for
 * binary search; entries added out of order are sorted on the first lookup.
 */
export class CoordinateIndex {
  private ids = new Float64Array(1 << 16);
  private lats = new Int32Array(1 << 16);
  private lngs = new Int32Array(1 << 16);
  private count = 0;
  private sorted = true;

  /** Number of entries. */
  get size(): number {
    return this.count;
  }

  /**
   * Adds one entry (later duplicates of an id are ignored on lookup order only).
   *
   * @param id - OSM id (safe integer)
   * @param lat - latitude, decimal degrees
   * @param lng - longitude, decimal degrees
   */
  add(id: number, lat: number, lng: number): void {
    if (this.count === this.ids.length) this.grow();
    const last = this.count > 0 ? this.ids[this.count - 1] : undefined;
    if (last !== undefined && id < last) this.sorted = false;
    this.ids[this.count] = id;
    this.lats[this.count] = Math.round(lat * SCALE);
    this.lngs[this.count] = Math.round(lng * SCALE);
    this.count++;
  }

  /**
   * Looks up an id.
   *
   * @param id - OSM id
   * @returns the coordinate, or null when the id is unknown (e.g. outside the extract)
   */
  get(id: number): LatLng | null {
    if (!this.sorted) this.sort();
    const at = findSorted(this.ids, this.count, id);
    return at < 0 ? null : { lat: (this.lats[at] ?? 0) / SCALE, lng: (this.lngs[at] ?? 0) / SCALE };
  }

  private grow(): void {
    const capacity = this.ids.length * 2;
    this.ids = grownColumn(this.ids, capacity);
    this.lats = grownColumn(this.lats, capacity);
    this.lngs = grownColumn(this.lngs, capacity);
  }

  private sort(): void {
    const order = sortOrder(this.ids, this.count);
    this.ids = permuted(this.ids, order);
    this.lats = permuted(this.lats, order);
    this.lngs = permuted(this.lngs, order);
    this.sorted = true;
  }
}
