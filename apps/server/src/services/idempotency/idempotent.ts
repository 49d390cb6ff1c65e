import { createHash } from 'node:crypto';
import type { ScoreRequest } from '@locscore/schema';
import type { IdempotencyRepository } from '../../store/idempotency.js';
import { Refusal } from '../refusal.js';

/**
 * SHA-256 (hex) of a validated request, fields in a fixed order, so that the
 * same request sent twice hashes alike whatever its JSON key order.
 *
 * @param request - the validated request
 */
export function requestHash(request: ScoreRequest): string {
  const canonical = JSON.stringify([request.address, request.category, request.webhookUrl ?? null]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** One request sent with an `Idempotency-Key`. */
export interface IdempotentCall {
  /** The API key's id: keys are scoped per API key. */
  keyId: string;
  /** The `Idempotency-Key` header. */
  idempotencyKey: string;
  /** {@link requestHash} of the body: the same key with another body is a conflict. */
  requestHash: string;
  /** This request's id, stored with the claim. */
  requestId: string;
  /** The request's one reading of the clock (UTC). */
  now: Date;
}

/** What {@link runIdempotent} gives back: the stored answer to replay, or the fresh answer. */
export type IdempotentOutcome<T> = { kind: 'replay'; status: number; body: unknown } | { kind: 'answered'; answer: T };

/**
 * Answers a request at most once per (API key, `Idempotency-Key`) within
 * 24 hours: claims the key, then either replays the answer stored under it
 * or runs `answer`. An `answer` that throws gives the claim up, so that a
 * retry is processed again; the answer itself is stored with the request
 * row by whoever writes that row. Without a call (no header), runs `answer`.
 *
 * @param store - the idempotency repository
 * @param call - the claim, or null when the request has no `Idempotency-Key`
 * @param answer - produces the fresh answer
 * @throws Refusal 409 `idempotency_conflict` (details `field`, `reason`) for
 *   the same key with another body, or while the first request is in progress;
 *   whatever `answer` throws
 */
export async function runIdempotent<T>(store: IdempotencyRepository, call: IdempotentCall | null, answer: () => Promise<T>): Promise<IdempotentOutcome<T>> {
  if (call === null) return { kind: 'answered', answer: await answer() };
  const claim = await store.claim(call.keyId, call.idempotencyKey, call.requestHash, call.requestId, call.now);
  if (claim.kind === 'replay') return claim;
  if (claim.kind === 'conflict') {
    const message =
      claim.reason === 'different_body'
        ? 'this Idempotency-Key was used with another request body in the last 24 hours'
        : 'a request with this Idempotency-Key is still being processed; retry shortly';
    throw new Refusal('idempotency_conflict', message, { field: 'Idempotency-Key', reason: claim.reason });
  }
  try {
    return { kind: 'answered', answer: await answer() };
  } catch (error) {
    await store.abandon(call.keyId, call.idempotencyKey);
    throw error;
  }
}
