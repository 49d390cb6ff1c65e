import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.js';
import { cacheAuthenticatedKeys } from '../src/store/key-cache.js';
import { createKeyRepository } from '../src/store/keys.js';
import type { Store } from '../src/store/open-store.js';
import { openStoreWithDb } from './support/store-with-db.js';

let store: Store;
let db: Db;

beforeAll(async () => {
  ({ store, db } = await openStoreWithDb());
});

afterAll(async () => {
  await store?.close();
});

/** Revokes behind the cache's back, as another instance would. */
async function revokeElsewhere(prefix: string): Promise<void> {
  await db.query('UPDATE api_keys SET revoked_at = now() WHERE prefix = $1', [prefix]);
}

describe('cacheAuthenticatedKeys', () => {
  it('serves a key from memory for the TTL, then reads the database again', async () => {
    let clock = 1_000_000;
    const keys = cacheAuthenticatedKeys(createKeyRepository(db), { ttlMs: 5_000, now: () => clock });
    const created = await keys.create({ plan: 'growth' });
    const first = await keys.authenticate(created.apiKey);
    expect(first?.plan).toBe('growth');
    await revokeElsewhere(created.prefix);
    clock += 4_999;
    expect((await keys.authenticate(created.apiKey))?.id).toBe(first?.id);
    clock += 2;
    expect(await keys.authenticate(created.apiKey)).toBeNull();
  });

  it('applies a revocation through the same repository at once', async () => {
    const keys = cacheAuthenticatedKeys(createKeyRepository(db), { ttlMs: 60_000 });
    const created = await keys.create({ plan: 'starter' });
    expect(await keys.authenticate(created.apiKey)).not.toBeNull();
    expect(await keys.revoke(created.prefix)).toBe(true);
    expect(await keys.authenticate(created.apiKey)).toBeNull();
  });

  it('never caches an unknown key', async () => {
    const keys = cacheAuthenticatedKeys(createKeyRepository(db), { ttlMs: 60_000 });
    const other = cacheAuthenticatedKeys(createKeyRepository(db), { ttlMs: 60_000 });
    const apiKey = 'lsk_not_yet_registered_0001';
    expect(await keys.authenticate(apiKey)).toBeNull();
    await other.register({ apiKey, plan: 'growth' });
    expect((await keys.authenticate(apiKey))?.plan).toBe('growth');
  });

  it('reads the database every time with a TTL of 0', async () => {
    const keys = cacheAuthenticatedKeys(createKeyRepository(db), { ttlMs: 0 });
    const created = await keys.create({ plan: 'growth' });
    expect(await keys.authenticate(created.apiKey)).not.toBeNull();
    await revokeElsewhere(created.prefix);
    expect(await keys.authenticate(created.apiKey)).toBeNull();
  });
});
