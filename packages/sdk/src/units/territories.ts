import { TERRITORY_CHECK_PATH, type TerritoryCheckRequestInput, TerritoryCheckResult } from '@locscore/schema';
import type { CallOptions } from '../call-options.js';
import type { JsonTransport } from '../json-transport.js';

/** Options of {@link Territories.check}. */
export type TerritoryCheckOptions = CallOptions;

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
   * `minimumResidents`. Costs one evaluation of the quota. Never retried:
   * a check whose answer was lost on the way may have been charged, so the
   * caller decides whether to ask again.
   *
   * @throws {BadRequestError} a bad field (`fields` names it), or an address not found
   * @throws {AddressAmbiguousError} the address fits several places
   * @throws {QuotaExceededError} the month's quota is spent
   */
  check(body: TerritoryCheckRequestInput, options: TerritoryCheckOptions = {}): Promise<TerritoryCheckResult> {
    return this.#transport.send({ method: 'post', path: TERRITORY_CHECK_PATH, body, signal: options.signal }, TerritoryCheckResult, 'TerritoryCheckResult');
  }
}
