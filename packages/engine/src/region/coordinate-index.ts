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
    let lo = 0;
    let hi = this.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const value = this.ids[mid] ?? 0;
      if (value === id) return { lat: (this.lats[mid] ?? 0) / SCALE, lng: (this.lngs[mid] ?? 0) / SCALE };
      if (value < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return null;
  }

  private grow(): void {
    const capacity = this.ids.length * 2;
    const ids = new Float64Array(capacity);
    ids.set(this.ids);
    const lats = new Int32Array(capacity);
    lats.set(this.lats);
    const lngs = new Int32Array(capacity);
    lngs.set(this.lngs);
    this.ids = ids;
    this.lats = lats;
    this.lngs = lngs;
  }

  private sort(): void {
    const order = new Uint32Array(this.count);
    for (let i = 0; i < this.count; i++) order[i] = i;
    const ids = this.ids;
    order.sort((a, b) => (ids[a] ?? 0) - (ids[b] ?? 0));
    const newIds = new Float64Array(this.ids.length);
    const newLats = new Int32Array(this.ids.length);
    const newLngs = new Int32Array(this.ids.length);
    for (let i = 0; i < this.count; i++) {
      const from = order[i] ?? 0;
      newIds[i] = this.ids[from] ?? 0;
      newLats[i] = this.lats[from] ?? 0;
      newLngs[i] = this.lngs[from] ?? 0;
    }
    this.ids = newIds;
    this.lats = newLats;
    this.lngs = newLngs;
    this.sorted = true;
  }
}
