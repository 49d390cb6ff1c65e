import type { ScoreRequest } from '@locscore/schema';
import { type CoalesceOptions, singleCall } from '../db/coalesce.js';
import type { Db } from '../db/db.js';
import { groupReservations, type Reservation, type ReservedRow } from './usage.js';

/** A synchronous request that was scored, to be charged and recorded by {@link ChargedRequestRepository.record}. */
export interface ScoredRequest {
  /** The request id (UUID v4, the response's `X-Request-Id`). */
  id: string;
  /** The key's internal id. */
  keyId: string;
  /** The request body as parsed. */
  body: ScoreRequest;
  /**
   * The `ScoreResult` serialised as JSON: the very text of the 200 response,
   * so that a result is serialised once for the response and the row.
   */
  resultJson: string;
  /** Start of the quota period to charge (UTC); the limit is the key's plan's when charged. */
  periodStart: Date;
}

/** Finished synchronous requests, charged to the quota and recorded together. */
export interface ChargedRequestRepository {
  /**
   * Counts one evaluation in the request's quota period and, only when the
   * unit is granted, records the request as `succeeded` with its result, in
   * one statement (one transaction): a result is never recorded without its
   * unit, nor a unit counted without its row. Grants follow the rules of
   * `UsageRepository.reserve` (never more than the limit, in call order).
   *
   * @param request - the scored request
   * @returns the reservation: `{ ok: true, used }` (recorded) or `{ ok: false, used }` (quota spent, nothing written)
   * @throws the database's error when the statement fails (nothing is counted or written then)
   */
  record(request: ScoredRequest): Promise<Reservation>;
}

/**
 * One statement for a batch: `locscore_reserve_plan_units` (migration 4) grants
 * each group's units, and a data-modifying CTE inserts the rows whose rank in
 * their group is within the grant. The CTE is evaluated once (PostgreSQL
 * materialises a CTE that calls a volatile function), and the INSERT always
 * runs to completion though the outer query does not read it.
 */
const CHARGE_AND_RECORD = `
WITH granted AS (
  SELECT slot, granted, used_now, quota FROM locscore_reserve_plan_units($1::text[], $2::timestamptz[], $3::integer[], $4::jsonb)
), recorded AS (
  INSERT INTO requests (id, key_id, mode, status, body, period_start, result, completed_at)
  SELECT r.id, r.key_id, 'sync', 'succeeded', r.body, r.period_start, r.result, now()
  FROM json_to_recordset($5::json) AS r(id text, key_id text, body jsonb, period_start timestamptz, result jsonb, grp integer, rnk integer)
  JOIN granted g ON g.slot = r.grp
  WHERE r.rnk <= g.granted
)
SELECT slot, granted, used_now, quota FROM granted`;

/** Charges and records a batch in one round trip (see {@link CHARGE_AND_RECORD}). */
async function recordAll(db: Db, requests: readonly ScoredRequest[]): Promise<Reservation[]> {
  const groups = groupReservations(requests);
  // The result is already JSON: it is spliced into each row's text, not parsed and serialised again.
  const rows = requests.map((request, i) => {
    const place = groups.places[i] as { group: number; rank: number };
    const head = JSON.stringify({
      id: request.id,
      key_id: request.keyId,
      body: request.body,
      period_start: request.periodStart,
      grp: place.group,
      rnk: place.rank,
    });
    return `${head.slice(0, -1)},"result":${request.resultJson}}`;
  });
  const result = await db.query<ReservedRow>(CHARGE_AND_RECORD, [...groups.params, `[${rows.join(',')}]`]);
  return groups.outcomes(result.rows);
}

/**
 * The charged-request repository over a database.
 *
 * @param db - a migrated database
 * @param options - see {@link CoalesceOptions}: with `coalesce`, the requests
 *   of one event-loop turn are charged and recorded in one statement
 */
export function createChargedRequestRepository(db: Db, options: CoalesceOptions = {}): ChargedRequestRepository {
  return { record: singleCall((requests: readonly ScoredRequest[]) => recordAll(db, requests), options) };
}
