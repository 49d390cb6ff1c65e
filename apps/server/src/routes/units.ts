import { randomUUID } from 'node:crypto';
import type { TerritoryLookup } from '@locscore/engine';
import {
  CreateUnit,
  DEFAULT_PAGE_SIZE,
  MAX_TERRITORY_BODY_BYTES,
  MAX_UNIT_IMPORT_BODY_BYTES,
  MAX_UNITS_PER_ACCOUNT,
  type Unit,
  UnitId,
  UnitImportRequest,
  type UnitImportResult,
  type UnitImportRow,
  UnitListQuery,
  UpdateUnit,
} from '@locscore/schema';
import { type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { apiKeyOf, requireKey } from '../auth/authenticate.js';
import type { ServerConfig } from '../config.js';
import { ApiError, invalidRequest } from '../http/api-error.js';
import { jsonBodyOf } from '../http/json-body.js';
import { parseBody, parseQuery } from '../http/validate.js';
import { requestLog } from '../ops/logger.js';
import { InvalidCursorError } from '../store/request-log.js';
import { UnitLimitError, unitOf } from '../store/units.js';
import { territoryLookupOf } from '../territory/site.js';
import { changedUnitFields, changesGeography, createdUnitFields } from '../territory/unit-fields.js';

/** The id of the route, or the 404 every unknown or foreign id answers. */
function unitIdOf(req: Request): string {
  const id = UnitId.safeParse(req.params.id);
  if (!id.success) throw notFound();
  return id.data;
}

const notFound = () => new ApiError('not_found', 'no unit with this id in this account');

/**
 * Adds one unit: validates the body, locates the site, resolves the territory, stores it.
 *
 * @throws ApiError 400 (a field, the address), 409 `conflict` when the account is full
 */
async function createUnit(config: ServerConfig, lookup: TerritoryLookup, accountId: string, body: unknown): Promise<Unit> {
  const fields = createdUnitFields(lookup, parseBody(CreateUnit, body));
  try {
    return await config.store.units.create(accountId, randomUUID(), fields, MAX_UNITS_PER_ACCOUNT);
  } catch (error) {
    if (error instanceof UnitLimitError) throw new ApiError('conflict', error.message, { limit: error.limit });
    throw error;
  }
}

/** The outcome of one import row: created, or failed with the error the single-unit route would answer. */
async function importRow(
  config: ServerConfig,
  lookup: TerritoryLookup,
  accountId: string,
  row: unknown,
  index: number,
  log: Logger | null,
): Promise<UnitImportRow> {
  try {
    return { index, status: 'created', unit: await createUnit(config, lookup, accountId, row) };
  } catch (error) {
    if (error instanceof ApiError) {
      return {
        index,
        status: 'failed',
        error: { code: error.code, message: error.message, ...(error.details === undefined ? {} : { details: error.details }) },
      };
    }
    log?.error({ err: error, row: index }, 'could not import a unit');
    return { index, status: 'failed', error: { code: 'scoring_failed', message: 'the unit could not be stored; send this row again' } };
  }
}

/**
 * Router mounted at `/api/franchisor/units`, for an API key or a
 * franchisor's dashboard session (every key of the account sees the same
 * units; another account's unit answers 404). Free of quota.
 *
 * - `POST /`: 201 {@link Unit}; 400 naming the field, `address_not_found`,
 *   `address_ambiguous`; 409 `conflict` past {@link MAX_UNITS_PER_ACCOUNT}; 413 over
 *   {@link MAX_TERRITORY_BODY_BYTES}; 503 without a region.
 * - `POST /import`: 200 {@link UnitImportResult}, each row created or failed on its own.
 * - `GET /`: a page of units, oldest first (`status`, `category`, `cursor`, `limit`).
 * - `GET /:id`, `PATCH /:id` (a new site or territory is located and resolved
 *   again), `DELETE /:id` (204).
 *
 * @param config - the server configuration
 */
export function unitsRouter(config: ServerConfig): Router {
  const router = Router();
  const units = config.store.units;
  router.use(requireKey);
  router.post('/', jsonBodyOf(MAX_TERRITORY_BODY_BYTES), async (req: Request, res: Response) => {
    const lookup = territoryLookupOf(config.engine);
    res.status(201).json(await createUnit(config, lookup, apiKeyOf(res).accountId, req.body));
  });
  router.post('/import', jsonBodyOf(MAX_UNIT_IMPORT_BODY_BYTES), async (req: Request, res: Response) => {
    const { units: rows } = parseBody(UnitImportRequest, req.body);
    const lookup = territoryLookupOf(config.engine);
    const accountId = apiKeyOf(res).accountId;
    const results: UnitImportRow[] = [];
    // One after another: the account's writes are serialised anyway, and the limit is checked per row.
    for (const [index, row] of rows.entries()) results.push(await importRow(config, lookup, accountId, row, index, requestLog(req, res)));
    const created = results.filter((row) => row.status === 'created').length;
    const answer: UnitImportResult = { created, failed: results.length - created, results };
    res.status(200).json(answer);
  });
  router.get('/', async (req: Request, res: Response) => {
    const query = parseQuery(UnitListQuery, req.query);
    try {
      const filter = { status: query.status, category: query.category };
      res.status(200).json(await units.page(apiKeyOf(res).accountId, filter, query.limit ?? DEFAULT_PAGE_SIZE, query.cursor));
    } catch (error) {
      if (error instanceof InvalidCursorError) throw invalidRequest([{ field: 'cursor', message: error.message }]);
      throw error;
    }
  });
  router.get('/:id', async (req: Request, res: Response) => {
    const stored = await units.get(apiKeyOf(res).accountId, unitIdOf(req));
    if (stored === null) throw notFound();
    res.status(200).json(unitOf(stored));
  });
  router.patch('/:id', jsonBodyOf(MAX_TERRITORY_BODY_BYTES), async (req: Request, res: Response) => {
    const id = unitIdOf(req);
    const change = parseBody(UpdateUnit, req.body);
    const lookup = changesGeography(change) ? territoryLookupOf(config.engine) : null;
    const unit = await units.update(apiKeyOf(res).accountId, id, (current) => changedUnitFields(lookup, current, change));
    if (unit === null) throw notFound();
    res.status(200).json(unit);
  });
  router.delete('/:id', async (req: Request, res: Response) => {
    if (!(await units.delete(apiKeyOf(res).accountId, unitIdOf(req)))) throw notFound();
    res.status(204).end();
  });
  return router;
}
