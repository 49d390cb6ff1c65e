import { randomUUID } from 'node:crypto';
import { PLANS, type Plan } from '@locscore/schema';
import type { Db } from '../db/db.js';
import { toIsoOrNull, toIsoString } from '../db/timestamps.js';
import { insertAccount } from './accounts.js';
import { generateApiKey, generateWebhookSecret, hashApiKey, visiblePrefix } from './key-secrets.js';

/** A key as listed: no secret material. Times are ISO 8601 UTC. */
export interface ApiKeySummary {
  prefix: string;
  plan: Plan;
  name: string | null;
  /** The owning account's id (UUID v4) and name. */
  accountId: string;
  accountName: string;
  createdAt: string;
  revokedAt: string | null;
}

/** A key as created: the only time the full `apiKey` is available. */
export interface CreatedApiKey extends ApiKeySummary {
  /** The full key, `lsk_…`; store it, it cannot be shown again. */
  apiKey: string;
  /** Standard Webhooks signing secret, `whsec_…`. */
  webhookSecret: string;
}

/** A stored key with its internal id (revoked ones too). */
export interface StoredKey extends ApiKeySummary {
  /** Internal id (foreign key of usage and requests). */
  id: string;
}

/** An active key found by {@link KeyRepository.authenticate}. */
export interface AuthenticatedKey extends StoredKey {
  webhookSecret: string;
}

/** A new webhook secret and how long the previous one still signs deliveries. */
export interface RotatedWebhookSecret {
  webhookSecret: string;
  /** ISO 8601 UTC: until then deliveries carry signatures of both secrets. */
  previousSecretExpiresAt: string;
}

/** Milliseconds the previous webhook secret keeps signing after a rotation: 24 hours. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/**
 * The name of the account a key gets of its own (a key created without an
 * account, or one that existed before accounts): `<key name> (<prefix>)`,
 * or the prefix alone for an unnamed key. Prefixes are unique, so are these.
 * Migration 4 names the accounts of existing keys by the same rule.
 *
 * @param prefix - the key's visible prefix
 * @param name - the key's display name, if any
 */
export function ownAccountName(prefix: string, name: string | null): string {
  return name === null || name === '' ? prefix : `${name} (${prefix})`;
}

/** API keys: stored as SHA-256 hashes with a visible prefix, an account, a plan and a webhook secret. */
export interface KeyRepository {
  /**
   * Creates a key on a plan, in `accountId`'s account, or in a new account of
   * its own ({@link ownAccountName}) when none is given.
   *
   * @throws TypeError when `plan` is not one of {@link PLANS}
   * @throws the driver's foreign-key error when `accountId` is unknown (check it first)
   */
  create(options: { plan: Plan; name?: string | null; accountId?: string }): Promise<CreatedApiKey>;
  /**
   * Registers a given key string (the server's `demoKey`), idempotently: an
   * existing key keeps its secret and account and takes the given plan; a
   * new one gets an account of its own.
   *
   * @returns its summary
   * @throws TypeError when the key is shorter than 16 characters, `plan` is
   *   unknown, or another key has the same visible prefix (first 12 characters)
   */
  register(options: { apiKey: string; plan: Plan; name?: string | null }): Promise<ApiKeySummary>;
  /** Every key (one account's with `accountId`), oldest first, revoked ones included. */
  list(filter?: { accountId?: string }): Promise<ApiKeySummary[]>;
  /** The key with this prefix, revoked or not; null when none has it. */
  find(prefix: string): Promise<StoredKey | null>;
  /**
   * Moves the active key with this prefix to `plan`. Its next reservation
   * runs under the new plan's limit (see `UsageRepository.reserve`).
   *
   * @returns the key after the change; null when no active key has the prefix
   * @throws TypeError when `plan` is not one of {@link PLANS}
   */
  setPlan(prefix: string, plan: Plan): Promise<StoredKey | null>;
  /** Revokes the key with this prefix; false when no active key has it. */
  revoke(prefix: string): Promise<boolean>;
  /**
   * Replaces the webhook secret of the active key with this prefix; the
   * previous one keeps signing for {@link SECRET_OVERLAP_MS}.
   *
   * @returns the new secret; null when no active key has the prefix
   */
  rotateSecret(prefix: string): Promise<RotatedWebhookSecret | null>;
  /** The active key matching `apiKey`; null when unknown or revoked. */
  authenticate(apiKey: string): Promise<AuthenticatedKey | null>;
  /**
   * The secrets that sign a key's deliveries (revoked keys too): the current
   * one, then the previous one while it has not expired.
   *
   * @param keyId - internal id
   * @returns one or two secrets; empty when the key is unknown
   */
  webhookSecretsOf(keyId: string): Promise<string[]>;
}

