import { hashApiKey } from '../auth/api-key.js';
import type { AuthenticatedKey, KeyRepository } from './keys.js';

/**
 * Seconds an authenticated key is served from memory (5 s). Trade-off: a key
 * revoked (or re-planned) through another instance, or directly in the
 * database, keeps working on this instance for up to this long; changes made
 * through this instance's store take effect at once.
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
      if (ttlMs <= 0) return keys.authenticate(apiKey);
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
