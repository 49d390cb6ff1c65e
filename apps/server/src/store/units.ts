import type { Category, Territory, Unit, UnitBudgetName, UnitNetworkBudget, UnitPage, UnitStatus, UnitTerritory } from '@locscore/schema';
import { type CoalesceOptions, singleCall } from '../db/coalesce.js';
import type { Db } from '../db/db.js';
import { toIsoString } from '../db/timestamps.js';
import { keysetPage } from './keyset-page.js';
import { InvalidCursorError } from './request-log.js';

/** A unit as written: every field of the schema's `Unit` but its id and times, and the territory as sent. */
export interface UnitFields {
  name: string;
  /** The address as given; null for a unit placed by coordinates. */
  address: string | null;
  matchedAddress: string | null;
  coordinates: { lat: number; lng: number };
  category: Category;
  status: UnitStatus;
  brand: string | null;
  /** The territory as sent (kept so a moved unit's population territory can be resolved again); null: none. */
  territoryInput: Territory | null;
  /** The stored form (a population territory as its polygon); null exactly when `territoryInput` is. */
  territory: UnitTerritory | null;
}

/** A stored unit: the API's `Unit` and the territory as it was sent. */
export interface StoredUnit extends Unit {
  territoryInput: Territory | null;
}

/** What the territory measures need of a unit (the engine's `NetworkUnit`). */
export type NetworkRow = Pick<Unit, 'id' | 'name' | 'status' | 'category' | 'coordinates' | 'brand' | 'territory'>;

/** An account's units at one version of its network. */
export interface UnitSnapshot {
  /** `accounts.units_version` the units were read at. */
  version: number;
  units: NetworkRow[];
  /** Territory vertices of all the account's units. */
  vertices: number;
}

/** What changed in an account's units after a version, read in one snapshot. */
export interface UnitChanges {
  /** `accounts.units_version` now. */
  version: number;
  /** Units written (created or updated) after the version asked for, in `seq` order. */
  changed: NetworkRow[];
  /** Ids of every unit the account holds now (units missing from it were deleted). */
  ids: ReadonlySet<string>;
  /** Territory vertices of all the account's units. */
  vertices: number;
}

/** What an account's units use of a {@link UnitNetworkBudget}. */
export interface UnitBudgetUse {
  units: number;
  vertices: number;
  storedBytes: number;
}

/**
 * A write that would take the account past its unit network budget: nothing
 * was written. `used` is what the account holds without this write,
 * `requested` what the written unit alone needs.
 */
export class UnitBudgetError extends Error {
  /**
   * @param budget - the budget exceeded
   * @param limit - its limit
   * @param used - what the account's other units use of it
   * @param requested - what this unit needs of it
   */
  constructor(
    readonly budget: UnitBudgetName,
    readonly limit: number,
    readonly used: number,
    readonly requested: number,
  ) {
    super(
      requested > limit
        ? `this unit alone needs ${requested} ${BUDGET_WORDS[budget]}, more than the ${limit} the plan allows an account`
        : `the account's units use ${used} of the ${limit} ${BUDGET_WORDS[budget]} the plan allows; this unit needs ${requested} more`,
    );
    this.name = 'UnitBudgetError';
  }
}

const BUDGET_WORDS: Record<UnitBudgetName, string> = { units: 'units', vertices: 'territory vertices', storedBytes: 'bytes of stored text' };

/** Filters of a listing. */
export interface UnitFilter {
  status?: UnitStatus | undefined;
  category?: Category | undefined;
}

/**
 * The franchisor's own units, per account. Every write bumps the account's
 * `units_version` in its transaction (and holds the account row's lock to
 * the end, so writes of one account are serialised and the unit limit holds).
 */
