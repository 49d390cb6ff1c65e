import { findSorted, grownColumn, permuted, sortOrder } from './sorted-columns.js';
/**
 * Every way's node list, kept compactly (8 bytes per node reference plus
 * 12 bytes per way) so that boundary relations, which come after their
 * member ways in an extract, can be assembled once they are read. Ids are
 * kept sorted for binary search; ways added out of order are sorted on the
 * first lookup.
 */
export class WayNodes {
  private wayIds = new Float64Array(1 << 12);
  private starts = new Float64Array(1 << 12);
  private lengths = new Uint32Array(1 << 12);
  private refs = new Float64Array(1 << 16);
  private ways = 0;
  private used = 0;
  private sorted = true;

  /** Number of ways kept. */
  get size(): number {
    return this.ways;
  }

  /**
   * Keeps one way's node list.
   *
   * @param id - OSM way id
   * @param refs - its node ids in order
   */
  add(id: number, refs: readonly number[]): void {
    if (this.ways === this.wayIds.length) this.growWays();
    while (this.used + refs.length > this.refs.length) this.growRefs();
    const last = this.ways > 0 ? this.wayIds[this.ways - 1] : undefined;
    if (last !== undefined && id < last) this.sorted = false;
    this.wayIds[this.ways] = id;
    this.starts[this.ways] = this.used;
    this.lengths[this.ways] = refs.length;
    for (const ref of refs) this.refs[this.used++] = ref;
    this.ways++;
  }

  /**
   * The node ids of a way.
   *
   * @param id - OSM way id
   * @returns a view of its node ids in order, or null when the way is not in the extract
   */
  get(id: number): Float64Array | null {
    if (!this.sorted) this.sort();
    const at = findSorted(this.wayIds, this.ways, id);
    if (at < 0) return null;
    const start = this.starts[at] ?? 0;
    return this.refs.subarray(start, start + (this.lengths[at] ?? 0));
  }

  private growWays(): void {
    const capacity = this.wayIds.length * 2;
    this.wayIds = grownColumn(this.wayIds, capacity);
    this.starts = grownColumn(this.starts, capacity);
    this.lengths = grownColumn(this.lengths, capacity);
  }

  private growRefs(): void {
    this.refs = grownColumn(this.refs, this.refs.length * 2);
  }

  /** Sorts the way index by id; the node lists stay where they are. */
  private sort(): void {
    const order = sortOrder(this.wayIds, this.ways);
    this.wayIds = permuted(this.wayIds, order);
    this.starts = permuted(this.starts, order);
    this.lengths = permuted(this.lengths, order);
    this.sorted = true;
  }
}
