/**
 * Where every node of an extract lies, in bounded memory: nodes arrive in
 * id order (a PBF sorted by type then id, as planet extracts are) and are
 * written to a temporary file in pages of {@link PAGE_NODES} ids (`Float64`)
 * and fixed-point coordinates (`Int32`); memory keeps the first id of each
 * page and a few recently read pages. Looking a node up is a binary search
 * over page starts, then within the page. The operating system's page cache,
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
}

/** The locations of an extract's nodes; see the module comment. */
export class NodeLocations {
  private readonly dir = mkdtempSync(join(tmpdir(), 'locscore-node-locations-'));
  private readonly fd = openSync(join(this.dir, 'nodes.bin'), 'w+');
  private readonly firstIds: number[] = [];
  /** The page of the last lookup: a way's nodes mostly lie on one page. */
  private recent: Page | null = null;
  private recentIndex = -1;
  /** The slot of the last node found on {@link NodeLocations.recent}. */
  private lastSlot = -2;
  private writing: Page = newPage();
  private lastId = Number.NEGATIVE_INFINITY;
  private lastCount = 0;
  private readonly cache = new Map<number, Page>();

  /** @param cachedPages - pages kept in memory for lookups ({@link PAGE_NODES} nodes, 64 KiB each); @default 256 */
  constructor(private readonly cachedPages = 256) {}

  /** Nodes added. */
  get size(): number {
    return Math.max(0, this.firstIds.length - 1) * PAGE_NODES + this.lastCount;
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
    if (id <= this.lastId) throw new UnsortedNodesError(this.lastId, id);
    this.lastId = id;
    const page = this.writing;
    if (page.count === 0) this.firstIds.push(id);
    page.ids[page.count] = id;
    page.coords[2 * page.count] = Math.round(lng * COORDINATE_SCALE);
    page.coords[2 * page.count + 1] = Math.round(lat * COORDINATE_SCALE);
    page.count++;
    this.lastCount = page.count;
    if (page.count === PAGE_NODES) this.flush();
  }

  private flush(): void {
    const page = this.writing;
    if (page.count === 0) return;
    const at = (this.firstIds.length - 1) * PAGE_BYTES;
    writeSync(this.fd, new Uint8Array(page.ids.buffer), 0, PAGE_ID_BYTES, at);
    writeSync(this.fd, new Uint8Array(page.coords.buffer), 0, PAGE_NODES * 8, at + PAGE_ID_BYTES);
    this.writing = newPage();
  }

  /**
   * The location of a node, fixed-point `[lng, lat]` written into `out`.
   *
   * @param id - a node id
   * @param out - receives the coordinates (units of 10⁻⁷ degrees)
   * @returns false when the extract has no such node
   */
  get(id: number, out: Int32Array): boolean {
    const recent = this.recent;
    const page = recent !== null && id >= (recent.ids[0] ?? 0) && id <= (recent.ids[recent.count - 1] ?? 0) ? recent : this.pageOf(id);
    if (page === null) return false;
    // A way's nodes were mostly created one after another: try the slot after the last one found first.
    let at = this.lastSlot + 1;
    if (page !== recent || page.ids[at] !== id) at = findSlot(page, id);
    if (at < 0) return false;
    this.lastSlot = at;
    out[0] = page.coords[2 * at] ?? 0;
    out[1] = page.coords[2 * at + 1] ?? 0;
    return true;
  }

  /** The page whose ids span `id`, or null before the first node. */
  private pageOf(id: number): Page | null {
    let lo = 0;
    let hi = this.firstIds.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.firstIds[mid] ?? 0) <= id) lo = mid;
      else hi = mid - 1;
    }
    if (hi < 0 || (this.firstIds[lo] ?? Number.POSITIVE_INFINITY) > id) return null;
    if (lo !== this.recentIndex) {
      this.recent = this.page(lo);
      this.recentIndex = lo;
    }
    return this.recent;
  }

  private page(index: number): Page {
    if (index === this.firstIds.length - 1 && this.writing.count > 0) return this.writing;
    const cached = this.cache.get(index);
    if (cached !== undefined) {
      this.cache.delete(index);
      this.cache.set(index, cached);
      return cached;
    }
    const page = newPage();
    readSync(this.fd, new Uint8Array(page.ids.buffer), 0, PAGE_ID_BYTES, index * PAGE_BYTES);
    readSync(this.fd, new Uint8Array(page.coords.buffer), 0, PAGE_NODES * 8, index * PAGE_BYTES + PAGE_ID_BYTES);
    page.count = PAGE_NODES;
    this.cache.set(index, page);
    if (this.cache.size > this.cachedPages) this.cache.delete(this.cache.keys().next().value as number);
    return page;
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

function newPage(): Page {
  return { ids: new Float64Array(PAGE_NODES), coords: new Int32Array(PAGE_NODES * 2), count: 0 };
}