export interface UnitRepository {
  /**
   * Adds a unit.
   *
   * @param id - a new UUID v4
   * @param budget - what the account's units may hold together (the plan of the key writing)
   * @throws UnitBudgetError when the unit would take the account past `budget` (nothing written)
   */
  create(accountId: string, id: string, fields: UnitFields, budget: UnitNetworkBudget): Promise<Unit>;
  /**
   * A page of the account's units, oldest first.
   *
   * @throws InvalidCursorError when `cursor` was not made by this server
   */
  page(accountId: string, filter: UnitFilter, limit: number, cursor?: string): Promise<UnitPage>;
  /** One unit of the account, or null (another account's unit too). */
  get(accountId: string, id: string): Promise<StoredUnit | null>;
  /**
   * Changes a unit: `change` gets the unit as stored (locked until the
   * transaction ends) and answers its new fields; what it throws rolls back.
   *
   * @param budget - what the account's units may hold together
   * @returns the unit after the change, or null when the account has no such unit
   * @throws UnitBudgetError when the change would take the account past `budget` (nothing written)
   */
  update(accountId: string, id: string, change: (current: StoredUnit) => UnitFields, budget: UnitNetworkBudget): Promise<Unit | null>;
  /** Removes a unit; false when the account has no such unit. */
  delete(accountId: string, id: string): Promise<boolean>;
  /**
   * The account of a key and its `units_version` (0 before its first unit
   * write), or null for an unknown key. Read on every score: with `coalesce`
   * the lookups of concurrent requests share one statement.
   */
  versionOfKey(keyId: string): Promise<{ accountId: string; version: number } | null>;
  /** Every unit of the account (what the network needs of each) with the version they were read at, in one snapshot. */
  snapshot(accountId: string): Promise<UnitSnapshot>;
  /** The units written after `version` and the ids of all, in one snapshot: what brings a network built at `version` up to date. */
  changesSince(accountId: string, version: number): Promise<UnitChanges>;
  /** What the account's units use of its budget now. */
  budgetUse(accountId: string): Promise<UnitBudgetUse>;
}

interface UnitRow {
  id: string;
  seq: string | number;
  name: string;
  address: string | null;
  matched_address: string | null;
  lat: number;
  lng: number;
  category: Category;
  status: UnitStatus;
  brand: string | null;
  territory_input: Territory | null;
  territory: UnitTerritory | null;
  created_at: unknown;
  updated_at: unknown;
}

const COLUMNS = 'id, seq, name, address, matched_address, lat, lng, category, status, brand, territory_input, territory, created_at, updated_at';
/** The columns the network needs: not the territory as sent, which for a polygon doubles what is read. */
const NETWORK_COLUMNS = 'id, name, lat, lng, category, status, brand, territory';

type NetworkRowColumns = Pick<UnitRow, 'id' | 'name' | 'lat' | 'lng' | 'category' | 'status' | 'brand' | 'territory'>;

const networkRowOf = (row: NetworkRowColumns): NetworkRow => ({
  id: row.id,
  name: row.name,
  status: row.status,
  category: row.category,
  coordinates: { lat: Number(row.lat), lng: Number(row.lng) },
  brand: row.brand,
  territory: row.territory,
});

function storedUnitOf(row: UnitRow): StoredUnit {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    matchedAddress: row.matched_address,
    coordinates: { lat: Number(row.lat), lng: Number(row.lng) },
    category: row.category,
    status: row.status,
    brand: row.brand,
    territory: row.territory,
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
    territoryInput: row.territory_input,
  };
}

/** The API's `Unit` of a stored one (without the territory as sent). */
export function unitOf(stored: StoredUnit): Unit {
  const { territoryInput: _input, ...unit } = stored;
  return unit;
}

const fieldValues = (fields: UnitFields): unknown[] => [
  fields.name,
  fields.address,
  fields.matchedAddress,
  fields.coordinates.lat,
  fields.coordinates.lng,
  fields.category,
  fields.status,
  fields.brand,
  fields.territoryInput === null ? null : JSON.stringify(fields.territoryInput),
  fields.territory === null ? null : JSON.stringify(fields.territory),
];

/** Bumps the account's units_version, taking its row lock to the end of the transaction (the trigger of migration 6 stamps rows written after it). */
async function bumpVersion(tx: Db, accountId: string): Promise<void> {
  await tx.query('UPDATE accounts SET units_version = units_version + 1 WHERE id = $1', [accountId]);
}

