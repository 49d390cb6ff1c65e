import { UnitNetwork } from '@locscore/engine';
import { LRUCache } from 'lru-cache';
import type { UnitRepository } from '../../store/units.js';

/** Most accounts whose networks one instance keeps in memory (least recently used dropped first). @default 1000 */
export const DEFAULT_CACHED_NETWORKS = 1000;

/**
 * Most territory vertices the networks one instance keeps in memory hold
 * together, each unit counting as one more (least recently used dropped
 * first): two of the largest networks a plan allows (`UNIT_NETWORK_BUDGETS`),
 * about 150 MB. A network larger than this alone is built for its request and
 * not kept.
 * @default 2,000,000
 */
export const DEFAULT_CACHED_VERTICES = 2_000_000;

/** The unit network of a key's account, cached per account and brought up to date when its version moves. */
export interface UnitNetworks {
  /**
   * The indexed units of the key's account, or null when it has none.
   * Reads the account's `units_version` (one primary-key query) on every
   * call, so a write through any instance sharing the database is seen by
   * the next request here. A network cached at an older version is brought
   * up to date from the units written since (`UnitNetwork.withChanges`):
   * one write costs reading that unit and rebuilding the point and box
   * trees, never reading and parsing every territory again.
   */
  ofKey(keyId: string): Promise<UnitNetwork | null>;
}

/** Options of {@link createUnitNetworks}. */
export interface UnitNetworkCacheOptions {
  /** Accounts kept. @default {@link DEFAULT_CACHED_NETWORKS} */
  maxAccounts?: number;
  /** Vertices kept, all networks together. @default {@link DEFAULT_CACHED_VERTICES} */
  maxVertices?: number;
}

/** One account's network at a version, with its weight in the cache. */
interface Built {
  version: number;
  network: UnitNetwork | null;
  /** Territory vertices plus units: what the network costs the cache. */
  weight: number;
}

/**
 * A cache of unit networks over the unit store (lru-cache, bounded by
 * accounts and by total vertices). Correct across instances: every unit
 * write bumps the account's version in its transaction and stamps the rows
 * it writes with it (migration 6), and each lookup compares the version with
 * the one the cached network was built at.
 *
 * @param units - the unit repository
 * @param options - see {@link UnitNetworkCacheOptions}
 */
export function createUnitNetworks(units: UnitRepository, options: UnitNetworkCacheOptions = {}): UnitNetworks {
  const cache = new LRUCache<string, Built>({
    max: options.maxAccounts ?? DEFAULT_CACHED_NETWORKS,
    maxSize: options.maxVertices ?? DEFAULT_CACHED_VERTICES,
    sizeCalculation: (built) => Math.max(1, built.weight),
  });
  /** Builds in flight per account, so concurrent lookups of one version share one. */
  const pending = new Map<string, { version: number; built: Promise<Built> }>();

  const fromScratch = async (accountId: string): Promise<Built> => {
    const snapshot = await units.snapshot(accountId);
    const network = snapshot.units.length === 0 ? null : new UnitNetwork(snapshot.units);
    return { version: snapshot.version, network, weight: snapshot.vertices + snapshot.units.length };
  };
  const fromCached = async (accountId: string, cached: Built): Promise<Built> => {
    if (cached.network === null) return fromScratch(accountId);
    const changes = await units.changesSince(accountId, cached.version);
    const removed = [...cached.network.ids()].filter((id) => !changes.ids.has(id));
    const network = changes.ids.size === 0 ? null : cached.network.withChanges(changes.changed, removed);
    return { version: changes.version, network, weight: changes.vertices + changes.ids.size };
  };
  const keep = (accountId: string, built: Built): void => {
    const current = cache.get(accountId);
    // Concurrent builds may finish out of order: keep the newest.
    if (current === undefined || current.version <= built.version) cache.set(accountId, built);
  };

  return {
    async ofKey(keyId) {
      const current = await units.versionOfKey(keyId);
      if (current === null || current.version === 0) return null;
      const { accountId, version } = current;
      const cached = cache.get(accountId);
      if (cached !== undefined && cached.version >= version) return cached.network;
      const inFlight = pending.get(accountId);
      if (inFlight !== undefined && inFlight.version >= version) return (await inFlight.built).network;
      const built = cached === undefined ? fromScratch(accountId) : fromCached(accountId, cached);
      const entry = { version, built };
      pending.set(accountId, entry);
      try {
        const done = await built;
        keep(accountId, done);
        return done.network;
      } finally {
        if (pending.get(accountId) === entry) pending.delete(accountId);
      }
    },
  };
}
