import {
  type Category,
  type CreateUnitInput,
  UNITS_IMPORT_PATH,
  UNITS_PATH,
  Unit,
  UnitImportResult,
  UnitPage,
  type UnitStatus,
  type UpdateUnitInput,
} from '@locscore/schema';
import type { CallOptions } from '../call-options.js';
import type { JsonTransport } from '../json-transport.js';
import { eachPage } from '../pages.js';
import { importUnits, type UnitImportOptions, type UnitImportReport } from './unit-import.js';

/** Filters of a unit listing. */
export interface UnitListParams {
  /** Only `open` or only `planned` units. */
  status?: UnitStatus | undefined;
  /** Only units of this category. */
  category?: Category | undefined;
  /** `nextCursor` of the previous page. */
  cursor?: string | undefined;
  /** Units per page, 1–100. @default 50 */
  limit?: number | undefined;
}

/**
 * The account's own units (`/api/franchisor/units`): every key of the
 * account sees the same network. Free of quota. Writes are never retried,
 * so a unit is never created twice.
 */
export class Units {
  readonly #transport: JsonTransport;

  /** @param transport - the client's transport */
  constructor(transport: JsonTransport) {
    this.#transport = transport;
  }

  /**
   * Adds a unit (`POST /api/franchisor/units`). The address is geocoded like
   * a score's; a population territory is resolved into its polygon now.
   *
   * @returns the unit with its id, coordinates, matched address and stored territory
   * @throws {BadRequestError} a bad field (`fields` names it), or an address not found
   * @throws {AddressAmbiguousError} the address fits several places (`candidates`)
   * @throws {ConflictError} the account already holds 10,000 units
   */
  create(body: CreateUnitInput, options: CallOptions = {}): Promise<Unit> {
    return this.#transport.send({ method: 'post', path: UNITS_PATH, body, signal: options.signal }, Unit, 'Unit');
  }

  /**
   * One page of the account's units, oldest first.
   *
   * @returns `{ items, nextCursor }`; pass `nextCursor` as `cursor` for the next page (null: the last)
   * @throws {BadRequestError} a filter is invalid
   */
  list(params: UnitListParams = {}, options: CallOptions = {}): Promise<UnitPage> {
    const query = { status: params.status, category: params.category, cursor: params.cursor, limit: params.limit };
    return this.#transport.send({ method: 'get', path: UNITS_PATH, query, signal: options.signal }, UnitPage, 'UnitPage');
  }

  /**
   * Every unit matching the filters, page after page (`cursor` is ignored).
   *
   * @example
   * for await (const unit of client.units.all({ status: 'planned' })) console.log(unit.name);
   */
  async *all(params: Omit<UnitListParams, 'cursor'> = {}, options: CallOptions = {}): AsyncGenerator<Unit, void, undefined> {
    yield* eachPage((cursor) => this.list({ ...params, cursor }, options));
  }

  /**
   * One unit of the account.
   *
   * @throws {NotFoundError} no such unit in the account (another account's unit too)
   */
  get(id: string, options: CallOptions = {}): Promise<Unit> {
    return this.#transport.send({ method: 'get', path: unitPath(id), signal: options.signal }, Unit, 'Unit');
  }

  /**
   * Changes a unit (`PATCH`): any of its fields; `brand: null` and
   * `territory: null` remove them; a new site re-resolves a population territory.
   *
   * @throws {BadRequestError} | {AddressAmbiguousError} | {NotFoundError} as {@link Units.create} and {@link Units.get}
   */
  update(id: string, body: UpdateUnitInput, options: CallOptions = {}): Promise<Unit> {
    return this.#transport.send({ method: 'patch', path: unitPath(id), body, signal: options.signal }, Unit, 'Unit');
  }

  /**
   * Removes a unit and its territory.
   *
   * @throws {NotFoundError} no such unit in the account
   */
  delete(id: string, options: CallOptions = {}): Promise<void> {
    return this.#transport.sendNoContent({ method: 'delete', path: unitPath(id), signal: options.signal });
  }

  /**
   * Adds many units (`POST /api/franchisor/units/import`, up to 1,000 rows
   * and 8 MiB a request, as many requests as needed, one after another). Each
   * row is validated and created on its own: a bad row is reported with its
   * error and the others are created. A request that fails marks its rows
   * failed (re-send those); it is never retried, so no unit is created twice.
   *
   * @param rows - bodies of {@link Units.create}; anything else is reported per row by the server
   * @returns counts and one outcome per row, `index` its position in `rows`
   * @throws {RangeError} `rowsPerRequest` out of 1–1,000
   * @throws {AbortedError} `signal` fired
   */
  import(rows: readonly (CreateUnitInput | Record<string, unknown>)[], options: UnitImportOptions = {}): Promise<UnitImportReport> {
    return importUnits(
      rows,
      (units, signal) => this.#transport.send({ method: 'post', path: UNITS_IMPORT_PATH, body: { units }, signal }, UnitImportResult, 'UnitImportResult'),
      options,
    );
  }
}

function unitPath(id: string): string {
  if (typeof id !== 'string' || id.trim() === '') throw new TypeError('id must be a non-empty string');
  return `${UNITS_PATH}/${encodeURIComponent(id)}`;
}
