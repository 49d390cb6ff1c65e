import type { RequestError, RequestState, ScoreRequest, ScoreResult } from '@locscore/schema';
import { type CoalesceOptions, singleCall } from '../db/coalesce.js';
import type { Db } from '../db/db.js';
import { toIsoOrNull, toIsoString } from '../db/timestamps.js';

/** A scoring request as stored. Times are ISO 8601 UTC. */
export interface StoredRequest {
  id: string;
  keyId: string;
  mode: 'sync' | 'async';
  status: RequestState;
  body: ScoreRequest;
  webhookUrl: string | null;
  /** Start of the quota period its unit was counted in (null when none was). */
  periodStart: string | null;
  result: ScoreResult | null;
  error: RequestError | null;
  /** Scoring attempts made (asynchronous mode). */
  attempts: number;
  createdAt: string;
  completedAt: string | null;
}

/** What {@link RequestRepository.insert} takes. */
export interface NewRequest {
  id: string;
  keyId: string;
  mode: 'sync' | 'async';
  status: RequestState;
  body: ScoreRequest;
  webhookUrl?: string | null;
  periodStart?: Date | null;
  result?: ScoreResult | null;
  error?: RequestError | null;
}

/** Scoring requests and their outcomes. */
export interface RequestRepository {
  /** Records a request (a finished synchronous one, or a queued asynchronous one). */
  insert(request: NewRequest): Promise<void>;
  /** The request with this id, only when it belongs to `keyId`; null otherwise. */
  get(id: string, keyId: string): Promise<StoredRequest | null>;
  /** The request with this id, whoever owns it; null when unknown. */
  find(id: string): Promise<StoredRequest | null>;
  /**
   * Marks a queued request running and counts one scoring attempt.
   *
   * @returns the attempts made so far, this one included
   */
  markRunning(id: string): Promise<number>;
  /** Puts a running request back to queued (it will be retried). */
  markQueued(id: string): Promise<void>;
  /** Records the final outcome of a request. */
  complete(id: string, outcome: { result: ScoreResult } | { error: RequestError }): Promise<void>;
}

interface RequestRow {
  id: string;
  key_id: string;
  mode: 'sync' | 'async';
  status: RequestState;
  body: ScoreRequest;
  webhook_url: string | null;
  period_start: unknown;
  result: ScoreResult | null;
  error: RequestError | null;
  attempts: number;
  created_at: unknown;
  completed_at: unknown;
}

function fromRow(row: RequestRow): StoredRequest {
  return {
    id: row.id,
    keyId: row.key_id,
    mode: row.mode,
    status: row.status,
    body: row.body,
    webhookUrl: row.webhook_url,
    periodStart: toIsoOrNull(row.period_start),
    result: row.result,
    error: row.error,
    attempts: row.attempts,
    createdAt: toIsoString(row.created_at),
    completedAt: toIsoOrNull(row.completed_at),
  };
}

/**
 * Inserts requests in one `INSERT … SELECT … FROM json_to_recordset($1)`
 * (one JSON parameter however many rows: no per-row placeholders).
 */
async function insertAll(db: Db, requests: readonly NewRequest[]): Promise<undefined[]> {
  const rows = requests.map((request) => ({
    id: request.id,
    key_id: request.keyId,
    mode: request.mode,
    status: request.status,
    body: request.body,
    webhook_url: request.webhookUrl ?? null,
    period_start: request.periodStart ?? null,
    result: request.result ?? null,
    error: request.error ?? null,
    done: request.status === 'succeeded' || request.status === 'failed',
  }));
  await db.query(
    `INSERT INTO requests (id, key_id, mode, status, body, webhook_url, period_start, result, error, completed_at)
     SELECT id, key_id, mode, status, body, webhook_url, period_start, result, error, CASE WHEN done THEN now() END
     FROM json_to_recordset($1::json) AS r(id text, key_id text, mode text, status text, body jsonb, webhook_url text,
       period_start timestamptz, result jsonb, error jsonb, done boolean)`,
    [JSON.stringify(rows)],
  );
  return requests.map(() => undefined);
}

/**
 * The request repository over a database or transaction.
 *
 * @param db - a migrated database or transaction
 * @param options - see {@link CoalesceOptions}
 */
export function createRequestRepository(db: Db, options: CoalesceOptions = {}): RequestRepository {
  const insertOne = singleCall((requests: readonly NewRequest[]) => insertAll(db, requests), options);
  return {
    insert: insertOne,
    async get(id, keyId) {
      const result = await db.query<RequestRow>('SELECT * FROM requests WHERE id = $1 AND key_id = $2', [id, keyId]);
      const row = result.rows[0];
      return row ? fromRow(row) : null;
    },
    async find(id) {
      const result = await db.query<RequestRow>('SELECT * FROM requests WHERE id = $1', [id]);
      const row = result.rows[0];
      return row ? fromRow(row) : null;
    },
    async markRunning(id) {
      const result = await db.query<{ attempts: number }>(
        `UPDATE requests SET status = 'running', attempts = attempts + 1, updated_at = now() WHERE id = $1 RETURNING attempts`,
        [id],
      );
      return result.rows[0]?.attempts ?? 0;
    },
    async markQueued(id) {
      await db.query(`UPDATE requests SET status = 'queued', updated_at = now() WHERE id = $1 AND status = 'running'`, [id]);
    },
    async complete(id, outcome) {
      const succeeded = 'result' in outcome;
      await db.query(`UPDATE requests SET status = $2, result = $3, error = $4, completed_at = now(), updated_at = now() WHERE id = $1`, [
        id,
        succeeded ? 'succeeded' : 'failed',
        succeeded ? JSON.stringify(outcome.result) : null,
        succeeded ? null : JSON.stringify(outcome.error),
      ]);
    },
  };
}
