import { TERRITORY_CHECK_PATH, type TerritoryCheckRequestInput, TerritoryCheckResult } from '@locscore/schema';
import type { CallOptions } from '../franchisor/request-log.js';
import { newIdempotencyKey } from '../idempotency-key.js';
import type { JsonTransport } from '../json-transport.js';

/** Options of {@link Territories.check}. */
export interface TerritoryCheckOptions extends CallOptions {
  /** Idempotency key; a UUID per call when left out, so the client's own retries are never charged twice. */
  idempotencyKey?: string | undefined;
}

/** Checks of proposed territories (`/api/franchisor/territories`). */
export class Territories {
  readonly #transport: JsonTransport;

  /** @param transport - the client's transport */
  constructor(transport: JsonTransport) {
    this.#transport = transport;
  }

  /**
   * Checks a proposed territory (`POST /api/franchisor/territories/check`):
   * residents and households inside, overlap on residents with every unit
   * territory of the category, the units it encroaches and those inside it,
   * the reserved venues inside (FTC FAQ 37) and whether it meets
   * `minimumResidents`. Costs one evaluation of the quota; retried with
   * the same idempotency key, so a retry is never charged twice.
   *
   * @throws {BadRequestError} a bad field (`fields` names it), or an address not found
   * @throws {AddressAmbiguousError} the address fits several places
   * @throws {QuotaExceededError} the month's quota is spent
   */
  check(body: TerritoryCheckRequestInput, options: TerritoryCheckOptions = {}): Promise<TerritoryCheckResult> {
    const request = {
      method: 'post' as const,
      path: TERRITORY_CHECK_PATH,
      body,
      idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
      signal: options.signal,
    };
    return this.#transport.send(request, TerritoryCheckResult, 'TerritoryCheckResult');
  }
}
