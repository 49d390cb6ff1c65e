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
    let lo = 0;
    let hi = this.ways - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const value = this.wayIds[mid] ?? 0;
      if (value === id) {
        const start = this.starts[mid] ?? 0;
        return this.refs.subarray(start, start + (this.lengths[mid] ?? 0));
      }
      if (value < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return null;
  }

  private growWays(): void {
    const capacity = this.wayIds.length * 2;
    const wayIds = new Float64Array(capacity);
    wayIds.set(this.wayIds);
    const starts = new Float64Array(capacity);
    starts.set(this.starts);
    const lengths = new Uint32Array(capacity);
    lengths.set(this.lengths);
    this.wayIds = wayIds;
    this.starts = starts;
    this.lengths = lengths;
  }

  private growRefs(): void {
    const refs = new Float64Array(this.refs.length * 2);
    refs.set(this.refs);
    this.refs = refs;
  }

  /** Sorts the way index by id; the node lists stay where they are. */
  private sort(): void {
    const order = Array.from({ length: this.ways }, (_, i) => i);
    const ids = this.wayIds;
    order.sort((a, b) => (ids[a] ?? 0) - (ids[b] ?? 0));
    const wayIds = new Float64Array(this.wayIds.length);
    const starts = new Float64Array(this.wayIds.length);
    const lengths = new Uint32Array(this.wayIds.length);
    order.forEach((from, to) => {
      wayIds[to] = this.wayIds[from] ?? 0;
      starts[to] = this.starts[from] ?? 0;
      lengths[to] = this.lengths[from] ?? 0;
    });
    this.wayIds = wayIds;
    this.starts = starts;
    this.lengths = lengths;
    this.sorted = true;
  }
}
