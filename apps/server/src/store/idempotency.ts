import { type CoalesceOptions, singleCall } from '../db/coalesce.js';
import type { Db } from '../db/db.js';

/** How long an idempotency key is remembered (24 hours, in milliseconds). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Outcome of {@link IdempotencyRepository.claim}. */
export type IdempotencyClaim =
  /**
   * First use: process the request and record its request row (under the
   * claim's `requestId`), or {@link IdempotencyRepository.abandon} the claim.
   */
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
  /** Forgets a claim whose request failed (so that a retry is processed again). */
  abandon(keyId: string, idempotencyKey: string): Promise<void>;
}

/** One call of {@link IdempotencyRepository.claim}. */
interface ClaimCall {
  keyId: string;
  idempotencyKey: string;
  bodyHash: string;
  requestId: string;
  now: Date;
}

interface ClaimRow {
  slot: number;
  claimed: boolean;
  stored_hash: string | null;
  stored_status: number | null;
  stored_body: unknown;
}

function claimOf(call: ClaimCall, row: ClaimRow): IdempotencyClaim {
  if (row.claimed) return { kind: 'new' };
  // Unknown (its claim was abandoned between the two statements): retry shortly.
  if (row.stored_hash === null) return { kind: 'conflict', reason: 'in_progress' };
  if (row.stored_hash !== call.bodyHash) return { kind: 'conflict', reason: 'different_body' };
  if (row.stored_status === null || row.stored_body === null) return { kind: 'conflict', reason: 'in_progress' };
  return { kind: 'replay', status: row.stored_status, body: row.stored_body };
}

/**
 * Runs claims in one round trip through `locscore_claim_idempotency_keys`
 * (migration 2), which makes each of them, in order, as a single call would:
 * an insert that takes over an expired entry, else a read of the stored
 * entry and of its answer (the request row, or a stored response).
 */
async function claimAll(db: Db, calls: readonly ClaimCall[]): Promise<IdempotencyClaim[]> {
  const result = await db.query<ClaimRow>(
    `SELECT slot, claimed, stored_hash, stored_status, stored_body
     FROM locscore_claim_idempotency_keys($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[])`,
    [
      calls.map((call) => call.keyId),
      calls.map((call) => call.idempotencyKey),
      calls.map((call) => call.bodyHash),
      calls.map((call) => call.requestId),
      calls.map((call) => call.now),
      calls.map((call) => new Date(call.now.getTime() - IDEMPOTENCY_TTL_MS)),
    ],
  );
  const claims = new Array<IdempotencyClaim>(calls.length);
  for (const row of result.rows) claims[row.slot - 1] = claimOf(calls[row.slot - 1] as ClaimCall, row);
  return claims;
}

/**
 * The idempotency repository over a database.
 *
 * @param db - a migrated database
 * @param options - see {@link CoalesceOptions}
 */
export function createIdempotencyRepository(db: Db, options: CoalesceOptions = {}): IdempotencyRepository {
  const claimOne = singleCall((calls: readonly ClaimCall[]) => claimAll(db, calls), options);
  return {
    claim: (keyId, idempotencyKey, bodyHash, requestId, now) => claimOne({ keyId, idempotencyKey, bodyHash, requestId, now }),
    async abandon(keyId, idempotencyKey) {
      await db.query('DELETE FROM idempotency_keys WHERE key_id = $1 AND idempotency_key = $2 AND response_status IS NULL', [keyId, idempotencyKey]);
    },
  };
}
