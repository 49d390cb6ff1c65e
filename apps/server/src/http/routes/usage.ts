import { PLAN_QUOTAS, type Usage } from '@locscore/schema';
import { type Request, type Response, Router } from 'express';
import { quotaPeriod } from '../../services/usage/period.js';
import { apiKeyOf, requireKey } from '../auth/authenticate.js';
import { setQuotaHeaders } from '../quota-headers.js';
import type { ServerConfig } from '../server-config.js';

/**
 * Router mounted at `/api/franchisor/usage`: `GET /` answers the key's
 * {@link Usage} in the current UTC month. Costs no quota.
 *
 * @param config - the server configuration
 */
export function usageRouter(config: ServerConfig): Router {
  const router = Router();
  router.get('/', requireKey, async (_req: Request, res: Response) => {
    const key = apiKeyOf(res);
    const period = quotaPeriod((config.clock ?? (() => new Date()))());
    const used = await config.store.usage.used(key.id, period.start);
    const limit = PLAN_QUOTAS[key.plan];
    const usage: Usage = {
      plan: key.plan,
      used,
      limit,
      remaining: limit === null ? null : Math.max(0, limit - used),
      periodStart: period.start.toISOString(),
      resetAt: period.end.toISOString(),
    };
    setQuotaHeaders(res, { limit, used, period });
    res.status(200).json(usage);
  });
  return router;
}
