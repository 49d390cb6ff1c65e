import { z } from 'zod';
import { Category } from './categories.js';
import { pageOf, pageParams } from './pagination.js';
import { unknownFieldError, unknownParamError } from './query-params.js';
import { Coordinates } from './score-result.js';
import { CoordinatesInput, checkSite, SITE_CHECK, SiteAddress } from './site-input.js';
import { storable } from './storable-text.js';
import { Territory, UnitTerritory } from './territory.js';
import { UnitId, UnitStatus } from './unit-refs.js';

/** Most units one account may hold on any plan (its network, open and planned); each plan's own limit is in `UNIT_NETWORK_BUDGETS`. */
export const MAX_UNITS_PER_ACCOUNT = 10_000;

/**
 * A trimmed text field of 1 to `max` characters PostgreSQL can store.
 *
 * @param field - the field's name, for messages
 * @param max - most characters
 */
function text(field: string, max: number) {
  return storable(
    z
      .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
      .trim()
      .min(1, `${field} must not be empty`)
      .max(max, `${field} must be at most ${max} characters`),
    field,
  );
}

/** A unit's name, 1–200 characters after trimming, e.g. `Perry Street`. */
const UnitName = text('name', 200).meta({ description: 'What the franchisor calls the unit, e.g. "Perry Street".' });
/** A unit's brand, 1–100 characters after trimming. */
const UnitBrand = text('brand', 100).meta({ description: 'The brand the unit trades under, when the franchisor has several.' });

/**
 * One of the account's own units: an open or planned location of the
 * franchise with its protected territory. Times are ISO 8601 UTC.
 */
export const Unit = z
  .object({
    id: UnitId,
    name: z.string(),
    address: z.string().nullable().describe('The address as given; null when the unit was placed by coordinates.'),
    matchedAddress: z.string().nullable().describe('The address the geocoder matched; null when placed by coordinates.'),
    coordinates: Coordinates,
    category: Category,
    status: UnitStatus,
    brand: z.string().nullable(),
    territory: UnitTerritory.nullable().describe('The protected territory; null when the unit has none.'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Unit' });
/** One of the account's own units. */
export type Unit = z.infer<typeof Unit>;

/** The fields of a unit as a client writes them, shared by create and update. */
const UnitFields = z.strictObject(
  {
    name: UnitName,
    address: SiteAddress.optional(),
    coordinates: CoordinatesInput.optional(),
    category: Category,
    status: UnitStatus,
    brand: UnitBrand.optional(),
    territory: Territory.optional(),
  },
  { error: unknownFieldError },
);

/**
 * Body of `POST /api/franchisor/units`: `name`, the site (`address`, geocoded
 * like a score request, or `coordinates`; exactly one), `category`, `status`
 * and optionally `brand` and `territory`. A population territory is resolved
 * into its polygon when the unit is written.
 */
export const CreateUnit = UnitFields.superRefine((value, context) => checkSite(value, context), SITE_CHECK).meta({ id: 'CreateUnit' });
/** Body of `POST /api/franchisor/units` after validation. */
export type CreateUnit = z.infer<typeof CreateUnit>;
/** Body of `POST /api/franchisor/units` as sent. */
export type CreateUnitInput = z.input<typeof CreateUnit>;

/**
 * Body of `PATCH /api/franchisor/units/{id}`: any of the fields of
 * {@link CreateUnit}, at least one; `address` or `coordinates` moves the unit
 * (not both); `brand: null` and `territory: null` remove them.
 */
export const UpdateUnit = UnitFields.partial()
  .extend({ brand: UnitBrand.nullable().optional(), territory: Territory.nullable().optional() })
  .superRefine((value, context) => {
    checkSite(value, context, false);
    if (Object.values(value).every((field) => field === undefined))
      context.addIssue({ code: 'custom', path: [], message: 'body must change at least one field' });
  })
  .meta({ id: 'UpdateUnit' });
/** Body of `PATCH /api/franchisor/units/{id}` after validation. */
export type UpdateUnit = z.infer<typeof UpdateUnit>;
/** Body of `PATCH /api/franchisor/units/{id}` as sent. */
export type UpdateUnitInput = z.input<typeof UpdateUnit>;

/** Query of `GET /api/franchisor/units`: optional `status` and `category` filters, `cursor` and `limit`. */
export const UnitListQuery = z
  .strictObject(
    {
      status: UnitStatus.optional(),
      category: Category.optional(),
      ...pageParams('Units'),
    },
    { error: unknownParamError },
  )
  .meta({ id: 'UnitListQuery' });
/** Query of `GET /api/franchisor/units` after validation. */
export type UnitListQuery = z.infer<typeof UnitListQuery>;

/**
 * A page of units, oldest first. `nextCursor` is an opaque string to pass as
 * `cursor` for the next page; null on the last page.
 */
export const UnitPage = pageOf(Unit).meta({ id: 'UnitPage' });
/** A page of units. */
export type UnitPage = z.infer<typeof UnitPage>;
