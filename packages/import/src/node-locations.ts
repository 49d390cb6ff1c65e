/**
 * Where every node of an extract lies, in bounded memory: nodes arrive in
 * id order (a PBF sorted by type then id, as planet extracts are) and are
 * written to a temporary file in pages of {@link PAGE_NODES} ids (`Float64`)
 * and fixed-point coordinates (`Int32`); memory keeps the first id of each
 * page and a fixed number of pages read back (replaced by the clock
 * algorithm, a cheap approximation of least recently used). Looking a node
 * up is a binary search over page starts, then within the page (an index
 * when the page's ids are consecutive). The operating system's page cache,
 * not the process, holds the file between reads.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COORDINATE_SCALE } from '@locscore/pack';

/** Nodes per page of the file. */
export const PAGE_NODES = 4096;
const PAGE_ID_BYTES = PAGE_NODES * 8;
const PAGE_BYTES = PAGE_ID_BYTES + PAGE_NODES * 8;

/** Nodes out of id order: the file is not sorted by type then id. */
export class UnsortedNodesError extends Error {
  constructor(
    readonly previous: number,
    readonly id: number,
  ) {
    super(`node ${id} comes after node ${previous}: the extract is not sorted by type then id (sort it, e.g. osmium sort)`);
    this.name = 'UnsortedNodesError';
  }
}

interface Page {
  ids: Float64Array;
  coords: Int32Array;
  count: number;
  /** Which page of the file it holds; -1 for none. */
  index: number;
  /** Whether its ids run without gaps (slot = id − first id). */
  consecutive: boolean;
  /** Clock bit: looked at since the hand last passed. */
  used: boolean;
}

/** The locations of an extract's nodes; see the module comment. */
export class NodeLocations {
  private readonly dir = mkdtempSync(join(tmpdir(), 'locscore-node-locations-'));
  private readonly fd = openSync(join(this.dir, 'nodes.bin'), 'w+');
  private firstIds = new Float64Array(1024);
  private pageCount = 0;
  /** The page of the last lookup: a way's nodes mostly lie on one page. */
  private recent: Page | null = null;
  /** The slot of the last node found on {@link NodeLocations.recent}. */
  private lastSlot = -2;
  private readonly writing: Page = newPage();
  private lastId = Number.NEGATIVE_INFINITY;
  /** Cache slot of each file page, -1 when not loaded. */
  private slotOf: Int32Array = new Int32Array(1024).fill(-1);
  private readonly cached: Page[] = [];
  private hand = 0;

  /** @param cachedPages - pages kept in memory for lookups ({@link PAGE_NODES} nodes, 64 KiB each); @default 256 */
  constructor(private readonly cachedPages = 256) {}

  /** Nodes added. */
  get size(): number {
    return Math.max(0, this.pageCount - 1) * PAGE_NODES + (this.pageCount === 0 ? 0 : this.writing.count || PAGE_NODES);
  }

  /**
   * Adds the next node.
   *
   * @param id - greater than the previous node's
   * @param lat - decimal degrees
   * @param lng - decimal degrees
   * @throws UnsortedNodesError when `id` is not greater than the previous id
   */
  add(id: number, lat: number, lng: number): void {
    this.addFixed(id, Math.round(lat * COORDINATE_SCALE), Math.round(lng * COORDINATE_SCALE));
  }

  /**
   * Adds the next node, its coordinates fixed-point.
   *
   * @param id - greater than the previous node's
   * @param lat - units of 10⁻⁷ degrees
   * @param lng - units of 10⁻⁷ degrees
   * @throws UnsortedNodesError when `id` is not greater than the previous id
   */
  addFixed(id: number, lat: number, lng: number): void {
    if (id <= this.lastId) throw new UnsortedNodesError(this.lastId, id);
    this.lastId = id;
    const page = this.writing;
    if (page.count === 0) this.startPage(id);
    const at = page.count;
    page.ids[at] = id;
    page.coords[2 * at] = lng;
    page.coords[2 * at + 1] = lat;
    page.count = at + 1;
    if (page.count === PAGE_NODES) this.flush();
  }

  private startPage(id: number): void {
    if (this.pageCount === this.firstIds.length) {
      const grown = new Float64Array(this.firstIds.length * 2);
      grown.set(this.firstIds);
      this.firstIds = grown;
      const slots = new Int32Array(grown.length).fill(-1);
      slots.set(this.slotOf);
      this.slotOf = slots;
    }
    this.firstIds[this.pageCount++] = id;
    this.writing.index = this.pageCount - 1;
  }

