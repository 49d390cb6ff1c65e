import { OpportunitiesQuery, type OpportunityMap } from '@locscore/schema';
import { type Request, type Response, Router } from 'express';
import { quotaPeriod } from '../../services/usage/period.js';
import { spentQuota } from '../../services/usage/spent-quota.js';
import { ApiError } from '../api-error.js';
import { applyReservation } from '../apply-reservation.js';
import { apiKeyOf, requireKey } from '../auth/authenticate.js';
import type { WiredConfig } from '../server-config.js';
import { parseQuery } from '../validate.js';

/**
 * Router mounted at `/api/franchisor/opportunities`: `GET /?category=&region=&limit=`
 * answers the opportunity map (the engine's `opportunities`,
 * docs/opportunities.md) against the key's account's units, for an API key
 * or a franchisor's dashboard session. Cost: one evaluation per call,
 * whatever `limit` is, charged after the map is computed, as a synchronous
 * score is: 400s (a query parameter, or `region` not loaded) and 500s cost
 * nothing; 429 when the quota is spent (before any work when it was spent
 * already); 200 with the quota headers otherwise; 503 `not_configured`
 * without a region.
 *
 * @param config - the server configuration
 */
export function opportunitiesRouter(config: WiredConfig): Router {
  const router = Router();
  const networks = config.unitNetworks;
  router.get('/', requireKey, async (req: Request, res: Response) => {
    const key = apiKeyOf(res);
    const query = parseQuery(OpportunitiesQuery, req.query);
    const { engine } = config;
    if (engine.regions.length === 0 || engine.opportunities === undefined) {
      throw new ApiError('not_configured', 'no region is loaded: start the server with at least one region pack');
    }
    const now = (config.clock ?? (() => new Date()))();
    const period = quotaPeriod(now);
    const spent = await spentQuota(config.store.usage, key, period);
    if (spent !== null) applyReservation(res, period, spent, now);
    const network = await networks.ofKey(key.id);
    // A region not loaded throws the engine's UnknownRegionError: 400 naming `region` (toApiError).
    const map: OpportunityMap = await engine.opportunities({ category: query.category, region: query.region, limit: query.limit, network });
    applyReservation(res, period, await config.store.usage.reserve(key.id, period.start), now);
    res.status(200).json(map);
  });
  return router;
}
