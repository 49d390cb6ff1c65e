import { checkTerritory, UnitNetwork } from '@locscore/engine';
import { MAX_TERRITORY_BODY_BYTES, TerritoryCheckRequest, type TerritoryCheckResult } from '@locscore/schema';
import { type Request, type Response, Router } from 'express';
import { locateSite, territoryLookupOf } from '../../services/units/site.js';
import { quotaPeriod } from '../../services/usage/period.js';
import { spentQuota } from '../../services/usage/spent-quota.js';
import { applyReservation } from '../apply-reservation.js';
import { apiKeyOf, requireKey } from '../auth/authenticate.js';
import { jsonBodyOf } from '../json-body.js';
import type { WiredConfig } from '../server-config.js';
import { parseBody } from '../validate.js';

/** The network of an account without units. */
const NO_UNITS = new UnitNetwork([]);

/**
 * Router mounted at `/api/franchisor/territories/check`: `POST /` checks a
 * proposed territory against the key's account's units, the region's
 * population and its reserved venues (the engine's `checkTerritory`,
 * docs/territory.md), for an API key or a franchisor's dashboard session.
 * The check is computed first and then charged one evaluation, as a
 * synchronous score is: 400s (a field, the address, a population territory
 * larger than the region) and 500s cost nothing; 429 when the quota is spent
 * (before the account's units are read when it was spent already);
 * 200 with the quota headers otherwise.
 *
 * @param config - the server configuration
 */
export function territoryCheckRouter(config: WiredConfig): Router {
  const router = Router();
  const networks = config.unitNetworks;
  router.post('/', requireKey, jsonBodyOf(MAX_TERRITORY_BODY_BYTES), async (req: Request, res: Response) => {
    const key = apiKeyOf(res);
    const body = parseBody(TerritoryCheckRequest, req.body);
    const now = (config.clock ?? (() => new Date()))();
    const period = quotaPeriod(now);
    const spent = await spentQuota(config.store.usage, key, period);
    if (spent !== null) applyReservation(res, period, spent, now);
    const lookup = territoryLookupOf(config.engine);
    const site = locateSite(lookup, body);
    const network = (await networks.ofKey(key.id)) ?? NO_UNITS;
    // A territory that cannot be built throws the engine's TerritoryError: 400 naming its field (toApiError).
    const result: TerritoryCheckResult = checkTerritory(site.region, network, {
      site,
      matchedAddress: site.matchedAddress,
      category: body.category,
      territory: body.territory,
      minimumResidents: body.minimumResidents,
    });
    applyReservation(res, period, await config.store.usage.reserve(key.id, period.start), now);
    res.status(200).json(result);
  });
  return router;
}
