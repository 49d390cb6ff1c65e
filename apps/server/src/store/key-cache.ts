import type { KeyChangeFeed } from './key-changes.js';
import { hashApiKey } from './key-secrets.js';
import type { AuthenticatedKey, KeyRepository } from './keys.js';

/**
 * Milliseconds an authenticated key is served from memory (5 s). Changes
 * made through this instance's store take effect at once; on PostgreSQL,
 * changes made anywhere else reach the cache through the key change feed
 * (`LISTEN`) at once too, and while the feed is down nothing is served from
 * memory. Without a feed (PGlite: one process per data directory) this is
 * the longest a change made behind the store's back could go unseen.
 */
export const KEY_CACHE_TTL_MS = 5_000;

/** Keys held at most; the cache is emptied when it is full (bounds memory under key churn). */
const MAX_ENTRIES = 10_000;

/** Options of {@link cacheAuthenticatedKeys}. */
export interface KeyCacheOptions {
  /** Milliseconds an entry lives; default {@link KEY_CACHE_TTL_MS}; 0 disables the cache. */
  ttlMs?: number;
  /** The current time in ms since the epoch (tests); default `Date.now`. */
  now?: () => number;
  /** Changes made by other instances: each empties the cache, and while it is not live the cache is bypassed. */
  changes?: KeyChangeFeed;
}

/**
 * Wraps a key repository so that `authenticate` answers a known, active key
 * from memory for `ttlMs` instead of one database round trip per request.
 * Unknown or revoked keys are never cached (always looked up). Entries are
 * indexed by the key's SHA-256 hash, not the key itself. `create`,
 * `register`, `setPlan`, `revoke` and `rotateSecret` empty the cache, so a
 * revocation or plan change through this repository applies to the next
 * request.
 *
 * @param keys - the database-backed repository
 * @param options - TTL and clock
 * @returns a repository with the same contract, apart from the TTL above
 */
export function cacheAuthenticatedKeys(keys: KeyRepository, options: KeyCacheOptions = {}): KeyRepository {
  const ttlMs = options.ttlMs ?? KEY_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { key: AuthenticatedKey; expiresAt: number }>();
  // Bumped by every change, so a lookup that started before it is not cached after it.
  let generation = 0;
  const changed = <T>(result: T): T => {
    entries.clear();
    generation += 1;
    return result;
  };
  const { changes } = options;
  changes?.onChange(() => changed(undefined));
  return {
    create: async (createOptions) => changed(await keys.create(createOptions)),
    register: async (registerOptions) => changed(await keys.register(registerOptions)),
    list: (filter) => keys.list(filter),
    find: (prefix) => keys.find(prefix),
    setPlan: async (prefix, plan) => {
      entries.clear();
      return changed(await keys.setPlan(prefix, plan));
    },
    revoke: async (prefix) => {
      entries.clear();
      return changed(await keys.revoke(prefix));
    },
    rotateSecret: async (prefix) => changed(await keys.rotateSecret(prefix)),
    webhookSecretsOf: (keyId) => keys.webhookSecretsOf(keyId),
    async authenticate(apiKey) {
      if (ttlMs <= 0 || (changes !== undefined && !changes.live)) return keys.authenticate(apiKey);
      const hash = hashApiKey(apiKey);
      const cached = entries.get(hash);
      if (cached && cached.expiresAt > now()) return { ...cached.key };
      entries.delete(hash);
      const started = generation;
      const key = await keys.authenticate(apiKey);
      if (key && started === generation) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(hash, { key: { ...key }, expiresAt: now() + ttlMs });
      }
      return key;
    },
  };
}
