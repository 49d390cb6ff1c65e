import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  badRequest,
  csrfForbidden,
  csrfHeader,
  errorResponse,
  jsonBody,
  jsonResponse,
  KEY_SECURITY,
  keyUnauthorized,
  meteredResponse,
  noRegion,
  quotaExceeded,
} from './openapi-responses.js';
import { TERRITORY_CHECK_PATH, UNITS_IMPORT_PATH, UNITS_PATH } from './paths.js';
import { TerritoryCheckRequest, TerritoryCheckResult } from './territory-check.js';
import { MAX_TERRITORY_BODY_BYTES } from './territory-geometry.js';
import { MAX_UNIT_IMPORT_BODY_BYTES, MAX_UNITS_PER_IMPORT, UnitImportRequest, UnitImportResult } from './unit-import.js';
import { UnitId } from './unit-refs.js';
import { CreateUnit, Unit, UnitListQuery, UnitPage, UpdateUnit } from './units.js';

const unitParam = z.object({ id: UnitId });
const budgetConflict = errorResponse(
  'conflict: the write would take the account past its plan’s unit network budget (UNIT_NETWORK_BUDGETS: units, vertices or stored bytes); details name the budget, its limit, what the account uses and what the unit needs.',
);
const budgetTooLarge = errorResponse(
  `payload_too_large: body over ${MAX_TERRITORY_BODY_BYTES} bytes, or a unit that alone exceeds its plan’s unit network budget (details as for 409).`,
);
const writesLimited = errorResponse(
  'rate_limited: more unit writes in the last hour than the plan allows (UNIT_NETWORK_BUDGETS.writesPerHour; an import counts one per row); Retry-After says when to retry. Nothing was written.',
);
const tooLarge = errorResponse(`payload_too_large: body over ${MAX_TERRITORY_BODY_BYTES} bytes.`);
const notFound = errorResponse('not_found: no unit with that id in the calling key’s account (another account’s units answer 404 too).');
const siteErrors = errorResponse(
  'invalid_request (names each bad field: bad GeoJSON, a self-intersecting polygon, a radius ≤ 0 or over 100 km, residents ≤ 0, a region holding fewer residents than asked (field territory.residents), or coordinates outside every loaded region (field coordinates)); address_not_found or address_ambiguous, as for a score.',
);

/**
 * The franchisor's units and territory check for the OpenAPI document: the
 * account's own units (`/api/franchisor/units`, free of quota) and the check
 * of a proposed territory (one evaluation).
 */
export function territoryPaths(): ZodOpenApiPathsObject {
  return { ...unitListPaths(), ...unitAndCheckPaths() };
}

/** Listing, adding and importing units. */
function unitListPaths(): ZodOpenApiPathsObject {
  return {
    [UNITS_PATH]: {
      post: {
        operationId: 'createUnit',
        summary: 'Add one of the account’s own units, with its territory',
        description:
          'The address is geocoded by the same geocoder as a score; a population territory is resolved into its polygon now and stored. Every key of the account sees the unit. Costs no quota.',
        security: KEY_SECURITY,
        requestParams: { header: csrfHeader },
        requestBody: jsonBody(CreateUnit),
        responses: {
          '201': jsonResponse('The unit, with its resolved coordinates, matched address and territory.', Unit),
          '400': siteErrors,
          '401': keyUnauthorized,
          '403': csrfForbidden,
          '409': budgetConflict,
          '413': budgetTooLarge,
          '429': writesLimited,
          '503': noRegion,
        },
      },
      get: {
        operationId: 'listUnits',
        summary: 'The account’s units, oldest first, a page at a time',
        security: KEY_SECURITY,
        requestParams: { query: UnitListQuery },
        responses: { '200': jsonResponse('A page of units.', UnitPage), '400': badRequest, '401': keyUnauthorized },
      },
    },
    [UNITS_IMPORT_PATH]: {
      post: {
        operationId: 'importUnits',
        summary: `Add up to ${MAX_UNITS_PER_IMPORT} units in one request, each row created or refused on its own`,
        description:
          'Each row is a CreateUnit body, validated, geocoded and resolved like POST /api/franchisor/units; a refused row (bad field, address not found or ambiguous, over the plan’s unit network budget) is reported with its error and the other rows are still created. Costs no quota.',
        security: KEY_SECURITY,
        requestParams: { header: csrfHeader },
        requestBody: jsonBody(UnitImportRequest),
        responses: {
          '200': jsonResponse('One outcome per row, in the order sent.', UnitImportResult),
          '400': errorResponse(`invalid_request: units is not an array of 1 to ${MAX_UNITS_PER_IMPORT} rows.`),
          '401': keyUnauthorized,
          '403': csrfForbidden,
          '413': errorResponse(`payload_too_large: body over ${MAX_UNIT_IMPORT_BODY_BYTES} bytes.`),
          '429': writesLimited,
          '503': noRegion,
        },
      },
    },
  };
}

/** One unit (read, change, remove) and the territory check. */
function unitAndCheckPaths(): ZodOpenApiPathsObject {
  return {
    [`${UNITS_PATH}/{id}`]: {
      get: {
        operationId: 'getUnit',
        summary: 'One of the account’s units',
        security: KEY_SECURITY,
        requestParams: { path: unitParam },
        responses: { '200': jsonResponse('The unit.', Unit), '401': keyUnauthorized, '404': notFound },
      },
      patch: {
        operationId: 'updateUnit',
        summary: 'Change a unit: its name, site, category, status, brand or territory',
        description: 'A new address is geocoded; a population territory is resolved again around the unit’s (new) site.',
        security: KEY_SECURITY,
        requestParams: { path: unitParam, header: csrfHeader },
        requestBody: jsonBody(UpdateUnit),
        responses: {
          '200': jsonResponse('The unit after the change.', Unit),
          '400': siteErrors,
          '401': keyUnauthorized,
          '403': csrfForbidden,
          '404': notFound,
          '409': budgetConflict,
          '413': budgetTooLarge,
          '429': writesLimited,
        },
      },
      delete: {
        operationId: 'deleteUnit',
        summary: 'Remove a unit and its territory',
        security: KEY_SECURITY,
        requestParams: { path: unitParam, header: csrfHeader },
        responses: { '204': { description: 'Removed.' }, '401': keyUnauthorized, '403': csrfForbidden, '404': notFound, '429': writesLimited },
      },
    },
    [TERRITORY_CHECK_PATH]: {
      post: {
        operationId: 'checkTerritory',
        summary: 'Check a proposed territory against the account’s units, its residents and the reserved venues inside',
        description:
          'Residents and households inside (from the region’s population layer), overlap on residents with every unit territory of the category, the units whose territory holds the site, the units inside it, the reserved venues inside it, and whether it meets minimumResidents. Costs one evaluation of the quota. See docs/territory.md.',
        security: KEY_SECURITY,
        requestParams: { header: csrfHeader },
        requestBody: jsonBody(TerritoryCheckRequest),
        responses: {
          '200': meteredResponse('The check.', TerritoryCheckResult),
          '400': siteErrors,
          '401': keyUnauthorized,
          '403': csrfForbidden,
          '413': tooLarge,
          '429': quotaExceeded,
          '503': noRegion,
        },
      },
    },
  };
}
