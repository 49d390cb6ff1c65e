import { type Account, type AccountList, CreateAccount } from '@locscore/schema';
import { type Request, type Response, Router } from 'express';
import { AccountNameTakenError } from '../../../store/accounts.js';
import { ApiError } from '../../api-error.js';
import { jsonBody } from '../../json-body.js';
import type { ServerConfig } from '../../server-config.js';
import { parseBody } from '../../validate.js';

/**
 * Router mounted at `/api/admin/accounts` (behind `requireAdmin`):
 * `POST /` `{ name }` → 201 {@link Account} (409 `conflict` for a name in
 * use, compared without case); `GET /` → {@link AccountList}, oldest first.
 *
 * @param config - the server configuration
 */
export function accountsRouter(config: ServerConfig): Router {
  const router = Router();
  router.post('/', jsonBody, async (req: Request, res: Response) => {
    const { name } = parseBody(CreateAccount, req.body);
    try {
      const account: Account = await config.store.accounts.create(name);
      res.status(201).json(account);
    } catch (error) {
      if (error instanceof AccountNameTakenError) throw new ApiError('conflict', error.message, { field: 'name' });
      throw error;
    }
  });
  router.get('/', async (_req: Request, res: Response) => {
    const list: AccountList = { items: await config.store.accounts.list() };
    res.status(200).json(list);
  });
  return router;
}
