import { AddressAmbiguousError, AddressNotFoundError, type ScoringEngine } from '@locscore/engine';
import type { Plan, RequestError, ScoreRequest, ScoreResult } from '@locscore/schema';
import type { Store, StoreTransaction } from '../../store/open-store.js';
import type { Reservation } from '../../store/usage.js';
import { scoreWithUnits } from '../units/score-with-units.js';
import { createUnitNetworks, type UnitNetworks } from '../units/unit-networks.js';
import type { QuotaPeriod } from '../usage/period.js';

/** An address the engine cannot score: the request's answer (a 400, or the failure delivered), not a fault. */
export type UnscorableAddress = AddressNotFoundError | AddressAmbiguousError;

/** What scoring one request gives: its result, or why its address cannot be scored. */
export type Scored = { result: ScoreResult } | { unscorable: UnscorableAddress };

/** Sends scoring jobs (webhook mode): the job queue's side of {@link ScoringService.queue}. */
export interface ScoringJobs {
  /** Sends the scoring job of a request inside `tx`, so that it commits with the request's row and unit. */
  enqueueScore(tx: StoreTransaction, requestId: string): Promise<void>;
  /** Wakes this process's scoring workers; call it after the transaction commits. Never throws. */
  notifyScore(): void;
}

/** One request to score, as the route accepted it. */
export interface ScoringCall {
  /** The API key's internal id and plan (the quota limit is the plan's as stored when the unit is reserved). */
  key: { id: string; plan: Plan };
  request: ScoreRequest;
  /** The request id (UUID v4, the response's `X-Request-Id`). */
  requestId: string;
  /** The quota period the unit is counted in (UTC). */
  period: QuotaPeriod;
}

/** How a synchronous request ended. */
export type SyncOutcome =
  /** Scored: the result as JSON and the quota reservation; when it is not `ok` the quota is spent and nothing was recorded. */
  | { kind: 'scored'; json: string; reservation: Reservation }
  /** The address cannot be scored: nothing counted or recorded. */
  | { kind: 'unscorable'; unscorable: UnscorableAddress }
  /** The engine failed: recorded as a failed request (unless `recordError` says why not), nothing counted. */
  | { kind: 'failed'; error: unknown; recordError: unknown };

/** Scoring with the quota rules, for the synchronous route and the scoring job alike. */
export interface ScoringService {
  /**
   * Scores a request body: the engine's result with `meta.requestId` set,
   * seen against the units of the key's account when it has some
   * (`meta.territory`, own units out of `competitors`, a site inside a
   * protected territory never passes: `scoreWithUnits`), or the address
   * error (`address_not_found`, `address_ambiguous`) as an answer.
   *
   * @param keyId - the key the request is charged to; its account's units apply
   * @throws the engine's or the store's error for any other failure (a fault: retry)
   */
  score(body: ScoreRequest, requestId: string, keyId: string): Promise<Scored>;
  /**
   * Synchronous mode: scores first (the engine's work is well under a
   * millisecond of CPU), then charges the unit and records the request with
   * its result in one group-committed statement (`store.charged.record`).
   * The result is typed by the schema's `ScoreResult` and not parsed again
   * (a zod parse costs about half a score); the engine's and the server's
   * tests parse every result they produce on real data.
   */
  scoreNow(call: ScoringCall): Promise<SyncOutcome>;
  /**
   * Webhook mode: reserves the unit, records the request as `queued` and
   * sends its scoring job in one transaction, then wakes a scoring worker.
   *
   * @param jobs - the job queue the scoring job goes to
   * @returns the reservation; when it is not `ok` the quota is spent and nothing was written
   */
  queue(call: ScoringCall, jobs: ScoringJobs): Promise<Reservation>;
}

/** Options of {@link createScoringService}. */
export interface ScoringServiceOptions {
  store: Store;
  engine: ScoringEngine;
  /** The process's cache of account unit networks. @default a new one over `store.units` */
  networks?: UnitNetworks;
}

/**
 * The error of a request whose address cannot be scored, as stored and delivered.
 *
 * @param unscorable - the engine's address error
 */
export function requestErrorOf(unscorable: UnscorableAddress): RequestError {
  return { code: unscorable.code, message: unscorable.message };
}

/**
 * The scoring service over a store and an engine. A process builds one (the
 * entry wires it into the routes and the scoring workers), so that they
 * share its unit-network cache.
 *
 * @param options - see {@link ScoringServiceOptions}
 */
export function createScoringService(options: ScoringServiceOptions): ScoringService {
  const { store, engine } = options;
  const networks = options.networks ?? createUnitNetworks(store.units);

  async function score(body: ScoreRequest, requestId: string, keyId: string): Promise<Scored> {
    let scored: ScoreResult;
    try {
      scored = await engine.score({ address: body.address, category: body.category });
    } catch (error) {
      if (error instanceof AddressNotFoundError || error instanceof AddressAmbiguousError) return { unscorable: error };
      throw error;
    }
    const network = engine.territory === undefined ? null : await networks.ofKey(keyId);
    const seen = network === null || engine.territory === undefined ? scored : scoreWithUnits(scored, body.category, network, engine.territory);
    return { result: { ...seen, meta: { ...seen.meta, requestId } } };
  }

  async function recordFailure({ key, request, requestId }: ScoringCall): Promise<unknown> {
    try {
      await store.requests.insert({
        id: requestId,
        keyId: key.id,
        mode: 'sync',
        status: 'failed',
        body: request,
        periodStart: null,
        result: null,
        error: { code: 'scoring_failed', message: 'scoring failed' },
      });
      return null;
    } catch (error) {
      return error;
    }
  }

  return {
    score,
    async scoreNow(call) {
      let scored: Scored;
      try {
        scored = await score(call.request, call.requestId, call.key.id);
      } catch (error) {
        return { kind: 'failed', error, recordError: await recordFailure(call) };
      }
      if ('unscorable' in scored) return { kind: 'unscorable', unscorable: scored.unscorable };
      const json = JSON.stringify(scored.result);
      const reservation = await store.charged.record({
        id: call.requestId,
        keyId: call.key.id,
        body: call.request,
        resultJson: json,
        periodStart: call.period.start,
      });
      return { kind: 'scored', json, reservation };
    },
    async queue({ key, request, requestId, period }, jobs) {
      const reservation = await store.transaction(async (tx) => {
        const reserved = await tx.usage.reserve(key.id, period.start);
        if (!reserved.ok) return reserved;
        await tx.requests.insert({
          id: requestId,
          keyId: key.id,
          mode: 'async',
          status: 'queued',
          body: request,
          webhookUrl: request.webhookUrl ?? null,
          periodStart: period.start,
        });
        await jobs.enqueueScore(tx, requestId);
        return reserved;
      });
      if (reservation.ok) jobs.notifyScore();
      return reservation;
    },
  };
}
