import { randomUUID } from 'node:crypto';
import type { TerritoryLookup } from '@locscore/engine';
import {
  CreateUnit,
  DEFAULT_PAGE_SIZE,
  MAX_TERRITORY_BODY_BYTES,
  MAX_UNIT_IMPORT_BODY_BYTES,
  UNIT_NETWORK_BUDGETS,
  type Unit,
  UnitId,
  UnitImportRequest,
  type UnitImportResult,
  type UnitImportRow,
  UnitListQuery,
  UpdateUnit,
} from '@locscore/schema';
import { type NextFunction, type Request, type Response, Router } from 'express';
import type { Logger } from 'pino';
import { Refusal } from '../../services/refusal.js';
import { territoryLookupOf } from '../../services/units/site.js';
import { changedUnitFields, changesGeography, createdUnitFields } from '../../services/units/unit-fields.js';
import { createUnitWriteLimit } from '../../services/units/unit-write-limit.js';
import type { StoredKey } from '../../store/keys.js';
import { InvalidCursorError } from '../../store/request-log.js';
import { UnitBudgetError, unitOf } from '../../store/units.js';
import { ApiError, invalidRequest } from '../api-error.js';
import { apiKeyOf, requireKey } from '../auth/authenticate.js';
import { jsonBodyOf } from '../json-body.js';
import { requestLog } from '../request-logger.js';
import type { ServerConfig } from '../server-config.js';
import { parseBody, parseQuery } from '../validate.js';

/** The id of the route, or the 404 every unknown or foreign id answers. */
function unitIdOf(req: Request): string {
  const id = UnitId.safeParse(req.params.id);
  if (!id.success) throw notFound();
  return id.data;
}

const notFound = () => new ApiError('not_found', 'no unit with this id in this account');

/**
 * The answer to a write past the unit network budget: 413 when the unit alone
 * needs more than the whole budget (it can never fit), else 409; both name
 * the budget, its limit, what the account uses and what the unit needs.
 */
function budgetError(error: UnitBudgetError, key: StoredKey): ApiError {
  const details = { budget: error.budget, limit: error.limit, used: error.used, requested: error.requested, plan: key.plan };
  return new ApiError(error.requested > error.limit ? 'payload_too_large' : 'conflict', `${error.message} (${key.plan} plan)`, details);
}

/** Runs a unit write, answering a budget overrun as {@link budgetError}. */
async function withinBudget<T>(key: StoredKey, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UnitBudgetError) throw budgetError(error, key);
    throw error;
  }
}

/**
 * Adds one unit: validates the body, locates the site, resolves the territory, stores it.
 *
 * @throws ApiError 400 (a field, the address), 409 `conflict` or 413 past the plan's unit network budget
 */
async function createUnit(config: ServerConfig, lookup: TerritoryLookup, key: StoredKey, body: unknown): Promise<Unit> {
  const fields = createdUnitFields(lookup, parseBody(CreateUnit, body));
  return withinBudget(key, () => config.store.units.create(key.accountId, randomUUID(), fields, UNIT_NETWORK_BUDGETS[key.plan]));
}

/** The outcome of one import row: created, or failed with the error the single-unit route would answer. */
async function importRow(
  config: ServerConfig,
  lookup: TerritoryLookup,
  key: StoredKey,
  row: unknown,
  index: number,
  log: Logger | null,
): Promise<UnitImportRow> {
  try {
    return { index, status: 'created', unit: await createUnit(config, lookup, key, row) };
  } catch (error) {
    if (error instanceof Refusal) {
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
 * units; another account's unit answers 404). Free of quota, within the unit
 * network budget of the writing key's plan (`UNIT_NETWORK_BUDGETS`): a write
 * is counted against the hour's unit writes first (429 `rate_limited` before
 * any other work), and one that would take the account past its units,
 * vertices or stored bytes is refused with 409 `conflict` (413 when the unit
 * alone exceeds the budget), nothing stored.
 *
 * - `POST /`: 201 {@link Unit}; 400 naming the field, `address_not_found`,
 *   `address_ambiguous`; 409/413 past the budget; 413 over
 *   {@link MAX_TERRITORY_BODY_BYTES}; 503 without a region.
 * - `POST /import`: 200 {@link UnitImportResult}, each row created or failed on its own (counts one write per row).
 * - `GET /`: a page of units, oldest first (`status`, `category`, `cursor`, `limit`).
 * - `GET /:id`, `PATCH /:id` (a new site or territory is located and resolved
 *   again), `DELETE /:id` (204).
 *
 * @param config - the server configuration
 */
export function unitsRouter(config: ServerConfig): Router {
  const router = Router();
  const units = config.store.units;
  const writes = createUnitWriteLimit();
  const take = (res: Response, count: number) => writes.take(apiKeyOf(res).accountId, apiKeyOf(res).plan, count);
  router.use(requireKey);
  router.post('/', async (_req: Request, res: Response, next: NextFunction) => {
    await take(res, 1);
    next();
  });
  router.post('/', jsonBodyOf(MAX_TERRITORY_BODY_BYTES), async (req: Request, res: Response) => {
    const lookup = territoryLookupOf(config.engine);
    res.status(201).json(await createUnit(config, lookup, apiKeyOf(res), req.body));
  });
  router.post('/import', jsonBodyOf(MAX_UNIT_IMPORT_BODY_BYTES), async (req: Request, res: Response) => {
    const { units: rows } = parseBody(UnitImportRequest, req.body);
    await take(res, rows.length);
    const lookup = territoryLookupOf(config.engine);
    const key = apiKeyOf(res);
    const results: UnitImportRow[] = [];
    // One after another: the account's writes are serialised anyway, and the budget is checked per row.
    for (const [index, row] of rows.entries()) results.push(await importRow(config, lookup, key, row, index, requestLog(req, res)));
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
  router.patch('/:id', async (req: Request, res: Response, next: NextFunction) => {
    unitIdOf(req);
    await take(res, 1);
    next();
  });
  router.patch('/:id', jsonBodyOf(MAX_TERRITORY_BODY_BYTES), async (req: Request, res: Response) => {
    const id = unitIdOf(req);
    const change = parseBody(UpdateUnit, req.body);
    const lookup = changesGeography(change) ? territoryLookupOf(config.engine) : null;
    const key = apiKeyOf(res);
    const unit = await withinBudget(key, () =>
      units.update(key.accountId, id, (current) => changedUnitFields(lookup, current, change), UNIT_NETWORK_BUDGETS[key.plan]),
    );
    if (unit === null) throw notFound();
    res.status(200).json(unit);
  });
  router.delete('/:id', async (req: Request, res: Response) => {
    const id = unitIdOf(req);
    await take(res, 1);
    if (!(await units.delete(apiKeyOf(res).accountId, id))) throw notFound();
    res.status(204).end();
  });
  return router;
}
