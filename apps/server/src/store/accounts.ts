import { randomUUID } from 'node:crypto';
import type { Account } from '@locscore/schema';
import type { Db } from '../db/db.js';
import { toIsoString } from '../db/timestamps.js';

/** An account name already taken (names are unique, compared without case). */
export class AccountNameTakenError extends Error {
  /** @param accountName - the name asked for */
  constructor(readonly accountName: string) {
    super(`an account named "${accountName}" already exists`);
    this.name = 'AccountNameTakenError';
  }
}

/** Franchisor organisations: each owns API keys (each key with its own plan). */
export interface AccountRepository {
  /**
   * Creates an account.
   *
   * @param name - 1–100 characters, trimmed by the caller
   * @throws AccountNameTakenError when an account has that name, compared without case
   */
  create(name: string): Promise<Account>;
  /** Every account, oldest first, with its count of active keys. */
  list(): Promise<Account[]>;
  /** The account with this id, or null. */
  get(id: string): Promise<Account | null>;
  /** The account with this name compared without case, or null. */
  findByName(name: string): Promise<Account | null>;
}

interface AccountRow {
  id: string;
  name: string;
  created_at: unknown;
  active_keys: number;
}

function accountOf(row: AccountRow): Account {
  return { id: row.id, name: row.name, createdAt: toIsoString(row.created_at), activeKeyCount: Number(row.active_keys) };
}

/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether a driver error is a unique-constraint violation (both drivers put the SQLSTATE in `code`).
 *
 * @param error - any thrown value
 */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === UNIQUE_VIOLATION;
}

const SELECT_ACCOUNTS = `SELECT a.id, a.name, a.created_at,
  (SELECT count(*)::int FROM api_keys k WHERE k.account_id = a.id AND k.revoked_at IS NULL) AS active_keys
FROM accounts a`;

/**
 * Inserts an account.
 *
 * @param db - a migrated database or transaction
 * @param name - the account's name
 * @returns the new account (no keys yet)
 * @throws AccountNameTakenError when the name is taken
 */
export async function insertAccount(db: Db, name: string): Promise<Account> {
  try {
    const result = await db.query<AccountRow>('INSERT INTO accounts (id, name) VALUES ($1, $2) RETURNING id, name, created_at, 0 AS active_keys', [
      randomUUID(),
      name,
    ]);
    const row = result.rows[0];
    if (!row) throw new Error(`could not create the account "${name}"`);
    return accountOf(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AccountNameTakenError(name);
    throw error;
  }
}

/**
 * The account repository over a database.
 *
 * @param db - a migrated database
 */
export function createAccountRepository(db: Db): AccountRepository {
  const one = async (where: string, value: string): Promise<Account | null> => {
    const result = await db.query<AccountRow>(`${SELECT_ACCOUNTS} WHERE ${where}`, [value]);
    const row = result.rows[0];
    return row ? accountOf(row) : null;
  };
  return {
    create: (name) => insertAccount(db, name),
    async list() {
      const result = await db.query<AccountRow>(`${SELECT_ACCOUNTS} ORDER BY a.created_at, a.id`);
      return result.rows.map(accountOf);
    },
    get: (id) => one('a.id = $1', id),
    findByName: (name) => one('lower(a.name) = lower($1)', name),
  };
}
