import { ADMIN_ACCOUNTS_PATH, ADMIN_KEYS_PATH, ADMIN_PATH, ADMIN_REQUESTS_PATH, ADMIN_USAGE_PATH } from '@locscore/schema';
import { type Request, type Response, Router } from 'express';
import { requireAdmin } from '../../auth/authenticate.js';
import type { ServerConfig } from '../../server-config.js';
import { requestLogRouter } from '../request-log.js';
import { usageReportFor } from '../usage-report.js';
import { accountsRouter } from './accounts.js';
import { keysRouter } from './keys.js';

/** A path of the admin API relative to its prefix, e.g. `/keys`. */
const relative = (path: string): string => path.slice(ADMIN_PATH.length);

/**
 * Router mounted at `/api/admin` when an admin token is configured: every
 * route needs the operator (`Authorization: Bearer <admin token>` or an
 * operator's dashboard session; 401 otherwise). Accounts, keys and plans,
 * monthly usage (`GET /usage?month=YYYY-MM`) and every key's requests.
 * Without an admin token the app mounts nothing here and every admin route
 * answers 404.
 *
 * @param config - the server configuration
 */
export function adminRouter(config: ServerConfig): Router {
  const router = Router();
  router.use(requireAdmin);
  router.use(relative(ADMIN_ACCOUNTS_PATH), accountsRouter(config));
  router.use(relative(ADMIN_KEYS_PATH), keysRouter(config));
  router.use(relative(ADMIN_REQUESTS_PATH), requestLogRouter(config, 'admin'));
  router.get(relative(ADMIN_USAGE_PATH), async (req: Request, res: Response) => {
    res.status(200).json(await usageReportFor(config, req));
  });
  return router;
}
