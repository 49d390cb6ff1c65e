import type { Db } from './db.js';

/** How long an idempotency key is remembered (24 hours, in milliseconds). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Outcome of {@link IdempotencyRepository.claim}. */
export type IdempotencyClaim =
  /** First use: process the request, then {@link IdempotencyRepository.finish} or {@link IdempotencyRepository.abandon}. */
  | { kind: 'new' }
  /** Same body, finished: replay this response. */
  | { kind: 'replay'; status: number; body: unknown }
  /** Same key with another body, or the first request is still in flight. */
  | { kind: 'conflict'; reason: 'different_body' | 'in_progress' };

/** Idempotency keys per API key: the first response, replayed for 24 hours. */
export interface IdempotencyRepository {
  /**
   * Claims `idempotencyKey` for a request body, atomically: an expired entry
   * (older than {@link IDEMPOTENCY_TTL_MS} at `now`) is taken over.
   *
   * @param bodyHash - SHA-256 of the validated request
   * @param requestId - the request that will answer it
   */
  claim(keyId: string, idempotencyKey: string, bodyHash: string, requestId: string, now: Date): Promise<IdempotencyClaim>;
  /** Stores the response to replay. */
  finish(keyId: string, idempotencyKey: string, status: number, body: unknown): Promise<void>;
  /** Forgets a claim whose request failed (so that a retry is processed again). */
  abandon(keyId: string, idempotencyKey: string): Promise<void>;
}

/**
 * The idempotency repository over a database.
 *
 * @param db - a migrated database
 */
export function createIdempotencyRepository(db: Db): IdempotencyRepository {
  return {
    async claim(keyId, idempotencyKey, bodyHash, requestId, now) {
      const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
      const inserted = await db.query(
        `INSERT INTO idempotency_keys (key_id, idempotency_key, body_hash, request_id, created_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (key_id, idempotency_key) DO UPDATE
           SET body_hash = EXCLUDED.body_hash, request_id = EXCLUDED.request_id, created_at = EXCLUDED.created_at,
               response_status = NULL, response_body = NULL
           WHERE idempotency_keys.created_at < $6
         RETURNING request_id`,
        [keyId, idempotencyKey, bodyHash, requestId, now, expiredBefore],
      );
      if (inserted.rows.length > 0) return { kind: 'new' };
      const existing = await db.query<{ body_hash: string; response_status: number | null; response_body: unknown }>(
        'SELECT body_hash, response_status, response_body FROM idempotency_keys WHERE key_id = $1 AND idempotency_key = $2',
        [keyId, idempotencyKey],
      );
      const row = existing.rows[0];
      if (!row) return { kind: 'conflict', reason: 'in_progress' };
      if (row.body_hash !== bodyHash) return { kind: 'conflict', reason: 'different_body' };
      if (row.response_status === null) return { kind: 'conflict', reason: 'in_progress' };
      return { kind: 'replay', status: row.response_status, body: row.response_body };
    },
    async finish(keyId, idempotencyKey, status, body) {
      await db.query(
        'UPDATE idempotency_keys SET response_status = $3, response_body = $4 WHERE key_id = $1 AND idempotency_key = $2',
        [keyId, idempotencyKey, status, JSON.stringify(body)],
      );
    },
    async abandon(keyId, idempotencyKey) {
      await db.query('DELETE FROM idempotency_keys WHERE key_id = $1 AND idempotency_key = $2 AND response_status IS NULL', [
        keyId,
        idempotencyKey,
      ]);
    },
  };
}
