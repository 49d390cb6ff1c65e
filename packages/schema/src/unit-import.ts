import { z } from 'zod';
import { ErrorCode, ErrorDetails } from './errors.js';
import { unknownFieldError } from './query-params.js';
import { Unit } from './units.js';

/** Most rows one `POST /api/franchisor/units/import` takes; the SDK sends larger imports in several requests. */
export const MAX_UNITS_PER_IMPORT = 1_000;

/**
 * Largest JSON body of an import, bytes (8 MiB): room for 1,000 units with
 * small polygons, or a few with 10,000-vertex polygons. The SDK splits rows
 * into requests below it.
 */
export const MAX_UNIT_IMPORT_BODY_BYTES = 8 * 1024 * 1024;

const rowsMessage = `units must be an array of 1 to ${MAX_UNITS_PER_IMPORT} unit bodies`;

/**
 * Body of `POST /api/franchisor/units/import`: `units`, an array of 1 to
 * {@link MAX_UNITS_PER_IMPORT} bodies of `POST /api/franchisor/units`
 * (`CreateUnit`). Each row is validated on its own, so one bad row is
 * reported and the others are still created.
 */
export const UnitImportRequest = z
  .strictObject(
    {
      units: z
        .array(z.unknown(), { error: rowsMessage })
        .min(1, rowsMessage)
        .max(MAX_UNITS_PER_IMPORT, rowsMessage)
        .describe('Unit bodies as for POST /api/franchisor/units (CreateUnit), each validated on its own.'),
    },
    { error: unknownFieldError },
  )
  .meta({ id: 'UnitImportRequest' });
/** Body of an import after validation (rows not yet validated). */
export type UnitImportRequest = z.infer<typeof UnitImportRequest>;

/** The error of one refused row: the code, message and details the single-unit route would answer with. */
export const UnitImportError = z.object({ code: ErrorCode, message: z.string(), details: ErrorDetails.optional() }).meta({ id: 'UnitImportError' });
/** The error of one refused row. */
export type UnitImportError = z.infer<typeof UnitImportError>;

/** The outcome of one row: `created` with the unit, or `failed` with the error; `index` is the row's position in `units` (0-based). */
export const UnitImportRow = z
  .discriminatedUnion('status', [
    z.object({ index: z.int().min(0), status: z.literal('created'), unit: Unit }),
    z.object({ index: z.int().min(0), status: z.literal('failed'), error: UnitImportError }),
  ])
  .meta({ id: 'UnitImportRow' });
/** The outcome of one row of an import. */
export type UnitImportRow = z.infer<typeof UnitImportRow>;

/**
 * 200 response of an import: how many rows were created and refused, and
 * one outcome per row in the order sent. Rows are created one by one; a row
 * refused (bad field, address not found, account full) leaves the others.
 */
export const UnitImportResult = z
  .object({
    created: z.int().min(0),
    failed: z.int().min(0),
    results: z.array(UnitImportRow).describe('One per row, in the order sent.'),
  })
  .meta({ id: 'UnitImportResult' });
/** 200 response of an import. */
export type UnitImportResult = z.infer<typeof UnitImportResult>;
