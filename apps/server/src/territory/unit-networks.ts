import { UnitNetwork } from '@locscore/engine';
import type { UnitRepository } from '../store/units.js';

/** Most accounts whose networks one instance keeps in memory (least recently used dropped first). @default 1000 */
export const DEFAULT_CACHED_NETWORKS = 1000;

/** The unit network of a key's account, cached per account and rebuilt when its version moves. */
export interface UnitNetworks {
  /**
   * The indexed units of the key's account, or null when it has none.
   * Reads the account's `units_version` (one primary-key query) on every
   * call, so a write through any instance sharing the database is seen by
   * the next request here; the network is rebuilt only when the version moved.
   */
  ofKey(keyId: string): Promise<UnitNetwork | null>;
}

interface Cached {
  version: number;
  network: Promise<UnitNetwork | null>;
}

/**
 * A cache of unit networks over the unit store. Correct across instances:
 * every unit write bumps the account's version in its transaction, and
 * each lookup compares it with the version the cached network was built at
 * (a snapshot reads the units and the version together).
 *
 * @param units - the unit repository
 * @param maxAccounts - accounts kept, @default {@link DEFAULT_CACHED_NETWORKS}
 */
export function createUnitNetworks(units: UnitRepository, maxAccounts = DEFAULT_CACHED_NETWORKS): UnitNetworks {
  const cache = new Map<string, Cached>();
  const build = async (accountId: string): Promise<Cached> => {
    const snapshot = await units.snapshot(accountId);
    return { version: snapshot.version, network: Promise.resolve(snapshot.units.length === 0 ? null : new UnitNetwork(snapshot.units)) };
  };
  return {
    async ofKey(keyId) {
      const current = await units.versionOfKey(keyId);
      if (current === null || current.version === 0) return null;
      const hit = cache.get(current.accountId);
      if (hit !== undefined && hit.version === current.version) {
        cache.delete(current.accountId);
        cache.set(current.accountId, hit);
        return hit.network;
      }
      const pending = build(current.accountId);
      // Concurrent lookups of the same version share one build.
      const entry: Cached = { version: current.version, network: pending.then((built) => built.network) };
      cache.delete(current.accountId);
      cache.set(current.accountId, entry);
      while (cache.size > maxAccounts) cache.delete(cache.keys().next().value as string);
      try {
        const built = await pending;
        // The snapshot may be newer than the version read first: key the entry by what was built.
        entry.version = built.version;
        return await built.network;
      } catch (error) {
        if (cache.get(current.accountId) === entry) cache.delete(current.accountId);
        throw error;
      }
    },
  };
}

const perRepository = new WeakMap<UnitRepository, UnitNetworks>();

/**
 * The one {@link UnitNetworks} cache of a unit repository (so the score
 * route, the territory check and the scoring workers of a process share it).
 *
 * @param units - the store's unit repository
 */
export function unitNetworksOf(units: UnitRepository): UnitNetworks {
  let networks = perRepository.get(units);
  if (networks === undefined) {
    networks = createUnitNetworks(units);
    perRepository.set(units, networks);
  }
  return networks;
}