/** What the account's units use of its budget, read in `tx`. */
async function budgetUseOf(tx: Db, accountId: string): Promise<UnitBudgetUse> {
  const result = await tx.query<{ units: number; vertices: string | number; stored_bytes: string | number }>(
    'SELECT count(*)::int AS units, coalesce(sum(vertices), 0) AS vertices, coalesce(sum(stored_bytes), 0) AS stored_bytes FROM units WHERE account_id = $1',
    [accountId],
  );
  const row = result.rows[0];
  return { units: Number(row?.units ?? 0), vertices: Number(row?.vertices ?? 0), storedBytes: Number(row?.stored_bytes ?? 0) };
}

/**
 * Checks the account's use after a write of one unit (already in `tx`)
 * against the budget. A write that grows a use past its limit is refused; one
 * that does not grow it passes, so an account over a smaller plan's budget
 * can still rename, shrink or delete its units.
 *
 * @param before - the use read before the write (under the account's lock)
 * @param own - what the written unit alone uses (1 unit for a create, 0 for an update; its generated columns)
 * @throws UnitBudgetError naming the first budget exceeded (the transaction then rolls back)
 */
async function checkBudget(tx: Db, accountId: string, before: UnitBudgetUse, own: UnitBudgetUse, budget: UnitNetworkBudget): Promise<void> {
  const after = await budgetUseOf(tx, accountId);
  for (const name of ['units', 'vertices', 'storedBytes'] as const) {
    if (after[name] > budget[name] && after[name] > before[name]) throw new UnitBudgetError(name, budget[name], after[name] - own[name], own[name]);
  }
}

/** The generated columns of a written row. */
interface WrittenRow extends UnitRow {
  vertices: number;
  stored_bytes: number;
}

const footprintOf = (row: WrittenRow, units: number): UnitBudgetUse => ({ units, vertices: Number(row.vertices), storedBytes: Number(row.stored_bytes) });

/** The cursor after a row: base64url of its `seq`. */
const cursorOf = (row: UnitRow): string => Buffer.from(String(row.seq), 'utf8').toString('base64url');

function seqOf(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^\d{1,18}$/.test(text)) throw new InvalidCursorError();
  return text;
}

/** {@link UnitRepository.snapshot}: in one repeatable-read transaction. */
function snapshotOf(db: Db, accountId: string): Promise<UnitSnapshot> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const version = await versionOf(tx, accountId);
    const units = await tx.query<NetworkRowColumns>(`SELECT ${NETWORK_COLUMNS} FROM units WHERE account_id = $1 ORDER BY seq`, [accountId]);
    return { version, units: units.rows.map(networkRowOf), vertices: (await budgetUseOf(tx, accountId)).vertices };
  });
}

/** {@link UnitRepository.changesSince}: in one repeatable-read transaction. */
function changesOf(db: Db, accountId: string, since: number): Promise<UnitChanges> {
  return db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const version = await versionOf(tx, accountId);
    const changed = await tx.query<NetworkRowColumns>(`SELECT ${NETWORK_COLUMNS} FROM units WHERE account_id = $1 AND written_version > $2 ORDER BY seq`, [
      accountId,
      since,
    ]);
    const ids = await tx.query<{ id: string }>('SELECT id FROM units WHERE account_id = $1', [accountId]);
    return {
      version,
      changed: changed.rows.map(networkRowOf),
      ids: new Set(ids.rows.map((row) => row.id)),
      vertices: (await budgetUseOf(tx, accountId)).vertices,
    };
  });
}

/** The account's units_version, read in `tx`. */
async function versionOf(tx: Db, accountId: string): Promise<number> {
  const result = await tx.query<{ units_version: string | number }>('SELECT units_version FROM accounts WHERE id = $1', [accountId]);
  return Number(result.rows[0]?.units_version ?? 0);
}