interface KeyRow {
  id: string;
  prefix: string;
  plan: Plan;
  name: string | null;
  account_id: string;
  account_name: string;
  webhook_secret: string;
  created_at: unknown;
  revoked_at: unknown;
}

function stored(row: KeyRow): StoredKey {
  return {
    id: row.id,
    prefix: row.prefix,
    plan: row.plan,
    name: row.name,
    accountId: row.account_id,
    accountName: row.account_name,
    createdAt: toIsoString(row.created_at),
    revokedAt: toIsoOrNull(row.revoked_at),
  };
}

function summary(row: KeyRow): ApiKeySummary {
  const { id: _id, ...rest } = stored(row);
  return rest;
}

function checkPlan(plan: unknown): asserts plan is Plan {
  if (!(PLANS as readonly unknown[]).includes(plan)) {
    throw new TypeError(`plan must be one of: ${PLANS.join(', ')} (got ${String(plan)})`);
  }
}

/** Minimum length of a key given to {@link KeyRepository.register}. */
const MIN_REGISTERED_KEY_LENGTH = 16;

/** Keys with their account's name. */
const SELECT_KEYS = 'SELECT k.*, a.name AS account_name FROM api_keys k JOIN accounts a ON a.id = k.account_id';

/** Inserts a key row (in `accountId`, or a new account of its own) and reads it back; null on a prefix or hash collision. */
async function insertKey(tx: Db, key: { apiKey: string; plan: Plan; name: string | null; accountId?: string; onConflict: string }): Promise<KeyRow | null> {
  const prefix = visiblePrefix(key.apiKey);
  const accountId = key.accountId ?? (await insertAccount(tx, ownAccountName(prefix, key.name))).id;
  const inserted = await tx.query<{ id: string }>(
    `INSERT INTO api_keys (id, key_hash, prefix, plan, name, webhook_secret, account_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ${key.onConflict} RETURNING id`,
    [randomUUID(), hashApiKey(key.apiKey), prefix, key.plan, key.name, generateWebhookSecret(), accountId],
  );
  const id = inserted.rows[0]?.id;
  if (id === undefined) return null;
  return (await tx.query<KeyRow>(`${SELECT_KEYS} WHERE k.id = $1`, [id])).rows[0] ?? null;
}

/**
 * The key repository over a database.
 *
 * @param db - a migrated database
 */
