import type { Category } from '@locscore/schema';
import { LRUCache } from 'lru-cache';
import { MODEL_VERSION } from '../model/version.js';
import type { OpportunityTable } from './opportunity-table.js';

/** Most tables (region × category) kept. @default 64 */
export const DEFAULT_CACHED_TABLES = 64;

/**
 * Most candidates the kept tables hold together (each candidate about 100
 * bytes with its label, so some 50 MB): the twelve categories of about
 * forty packs of the largest size (`MAX_CANDIDATES` each).
 * @default 500,000
 */
export const DEFAULT_CACHED_CANDIDATES = 500_000;

/** Options of {@link TableCache}. */
export interface TableCacheOptions {
  /** Tables kept. @default {@link DEFAULT_CACHED_TABLES} */
  maxTables?: number;
  /** Candidates kept, all tables together. @default {@link DEFAULT_CACHED_CANDIDATES} */
  maxCandidates?: number;
}

/**
 * The opportunity tables of a process, least recently used dropped first
 * (lru-cache, bounded by tables and by candidates), keyed by model version,
 * region and category. Concurrent requests for a table not yet built share
 * one build; a build that fails is not kept, so the next request tries again.
 */
export class TableCache {
  private readonly tables: LRUCache<string, OpportunityTable>;
  private readonly pending = new Map<string, Promise<OpportunityTable>>();

  /** @param options - bounds of the cache */
  constructor(options: TableCacheOptions = {}) {
    this.tables = new LRUCache<string, OpportunityTable>({
      max: options.maxTables ?? DEFAULT_CACHED_TABLES,
      maxSize: options.maxCandidates ?? DEFAULT_CACHED_CANDIDATES,
      sizeCalculation: (table) => Math.max(1, table.ranked.length),
    });
  }

  /** Tables kept now. */
  get size(): number {
    return this.tables.size;
  }

  /**
   * Whether the table of `region` and `category` is kept.
   *
   * @param region - the region pack's name
   * @param category - the franchise category
   */
  has(region: string, category: Category): boolean {
    return this.tables.has(keyOf(region, category));
  }

  /**
   * The table of `region` and `category`: the kept one, the one being
   * built, or a new one from `build`.
   *
   * @param region - the region pack's name
   * @param category - the franchise category
   * @param build - builds the table when it is neither kept nor being built
   * @returns the table and whether it was kept already (or being built by another request)
   */
  async get(region: string, category: Category, build: () => Promise<OpportunityTable>): Promise<{ table: OpportunityTable; cached: boolean }> {
    const key = keyOf(region, category);
    const kept = this.tables.get(key);
    if (kept !== undefined) return { table: kept, cached: true };
    const inFlight = this.pending.get(key);
    if (inFlight !== undefined) return { table: await inFlight, cached: true };
    const building = build();
    this.pending.set(key, building);
    try {
      const table = await building;
      this.tables.set(key, table);
      return { table, cached: false };
    } finally {
      this.pending.delete(key);
    }
  }
}

/** Cache key: model version, region and category. */
function keyOf(region: string, category: Category): string {
  return `${MODEL_VERSION}\u0000${region}\u0000${category}`;
}
