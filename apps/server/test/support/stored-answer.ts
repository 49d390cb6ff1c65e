import type { Db } from '../../src/db/db.js';

/**
 * Stores a response with an idempotency claim, as versions before 0.2 of the
 * server did when a request row could not be written (the claim function
 * still replays such an answer for the 24 hours its key lives).
 *
 * @param db - the store's database
 * @param keyId - the API key's internal id
 * @param idempotencyKey - the claimed key
 * @param status - the HTTP status to replay
 * @param body - the JSON body to replay
 */
export async function storeAnswerWithClaim(db: Db, keyId: string, idempotencyKey: string, status: number, body: unknown): Promise<void> {
  await db.query('UPDATE idempotency_keys SET response_status = $3, response_body = $4 WHERE key_id = $1 AND idempotency_key = $2', [
    keyId,
    idempotencyKey,
    status,
    JSON.stringify(body),
  ]);
}