export function createKeyRepository(db: Db): KeyRepository {
  const one = async (where: string, params: readonly unknown[]): Promise<KeyRow | null> =>
    (await db.query<KeyRow>(`${SELECT_KEYS} WHERE ${where}`, params)).rows[0] ?? null;
  return {
    async create({ plan, name = null, accountId }) {
      checkPlan(plan);
      // The prefix carries 48 random bits; retry on the rare collision.
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const apiKey = generateApiKey();
        const row = await db
          .transaction(async (tx) => {
            const inserted = await insertKey(tx, { apiKey, plan, name, ...(accountId ? { accountId } : {}), onConflict: 'ON CONFLICT DO NOTHING' });
            // A collision leaves no own account behind.
            if (inserted === null) throw new PrefixCollision();
            return inserted;
          })
          .catch((error: unknown) => {
            if (error instanceof PrefixCollision) return null;
            throw error;
          });
        if (row) return { apiKey, webhookSecret: row.webhook_secret, ...summary(row) };
      }
      throw new Error('could not create a unique API key prefix');
    },
    async register({ apiKey, plan, name = 'demo' }) {
      checkPlan(plan);
      if (typeof apiKey !== 'string' || apiKey.length < MIN_REGISTERED_KEY_LENGTH) {
        throw new TypeError(`apiKey must be at least ${MIN_REGISTERED_KEY_LENGTH} characters`);
      }
      const prefix = visiblePrefix(apiKey);
      const holder = await db.query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE prefix = $1', [prefix]);
      const other = holder.rows[0];
      if (other && other.key_hash !== hashApiKey(apiKey)) {
        throw new TypeError(`apiKey: another key already has the prefix ${prefix}; make its first 12 characters differ`);
      }
      if (other) {
        const updated = await db.query<{ id: string }>('UPDATE api_keys SET plan = $2 WHERE key_hash = $1 RETURNING id', [hashApiKey(apiKey), plan]);
        const row = await one('k.id = $1', [updated.rows[0]?.id]);
        if (row) return summary(row);
      }
      const row = await db.transaction((tx) => insertKey(tx, { apiKey, plan, name, onConflict: '' }));
      if (!row) throw new Error(`could not register the key ${prefix}`);
      return summary(row);
    },
    async list(filter = {}) {
      const result =
        filter.accountId === undefined
          ? await db.query<KeyRow>(`${SELECT_KEYS} ORDER BY k.created_at, k.prefix`)
          : await db.query<KeyRow>(`${SELECT_KEYS} WHERE k.account_id = $1 ORDER BY k.created_at, k.prefix`, [filter.accountId]);
      return result.rows.map(summary);
    },
    async find(prefix) {
      const row = await one('k.prefix = $1', [prefix]);
      return row ? stored(row) : null;
    },
    async setPlan(prefix, plan) {
      checkPlan(plan);
      const updated = await db.query<{ id: string }>('UPDATE api_keys SET plan = $2 WHERE prefix = $1 AND revoked_at IS NULL RETURNING id', [prefix, plan]);
      const id = updated.rows[0]?.id;
      const row = id === undefined ? null : await one('k.id = $1', [id]);
      return row ? stored(row) : null;
    },
    async revoke(prefix) {
      const result = await db.query('UPDATE api_keys SET revoked_at = now() WHERE prefix = $1 AND revoked_at IS NULL RETURNING id', [prefix]);
      return result.rows.length > 0;
    },
    async rotateSecret(prefix) {
      const secret = generateWebhookSecret();
      const result = await db.query<{ expires: unknown }>(
        `UPDATE api_keys SET previous_webhook_secret = webhook_secret, webhook_secret = $2,
           previous_secret_expires_at = now() + $3 * interval '1 millisecond'
         WHERE prefix = $1 AND revoked_at IS NULL RETURNING previous_secret_expires_at AS expires`,
        [prefix, secret, SECRET_OVERLAP_MS],
      );
      const row = result.rows[0];
      return row ? { webhookSecret: secret, previousSecretExpiresAt: toIsoString(row.expires) } : null;
    },
    async authenticate(apiKey) {
      const row = await one('k.key_hash = $1 AND k.revoked_at IS NULL', [hashApiKey(apiKey)]);
      return row ? { ...stored(row), webhookSecret: row.webhook_secret } : null;
    },
    async webhookSecretsOf(keyId) {
      const result = await db.query<{ current: string; previous: string | null }>(
        `SELECT webhook_secret AS current,
           CASE WHEN previous_secret_expires_at > now() THEN previous_webhook_secret END AS previous
         FROM api_keys WHERE id = $1`,
        [keyId],
      );
      const row = result.rows[0];
      return row ? [row.current, ...(row.previous ? [row.previous] : [])] : [];
    },
  };
}

/** A generated key whose prefix or hash another key has: try another. */
class PrefixCollision extends Error {}