/** The account and units version of each key, in the order asked (null: no such key), in one statement. */
async function versionsOfKeys(db: Db, keyIds: readonly string[]): Promise<Array<{ accountId: string; version: number } | null>> {
  const result = await db.query<{ key_id: string; account_id: string; units_version: string | number }>(
    'SELECT k.id AS key_id, a.id AS account_id, a.units_version FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.id = ANY($1::text[])',
    [[...new Set(keyIds)]],
  );
  const byKey = new Map(result.rows.map((row) => [row.key_id, { accountId: row.account_id, version: Number(row.units_version) }]));
  return keyIds.map((keyId) => byKey.get(keyId) ?? null);
}

/**
 * The unit repository over a database.
 *
 * @param db - a migrated database (version 5 or later)
 * @param options - `coalesce`: read the versions of concurrent requests in one statement (group commit)
 */
export function createUnitRepository(db: Db, options: CoalesceOptions = {}): UnitRepository {
  const find = async (tx: Db, accountId: string, id: string, lock: boolean): Promise<StoredUnit | null> => {
    const result = await tx.query<UnitRow>(`SELECT ${COLUMNS} FROM units WHERE account_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [accountId, id]);
    const row = result.rows[0];
    return row ? storedUnitOf(row) : null;
  };
  return {
    create: (accountId, id, fields, budget) =>
      db.transaction(async (tx) => {
        await bumpVersion(tx, accountId);
        const before = await budgetUseOf(tx, accountId);
        const result = await tx.query<WrittenRow>(
          `INSERT INTO units (id, account_id, name, address, matched_address, lat, lng, category, status, brand, territory_input, territory)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb) RETURNING ${COLUMNS}, vertices, stored_bytes`,
          [id, accountId, ...fieldValues(fields)],
        );
        const row = result.rows[0];
        if (!row) throw new Error('could not create the unit');
        await checkBudget(tx, accountId, before, footprintOf(row, 1), budget);
        return unitOf(storedUnitOf(row));
      }),
    async page(accountId, filter, limit, cursor) {
      const params: unknown[] = [accountId];
      const where = ['account_id = $1'];
      const add = (clause: string, value: unknown) => {
        params.push(value);
        where.push(`${clause} $${params.length}`);
      };
      if (filter.status !== undefined) add('status =', filter.status);
      if (filter.category !== undefined) add('category =', filter.category);
      if (cursor !== undefined) add('seq >', seqOf(cursor));
      params.push(limit + 1);
      const result = await db.query<UnitRow>(`SELECT ${COLUMNS} FROM units WHERE ${where.join(' AND ')} ORDER BY seq LIMIT $${params.length}`, params);
      return keysetPage(result.rows, limit, (row) => unitOf(storedUnitOf(row)), cursorOf);
    },
    get: (accountId, id) => find(db, accountId, id, false),
    update: (accountId, id, change, budget) =>
      db.transaction(async (tx) => {
        await bumpVersion(tx, accountId);
        const current = await find(tx, accountId, id, true);
        if (current === null) return null;
        const before = await budgetUseOf(tx, accountId);
        const result = await tx.query<WrittenRow>(
          `UPDATE units SET name = $3, address = $4, matched_address = $5, lat = $6, lng = $7, category = $8, status = $9, brand = $10,
             territory_input = $11::jsonb, territory = $12::jsonb, updated_at = now()
           WHERE account_id = $1 AND id = $2 RETURNING ${COLUMNS}, vertices, stored_bytes`,
          [accountId, id, ...fieldValues(change(current))],
        );
        const row = result.rows[0];
        if (!row) return null;
        await checkBudget(tx, accountId, before, footprintOf(row, 0), budget);
        return unitOf(storedUnitOf(row));
      }),
    delete: (accountId, id) =>
      db.transaction(async (tx) => {
        await bumpVersion(tx, accountId);
        const result = await tx.query('DELETE FROM units WHERE account_id = $1 AND id = $2 RETURNING id', [accountId, id]);
        return result.rows.length > 0;
      }),
    versionOfKey: singleCall((keyIds: readonly string[]) => versionsOfKeys(db, keyIds), options),
    snapshot: (accountId) => snapshotOf(db, accountId),
    changesSince: (accountId, since) => changesOf(db, accountId, since),
    budgetUse: (accountId) => budgetUseOf(db, accountId),
  };
}
