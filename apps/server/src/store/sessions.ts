import { createHash, randomBytes } from 'node:crypto';
import type { SessionKind } from '@locscore/schema';
import type { Db } from '../db/db.js';
import { toIsoString } from '../db/timestamps.js';

/** How long a dashboard session lives after sign-in: 8 hours, not extended by use. */
export const SESSION_TTL_MS = 8 * 60 * 60 * 1000;

/** A new session: the cookie value (shown once, to the browser) and what the session holds. */
export interface NewSession {
  /** The cookie value: 32 random bytes, base64url. Only its SHA-256 is stored. */
  token: string;
  /** 32 random bytes, base64url (43 characters), fixed for the session. */
  csrfToken: string;
  /** ISO 8601 UTC. */
  expiresAt: string;
}

/** A live session as a request carrying its cookie finds it. */
export interface LiveSession {
  kind: SessionKind;
  csrfToken: string;
  /** ISO 8601 UTC. */
  expiresAt: string;
  /** For a key session: the key's internal id, prefix and account; absent for an operator session. */
  key?: { id: string; prefix: string; accountId: string; accountName: string };
}

/** Dashboard sessions, in the database so that every instance behind a load balancer knows them. */
export interface SessionRepository {
  /**
   * Starts a session.
   *
   * @param owner - `{ kind: 'admin' }`, or `{ kind: 'key', keyId }` (the key's internal id, never the key)
   * @param now - the server's clock
   */
  create(owner: { kind: 'admin' } | { kind: 'key'; keyId: string }, now: Date): Promise<NewSession>;
  /** The session of a cookie value; null when unknown, expired, or its key was revoked since. */
  find(token: string, now: Date): Promise<LiveSession | null>;
  /** Ends the session of a cookie value (nothing when there is none). */
  remove(token: string): Promise<void>;
}

/** SHA-256 of a cookie value, hex: what the table stores and looks up. */
function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

interface SessionRow {
  kind: SessionKind;
  csrf_token: string;
  expires_at: unknown;
  key_id: string | null;
  prefix: string | null;
  account_id: string | null;
  account_name: string | null;
}

/**
 * The session repository over a database.
 *
 * @param db - a migrated database
 */
export function createSessionRepository(db: Db): SessionRepository {
  return {
    async create(owner, now) {
      const token = randomBytes(32).toString('base64url');
      const csrfToken = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await db.query('INSERT INTO dashboard_sessions (token_hash, kind, key_id, csrf_token, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        hashToken(token),
        owner.kind,
        owner.kind === 'key' ? owner.keyId : null,
        csrfToken,
        now,
        expiresAt,
      ]);
      return { token, csrfToken, expiresAt: expiresAt.toISOString() };
    },
    async find(token, now) {
      const result = await db.query<SessionRow>(
        `SELECT s.kind, s.csrf_token, s.expires_at, s.key_id, k.prefix, k.account_id, a.name AS account_name
         FROM dashboard_sessions s
         LEFT JOIN api_keys k ON k.id = s.key_id
         LEFT JOIN accounts a ON a.id = k.account_id
         WHERE s.token_hash = $1 AND s.expires_at > $2 AND (s.kind = 'admin' OR k.revoked_at IS NULL)`,
        [hashToken(token), now],
      );
      const row = result.rows[0];
      if (!row) return null;
      const session: LiveSession = { kind: row.kind, csrfToken: row.csrf_token, expiresAt: toIsoString(row.expires_at) };
      if (row.kind === 'key' && row.key_id && row.prefix && row.account_id && row.account_name !== null) {
        session.key = { id: row.key_id, prefix: row.prefix, accountId: row.account_id, accountName: row.account_name };
      }
      return session;
    },
    async remove(token) {
      await db.query('DELETE FROM dashboard_sessions WHERE token_hash = $1', [hashToken(token)]);
    },
  };
}
