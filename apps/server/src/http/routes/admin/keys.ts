import { type ApiKeyRecord, type CreatedKey, CreateKey, KeyListQuery, KeyPrefix, type RotatedSecret, UpdateKeyPlan } from '@locscore/schema';
import { type Request, type Response, Router } from 'express';
import { quotaPeriod } from '../../../services/usage/period.js';
import { ApiError, invalidRequest } from '../../api-error.js';
import { jsonBody } from '../../json-body.js';
import type { ServerConfig } from '../../server-config.js';
import { parseBody, parseParam, parseQuery } from '../../validate.js';

/** The current time by the server's clock. */
function nowOf(config: ServerConfig): Date {
  return (config.clock ?? (() => new Date()))();
}

/** The record of the key with this prefix, with its usage this period; 404 when none has it. */
async function recordOf(config: ServerConfig, prefix: string): Promise<ApiKeyRecord> {
  const [record] = await config.store.keyRecords.records({ prefix }, quotaPeriod(nowOf(config)));
  if (record === undefined) throw new ApiError('not_found', `no API key with prefix ${prefix}`);
  return record;
}

/** The prefix of the path, validated (400 naming `prefix`). */
function prefixOf(req: Request): string {
  return parseParam(KeyPrefix, req.params.prefix, 'prefix');
}

/**
 * Router mounted at `/api/admin/keys` (behind `requireAdmin`):
 *
 * - `POST /` `{ account?, plan, name? }` → 201 {@link CreatedKey}, the key and
 *   its webhook secret shown this once (400 naming `account` when no account
 *   has that id; without `account`, a new account of the key's own);
 * - `GET /?account=` → every key with its usage this period and last use;
 * - `PATCH /:prefix` `{ plan }` → the key on its new plan, from its next
 *   request on (the units already used stay used); 409 for a revoked key;
 * - `DELETE /:prefix` → the key, revoked (the same answer again for a revoked key);
 * - `POST /:prefix/rotate-secret` → {@link RotatedSecret} (409 for a revoked key).
 *
 * Unknown prefixes are 404.
 *
 * @param config - the server configuration
 */
export function keysRouter(config: ServerConfig): Router {
  const router = Router();
  const { store } = config;
  router.post('/', jsonBody, async (req: Request, res: Response) => {
    const body = parseBody(CreateKey, req.body);
    if (body.account !== undefined && (await store.accounts.get(body.account)) === null) {
      throw invalidRequest([{ field: 'account', message: 'no account with this id' }]);
    }
    const created = await store.keys.create({ plan: body.plan, name: body.name ?? null, ...(body.account === undefined ? {} : { accountId: body.account }) });
    const answer: CreatedKey = { ...(await recordOf(config, created.prefix)), apiKey: created.apiKey, webhookSecret: created.webhookSecret };
    res.status(201).json(answer);
  });
  router.get('/', async (req: Request, res: Response) => {
    const query = parseQuery(KeyListQuery, req.query);
    const items = await store.keyRecords.records(query.account === undefined ? {} : { accountId: query.account }, quotaPeriod(nowOf(config)));
    res.status(200).json({ items });
  });
  router.patch('/:prefix', jsonBody, async (req: Request, res: Response) => {
    const prefix = prefixOf(req);
    const { plan } = parseBody(UpdateKeyPlan, req.body);
    const before = await recordOf(config, prefix);
    if (before.revokedAt !== null) throw new ApiError('conflict', `the key ${prefix} is revoked; create a new key instead`);
    if ((await store.keys.setPlan(prefix, plan)) === null) throw new ApiError('conflict', `the key ${prefix} was revoked meanwhile`);
    res.status(200).json(await recordOf(config, prefix));
  });
  router.delete('/:prefix', async (req: Request, res: Response) => {
    const prefix = prefixOf(req);
    await recordOf(config, prefix);
    await store.keys.revoke(prefix);
    res.status(200).json(await recordOf(config, prefix));
  });
  router.post('/:prefix/rotate-secret', async (req: Request, res: Response) => {
    const prefix = prefixOf(req);
    const before = await recordOf(config, prefix);
    const rotated = before.revokedAt === null ? await store.keys.rotateSecret(prefix) : null;
    if (rotated === null) throw new ApiError('conflict', `the key ${prefix} is revoked: it has no webhook secret to rotate`);
    const answer: RotatedSecret = { prefix, ...rotated };
    res.status(200).json(answer);
  });
  return router;
}
