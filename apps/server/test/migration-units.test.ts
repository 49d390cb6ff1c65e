/**
 * Migration 5 on a database written by version 4, on PGlite and on
 * PostgreSQL: the accounts and keys stay as they were, each account starts
 * at units version 0 with no units, and the store then keeps units per
 * account, bumping the account's version with each write.
 */
import { randomUUID } from 'node:crypto';
import { UNIT_NETWORK_BUDGETS } from '@locscore/schema';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate } from '../src/db/migrations.js';
import { createStore } from '../src/store/open-store.js';
import { MIGRATION_DRIVERS } from './support/migration-databases.js';

const disposals: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const dispose of disposals) await dispose();
});

describe.each(MIGRATION_DRIVERS)('migration 5 on $name', ({ open, skip }) => {
  it.skipIf(skip)('adds units to a version-4 database, keeping its accounts and keys', async () => {
    const { db, dispose } = await open();
    disposals.push(dispose);
    expect(
      await migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 4),
      ),
    ).toEqual([1, 2, 3, 4]);
    const accountId = randomUUID();
    const keyId = randomUUID();
    await db.query("INSERT INTO accounts (id, name) VALUES ($1, 'Risch Kaffee AG')", [accountId]);
    await db.query(
      "INSERT INTO api_keys (id, key_hash, prefix, plan, name, webhook_secret, account_id) VALUES ($1, $2, 'lsk_named001', 'growth', 'POS', 'whsec_AAAA', $3)",
      [keyId, 'a'.repeat(64), accountId],
    );

    expect(await migrate(db)).toEqual(MIGRATIONS.filter((migration) => migration.version > 4).map((migration) => migration.version));
    const store = createStore(db, { dataDir: null });
    expect((await store.keys.list()).map((key) => [key.prefix, key.accountId])).toEqual([['lsk_named001', accountId]]);
    expect(await store.units.versionOfKey(keyId)).toEqual({ accountId, version: 0 });
    expect(await store.units.page(accountId, {}, 10)).toEqual({ items: [], nextCursor: null });

    const fields = {
      name: 'Städtle',
      address: null,
      matchedAddress: null,
      coordinates: { lat: 47.1399, lng: 9.5209 },
      category: 'coffee' as const,
      status: 'open' as const,
      brand: null,
      territoryInput: { type: 'radius' as const, metres: 300 },
      territory: { type: 'radius' as const, metres: 300 },
    };
    const unit = await store.units.create(accountId, randomUUID(), fields, UNIT_NETWORK_BUDGETS.starter);
    expect(unit).toMatchObject({ name: 'Städtle', coordinates: fields.coordinates, territory: fields.territory });
    expect(await store.units.versionOfKey(keyId)).toEqual({ accountId, version: 1 });
    expect(
      await store.units.update(accountId, unit.id, (current) => ({ ...current, territoryInput: null, territory: null }), UNIT_NETWORK_BUDGETS.starter),
    ).toMatchObject({
      territory: null,
    });
    expect(await store.units.snapshot(accountId)).toMatchObject({ version: 2, units: [{ id: unit.id, territory: null }] });
    // The migration's check keeps the territory as sent and as stored together.
    await expect(db.query("UPDATE units SET territory = '{}'::jsonb WHERE id = $1", [unit.id])).rejects.toThrow();
    expect(await store.units.delete(accountId, unit.id)).toBe(true);
    expect(await store.units.delete(accountId, unit.id)).toBe(false);
    expect(await store.units.versionOfKey(keyId)).toEqual({ accountId, version: 4 });
  });
});
