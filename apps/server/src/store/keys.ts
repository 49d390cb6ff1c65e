import { randomUUID } from 'node:crypto';
import { PLANS, type Plan } from '@locscore/schema';
import { generateApiKey, generateWebhookSecret, hashApiKey, visiblePrefix } from '../auth/api-key.js';
import type { Db } from './db.js';
import { toIsoOrNull, toIsoString } from './timestamps.js';

/** A key as created: the only time the full `apiKey` is available. */
export interface CreatedApiKey {
  /** The full key, `lsk_…`; store it, it cannot be shown again. */
  apiKey: string;
  /** Its visible prefix (first 12 characters), to list and revoke it. */
  prefix: string;
  plan: Plan;
  name: string | null;
  /** Standard Webhooks signing secret, `whsec_…`. */
  webhookSecret: string;
  /** ISO 8601 UTC. */
  createdAt: string;
}

/** A key as listed: no secret material. Times are ISO 8601 UTC. */
export interface ApiKeySummary {
  prefix: string;
  plan: Plan;
  name: string | null;
  createdAt: string;
  revokedAt: string | null;
}

/** An active key found by {@link KeyRepository.authenticate}. */
export interface AuthenticatedKey extends ApiKeySummary {
  /** Internal id (foreign key of usage and requests). */
  id: string;
  webhookSecret: string;
}

/** API keys: stored as SHA-256 hashes with a visible prefix, a plan and a webhook secret. */
export interface KeyRepository {
  /**
   * Creates a key on a plan.
   *
   * @throws TypeError when `plan` is not one of {@link PLANS}
   */
  create(options: { plan: Plan; name?: string | null }): Promise<CreatedApiKey>;
  /**
   * Registers a given key string (the server's `demoKey`), idempotently: an
   * existing key keeps its secret and takes the given plan.
   *
   * @returns its summary
   * @throws TypeError when the key is shorter than 16 characters, `plan` is
   *   unknown, or another key has the same visible prefix (first 12 characters)
   */
  register(options: { apiKey: string; plan: Plan; name?: string | null }): Promise<ApiKeySummary>;
  /** Every key, oldest first, revoked ones included. */
  list(): Promise<ApiKeySummary[]>;
  /** Revokes the key with this prefix; false when no active key has it. */
  revoke(prefix: string): Promise<boolean>;
  /** Replaces the webhook secret of the key with this prefix; null when there is none. */
  rotateSecret(prefix: string): Promise<string | null>;
  /** The active key matching `apiKey`; null when unknown or revoked. */
  authenticate(apiKey: string): Promise<AuthenticatedKey | null>;
  /** The current webhook secret of a key by internal id (revoked keys too); null when unknown. */
  webhookSecretOf(keyId: string): Promise<string | null>;
}

interface KeyRow {
  id: string;
  prefix: string;
  plan: Plan;
  name: string | null;
  webhook_secret: string;
  created_at: unknown;
  revoked_at: unknown;
}

function summary(row: KeyRow): ApiKeySummary {
  return {
    prefix: row.prefix,
    plan: row.plan,
    name: row.name,
    createdAt: toIsoString(row.created_at),
    revokedAt: toIsoOrNull(row.revoked_at),
  };
}

function checkPlan(plan: unknown): asserts plan is Plan {
  if (!(PLANS as readonly unknown[]).includes(plan)) {
    throw new TypeError(`plan must be one of: ${PLANS.join(', ')} (got ${String(plan)})`);
  }
}

/** Minimum length of a key given to {@link KeyRepository.register}. */
const MIN_REGISTERED_KEY_LENGTH = 16;

/**
 * The key repository over a database.
 *
 * @param db - a migrated database
 */
export function createKeyRepository(db: Db): KeyRepository {
  return {
    async create({ plan, name = null }) {
      checkPlan(plan);
      // The prefix carries 48 random bits; retry on the rare collision.
      for (let attempt = 0; ; attempt += 1) {
        const apiKey = generateApiKey();
        const webhookSecret = generateWebhookSecret();
        const inserted = await db.query<KeyRow>(
          `INSERT INTO api_keys (id, key_hash, prefix, plan, name, webhook_secret)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT DO NOTHING
           RETURNING *`,
          [randomUUID(), hashApiKey(apiKey), visiblePrefix(apiKey), plan, name, webhookSecret],
        );
        const row = inserted.rows[0];
        if (row) return { apiKey, webhookSecret, ...summary(row) };
        if (attempt >= 5) throw new Error('could not create a unique API key prefix');
      }
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
      const result = await db.query<KeyRow>(
        `INSERT INTO api_keys (id, key_hash, prefix, plan, name, webhook_secret)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (key_hash) DO UPDATE SET plan = EXCLUDED.plan
         RETURNING *`,
        [randomUUID(), hashApiKey(apiKey), prefix, plan, name, generateWebhookSecret()],
      );
      const row = result.rows[0];
      if (!row) throw new Error(`could not register the key ${prefix}`);
      return summary(row);
    },
    async list() {
      const result = await db.query<KeyRow>('SELECT * FROM api_keys ORDER BY created_at, prefix');
      return result.rows.map(summary);
    },
    async revoke(prefix) {
      const result = await db.query(
        'UPDATE api_keys SET revoked_at = now() WHERE prefix = $1 AND revoked_at IS NULL RETURNING id',
        [prefix],
      );
      return result.rows.length > 0;
    },
    async rotateSecret(prefix) {
      const secret = generateWebhookSecret();
      const result = await db.query('UPDATE api_keys SET webhook_secret = $2 WHERE prefix = $1 RETURNING id', [
        prefix,
        secret,
      ]);
      return result.rows.length > 0 ? secret : null;
    },
    async authenticate(apiKey) {
      const result = await db.query<KeyRow>('SELECT * FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL', [
        hashApiKey(apiKey),
      ]);
      const row = result.rows[0];
      return row ? { ...summary(row), id: row.id, webhookSecret: row.webhook_secret } : null;
    },
    async webhookSecretOf(keyId) {
      const result = await db.query<{ webhook_secret: string }>('SELECT webhook_secret FROM api_keys WHERE id = $1', [keyId]);
      return result.rows[0]?.webhook_secret ?? null;
    },
  };
}
