/**
 * Migration 6 on a database written by version 5, on PGlite and on
 * PostgreSQL: existing units keep every field and get their vertices and
 * stored bytes computed from what is stored (a polygon's positions, every
 * ring's closing one counted; none for a radius), and the next write stamps
 * the rows it writes with the account's new units version.
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

const square = (lng: number, lat: number) => [
  [lng, lat],
  [lng + 0.01, lat],
  [lng + 0.01, lat + 0.01],
  [lng, lat + 0.01],
  [lng, lat],
];

describe.each(MIGRATION_DRIVERS)('migration 6 on $name', ({ open, skip }) => {
  it.skipIf(skip)('computes each existing unit’s vertices and bytes, and stamps later writes with the units version', async () => {
    const { db, dispose } = await open();
    disposals.push(dispose);
    await migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 5),
    );
    const accountId = randomUUID();
    const keyId = randomUUID();
    await db.query("INSERT INTO accounts (id, name, units_version) VALUES ($1, 'Risch Kaffee AG', 2)", [accountId]);
    await db.query(
      "INSERT INTO api_keys (id, key_hash, prefix, plan, name, webhook_secret, account_id) VALUES ($1, $2, 'lsk_budget01', 'starter', 'POS', 'whsec_AAAA', $3)",
      [keyId, 'b'.repeat(64), accountId],
    );
    const polygon = { type: 'polygon', geometry: { type: 'MultiPolygon', coordinates: [[square(9.5, 47.1)], [square(9.6, 47.2), square(9.601, 47.201)]] } };
    const radius = { type: 'radius', metres: 300 };
    const insert = (id: string, name: string, territory: unknown) =>
      db.query(
        `INSERT INTO units (id, account_id, name, lat, lng, category, status, territory_input, territory)
         VALUES ($1, $2, $3, 47.14, 9.52, 'coffee', 'open', $4::jsonb, $4::jsonb)`,
        [id, accountId, name, JSON.stringify(territory)],
      );
    const [withPolygon, withRadius] = [randomUUID(), randomUUID()];
    await insert(withPolygon, 'Städtle', polygon);
    await insert(withRadius, 'Schaan', radius);

    expect(await migrate(db)).toEqual(MIGRATIONS.filter((migration) => migration.version > 5).map((migration) => migration.version));
    const rows = await db.query<{ id: string; name: string; vertices: number; stored_bytes: number; written_version: string | number }>(
      'SELECT id, name, vertices, stored_bytes, written_version FROM units ORDER BY seq',
    );
    expect(rows.rows.map((row) => [row.name, Number(row.vertices), Number(row.written_version)])).toEqual([
      ['Städtle', 15, 0],
      ['Schaan', 0, 0],
    ]);
    const bytes = Number(rows.rows[0]?.stored_bytes);
    expect(bytes).toBeGreaterThan(2 * JSON.stringify(polygon).length);

    const store = createStore(db, { dataDir: null });
    expect(await store.units.budgetUse(accountId)).toEqual({ units: 2, vertices: 15, storedBytes: bytes + Number(rows.rows[1]?.stored_bytes) });
    await store.units.update(accountId, withRadius, (current) => ({ ...current, name: 'Schaan Zentrum' }), UNIT_NETWORK_BUDGETS.starter);
    const changes = await store.units.changesSince(accountId, 2);
    expect(changes.version).toBe(3);
    expect(changes.changed.map((unit) => unit.name)).toEqual(['Schaan Zentrum']);
    expect([...changes.ids].sort()).toEqual([withPolygon, withRadius].sort());
  });
});
