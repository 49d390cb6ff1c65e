import { randomUUID } from 'node:crypto';
import { UNIT_NETWORK_BUDGETS } from '@locscore/schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUnitNetworks } from '../src/services/units/unit-networks.js';
import { openStore, type Store } from '../src/store/open-store.js';
import type { UnitFields } from '../src/store/units.js';
import { templateDataDir } from './support/store-template.js';

let store: Store;
let accountId: string;
let keyId: string;
const BUDGET = UNIT_NETWORK_BUDGETS.starter;

beforeAll(async () => {
  store = await openStore({ dataDir: await templateDataDir() });
  const created = await store.keys.create({ plan: 'starter' });
  const key = await store.keys.authenticate(created.apiKey);
  if (!key) throw new Error('key not found');
  keyId = key.id;
  accountId = key.accountId;
});
afterAll(async () => store?.close());

const unitAt = (name: string, lng: number): UnitFields => ({
  name,
  address: null,
  matchedAddress: null,
  coordinates: { lat: 47.14, lng },
  category: 'coffee',
  status: 'open',
  brand: null,
  territoryInput: { type: 'radius', metres: 300 },
  territory: { type: 'radius', metres: 300 },
});

describe('createUnitNetworks', () => {
  it('answers null for an account without units, and every write made through the store to each instance’s next lookup', async () => {
    // Two caches over one database: two server instances.
    const [here, there] = [createUnitNetworks(store.units), createUnitNetworks(store.units)];
    expect(await here.ofKey(keyId)).toBeNull();
    const first = await store.units.create(accountId, randomUUID(), unitAt('Städtle', 9.5209), BUDGET);
    expect((await here.ofKey(keyId))?.nearest({ lat: 47.14, lng: 9.521 }, 'coffee')?.unitId).toBe(first.id);
    expect((await there.ofKey(keyId))?.size).toBe(1);
    const second = await store.units.create(accountId, randomUUID(), unitAt('Schaan', 9.51), BUDGET);
    expect((await here.ofKey(keyId))?.nearest({ lat: 47.14, lng: 9.5101 }, 'coffee')?.unitId).toBe(second.id);
    await store.units.delete(accountId, first.id);
    await store.units.delete(accountId, second.id);
    expect(await there.ofKey(keyId)).toBeNull();
    expect(await here.ofKey(keyId)).toBeNull();
  });

  it('builds a network once for concurrent lookups, then brings it up to date from the units written since, never from scratch', async () => {
    await store.units.create(accountId, randomUUID(), unitAt('Vaduz', 9.52), BUDGET);
    const snapshot = vi.spyOn(store.units, 'snapshot');
    const changes = vi.spyOn(store.units, 'changesSince');
    const networks = createUnitNetworks(store.units);
    const [a, b] = await Promise.all([networks.ofKey(keyId), networks.ofKey(keyId)]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(await networks.ofKey(keyId)).toBe(a);
    expect(snapshot).toHaveBeenCalledTimes(1);
    const [unit] = (await store.units.page(accountId, {}, 10)).items;
    await store.units.update(accountId, unit?.id ?? '', (current) => ({ ...current, status: 'planned' }), BUDGET);
    const after = await networks.ofKey(keyId);
    expect(after).not.toBe(a);
    expect(after?.encroached({ lat: 47.14, lng: 9.52 }, 'coffee')[0]?.status).toBe('planned');
    const added = await store.units.create(accountId, randomUUID(), unitAt('Triesen', 9.53), BUDGET);
    expect([...((await networks.ofKey(keyId))?.ids() ?? [])]).toEqual([unit?.id, added.id]);
    await store.units.delete(accountId, unit?.id ?? '');
    expect([...((await networks.ofKey(keyId))?.ids() ?? [])]).toEqual([added.id]);
    await store.units.delete(accountId, added.id);
    expect(await networks.ofKey(keyId)).toBeNull();
    expect(snapshot).toHaveBeenCalledTimes(1);
    expect(changes).toHaveBeenCalledTimes(4);
    snapshot.mockRestore();
    changes.mockRestore();
    await store.units.create(accountId, randomUUID(), unitAt('Vaduz', 9.52), BUDGET);
  });

  it('keeps at most maxAccounts networks, dropping the least recently used', async () => {
    const snapshot = vi.spyOn(store.units, 'snapshot');
    const other = await store.keys.create({ plan: 'starter' });
    const otherKey = await store.keys.authenticate(other.apiKey);
    if (!otherKey) throw new Error('key not found');
    await store.units.create(otherKey.accountId, randomUUID(), unitAt('Balzers', 9.5), BUDGET);
    const networks = createUnitNetworks(store.units, { maxAccounts: 1 });
    await networks.ofKey(keyId);
    await networks.ofKey(otherKey.id);
    await networks.ofKey(keyId);
    expect(snapshot).toHaveBeenCalledTimes(3);
    snapshot.mockRestore();
  });

  it('keeps networks up to a total of vertices: one larger than the budget alone is built for each lookup and not kept', async () => {
    await store.units.create(accountId, randomUUID(), unitAt('Eschen', 9.54), BUDGET);
    const snapshot = vi.spyOn(store.units, 'snapshot');
    const networks = createUnitNetworks(store.units, { maxVertices: 1 });
    expect((await networks.ofKey(keyId))?.size).toBe(2);
    expect((await networks.ofKey(keyId))?.size).toBe(2);
    expect(snapshot).toHaveBeenCalledTimes(2);
    snapshot.mockRestore();
  });
});