  private flush(): void {
    const page = this.writing;
    const at = page.index * PAGE_BYTES;
    writeSync(this.fd, new Uint8Array(page.ids.buffer), 0, PAGE_ID_BYTES, at);
    writeSync(this.fd, new Uint8Array(page.coords.buffer), 0, PAGE_NODES * 8, at + PAGE_ID_BYTES);
    page.count = 0;
    page.index = -1;
    if (this.recent === page) this.recent = null;
  }

  /**
   * The location of a node, fixed-point `[lng, lat]` written into `out`.
   *
   * @param id - a node id
   * @param out - receives the coordinates (units of 10⁻⁷ degrees)
   * @returns false when the extract has no such node
   */
  get(id: number, out: Int32Array): boolean {
    let page = this.recent;
    if (page === null || !(id >= (page.ids[0] ?? 0) && id <= (page.ids[page.count - 1] ?? 0))) {
      this.recent = null;
      page = this.pageOf(id);
      if (page === null) return false;
      this.recent = page;
      this.lastSlot = -2;
    }
    page.used = true;
    // A way's nodes were mostly created one after another: try the slot after the last one found first.
    let at = this.lastSlot + 1;
    if (page.ids[at] !== id) at = page.consecutive ? id - (page.ids[0] ?? 0) : findSlot(page, id);
    if (at < 0 || page.ids[at] !== id) return false;
    this.lastSlot = at;
    out[0] = page.coords[2 * at] ?? 0;
    out[1] = page.coords[2 * at + 1] ?? 0;
    return true;
  }

  /** The page whose ids span `id`, or null before the first node. */
  private pageOf(id: number): Page | null {
    const firstIds = this.firstIds;
    let lo = 0;
    let hi = this.pageCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((firstIds[mid] ?? 0) <= id) lo = mid;
      else hi = mid - 1;
    }
    if (hi < 0 || (firstIds[lo] ?? Number.POSITIVE_INFINITY) > id) return null;
    return this.page(lo);
  }

  private page(index: number): Page {
    if (index === this.writing.index) {
      this.writing.consecutive = isConsecutive(this.writing);
      return this.writing;
    }
    const slot = this.slotOf[index] ?? -1;
    if (slot >= 0) return this.cached[slot] as Page;
    const page = this.freePage();
    readSync(this.fd, new Uint8Array(page.ids.buffer), 0, PAGE_ID_BYTES, index * PAGE_BYTES);
    readSync(this.fd, new Uint8Array(page.coords.buffer), 0, PAGE_NODES * 8, index * PAGE_BYTES + PAGE_ID_BYTES);
    page.count = PAGE_NODES;
    page.index = index;
    page.consecutive = isConsecutive(page);
    this.slotOf[index] = this.cached.indexOf(page);
    return page;
  }

  /** A page to read into: a new one while the cache has room, else the clock's victim. */
  private freePage(): Page {
    if (this.cached.length < Math.max(1, this.cachedPages)) {
      const page = newPage();
      this.cached.push(page);
      return page;
    }
    for (;;) {
      const page = this.cached[this.hand] as Page;
      this.hand = (this.hand + 1) % this.cached.length;
      if (page.used) {
        page.used = false;
        continue;
      }
      this.slotOf[page.index] = -1;
      return page;
    }
  }

  /** Closes and removes the temporary file. */
  close(): void {
    closeSync(this.fd);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The slot of `id` on a page by binary search, or -1. */
function findSlot(page: Page, id: number): number {
  let a = 0;
  let b = page.count - 1;
  while (a <= b) {
    const mid = (a + b) >>> 1;
    const value = page.ids[mid] ?? 0;
    if (value === id) return mid;
    if (value < id) a = mid + 1;
    else b = mid - 1;
  }
  return -1;
}

function isConsecutive(page: Page): boolean {
  return page.count > 0 && (page.ids[page.count - 1] ?? 0) - (page.ids[0] ?? 0) === page.count - 1;
}

function newPage(): Page {
  return { ids: new Float64Array(PAGE_NODES), coords: new Int32Array(PAGE_NODES * 2), count: 0, index: -1, consecutive: false, used: false };
}
