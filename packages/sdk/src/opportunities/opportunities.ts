import { type Category, OPPORTUNITIES_PATH, OpportunityMap } from '@locscore/schema';
import type { CallOptions } from '../call-options.js';
import type { JsonTransport } from '../json-transport.js';

/** What {@link Opportunities.list} asks for. */
export interface OpportunityListParams {
  /** The franchise category, e.g. `coffee`. */
  category: Category;
  /**
   * A loaded region pack's name (`liechtenstein`), case, accents, spaces and hyphens ignored.
   * @default the server's only region (a server holding several answers 400 naming `region`)
   */
  region?: string | undefined;
  /**
   * Sites to answer, 1–100.
   * @default 20
   * @example 20
   */
  limit?: number | undefined;
}

/** The opportunity map (`/api/franchisor/opportunities`). */
export class Opportunities {
  readonly #transport: JsonTransport;

  /** @param transport - the client's transport */
  constructor(transport: JsonTransport) {
    this.#transport = transport;
  }

  /**
   * The best sites of a region for a category that the account does not yet
   * serve (`GET /api/franchisor/opportunities`), best first, with the heat
   * grid of every candidate's score: sites inside an own unit's protected
   * territory, or taking more than 10 % of an own unit's demand, are left
   * out. Costs one evaluation of the quota per call, whatever `limit` is. A
   * read, so retried on 5xx and network errors (a 5xx costs nothing; an
   * answer lost on the way after a 200 may count twice).
   *
   * @example
   * const map = await client.opportunities.list({ category: 'coffee', region: 'liechtenstein', limit: 20 });
   * for (const site of map.sites) console.log(site.rank, site.label, site.score, site.story);
   * @throws {BadRequestError} a bad `category` or `limit`, or a `region` the server has not loaded (`fields` names it)
   * @throws {QuotaExceededError} the month's quota is spent
   * @throws {ServiceUnavailableError} no region is loaded
   */
  list(params: OpportunityListParams, options: CallOptions = {}): Promise<OpportunityMap> {
    const query = { category: params.category, region: params.region, limit: params.limit };
    return this.#transport.send({ method: 'get', path: OPPORTUNITIES_PATH, query, signal: options.signal }, OpportunityMap, 'OpportunityMap');
  }
}
