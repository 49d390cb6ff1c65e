import { coalesce } from './coalesce.js';
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
  /**
   * Stores the response to replay. Without `body`, a 200 replays the stored
   * request's `result` and a 202 its `{ queued: true, requestId }` (rebuilt at
   * claim time, so a result is written once, in its request row); give the
   * body when the request row was not recorded.
   */
  finish(keyId: string, idempotencyKey: string, status: number, body?: unknown): Promise<void>;
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
 * an insert that takes over an expired entry, else a read of the stored one.
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

/** One call of {@link IdempotencyRepository.finish}. */
interface FinishCall {
  keyId: string;
  idempotencyKey: string;
  status: number;
  body: unknown;
}

/** Stores the responses of finished claims in one `UPDATE … FROM json_to_recordset`. */
async function finishAll(db: Db, calls: readonly FinishCall[]): Promise<void[]> {
  const rows = calls.map((call) => ({
    key_id: call.keyId,
    idempotency_key: call.idempotencyKey,
    status: call.status,
    body: call.body === undefined ? null : call.body,
  }));
  await db.query(
    `UPDATE idempotency_keys k SET response_status = f.status, response_body = f.body
     FROM json_to_recordset($1::json) AS f(key_id text, idempotency_key text, status integer, body jsonb)
     WHERE k.key_id = f.key_id AND k.idempotency_key = f.idempotency_key`,
    [JSON.stringify(rows)],
  );
  return calls.map(() => undefined);
}

/** Options of {@link createIdempotencyRepository}. */
export interface IdempotencyRepositoryOptions {
  /** Merge concurrent `claim` and `finish` calls into one statement each ({@link coalesce}). */
  coalesce?: boolean;
}

/**
 * The idempotency repository over a database.
 *
 * @param db - a migrated database
 * @param options - see {@link IdempotencyRepositoryOptions}
 */
export function createIdempotencyRepository(db: Db, options: IdempotencyRepositoryOptions = {}): IdempotencyRepository {
  const claimOne = options.coalesce
    ? coalesce((calls: readonly ClaimCall[]) => claimAll(db, calls))
    : async (call: ClaimCall) => (await claimAll(db, [call]))[0] as IdempotencyClaim;
  const finishOne = options.coalesce
    ? coalesce((calls: readonly FinishCall[]) => finishAll(db, calls))
    : async (call: FinishCall) => (await finishAll(db, [call]))[0];
  return {
    claim: (keyId, idempotencyKey, bodyHash, requestId, now) => claimOne({ keyId, idempotencyKey, bodyHash, requestId, now }),
    finish: (keyId, idempotencyKey, status, body) => finishOne({ keyId, idempotencyKey, status, body }),
    async abandon(keyId, idempotencyKey) {
      await db.query('DELETE FROM idempotency_keys WHERE key_id = $1 AND idempotency_key = $2 AND response_status IS NULL', [
        keyId,
        idempotencyKey,
      ]);
    },
  };
}
