import { z } from 'zod';
import type { ZodOpenApiResponseObject } from 'zod-openapi';
import { ErrorBody } from './errors.js';
import { HEADERS } from './headers.js';

/**
 * An error response of the OpenAPI document: the `ErrorBody` schema with a
 * description of the codes it carries.
 *
 * @param description - which codes, and when
 */
export const errorResponse = (description: string): ZodOpenApiResponseObject => ({
  description,
  content: { 'application/json': { schema: ErrorBody } },
});

/**
 * A JSON response of the OpenAPI document.
 *
 * @param description - what the body is
 * @param schema - its zod schema
 */
export const jsonResponse = (description: string, schema: z.ZodType): ZodOpenApiResponseObject => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * A required JSON request body of the OpenAPI document.
 *
 * @param schema - the body's zod schema
 */
export const jsonBody = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema } } });

/** 400 of a route whose validation names each bad field. */
export const badRequest = errorResponse('invalid_request: names each bad field.');
/** 401 of a franchisor route, reached with an API key or a dashboard session. */
export const keyUnauthorized = errorResponse('unauthorized: no API key or session, or a revoked key.');
/** 403 of a write made with a dashboard session cookie but without its CSRF token. */
export const csrfForbidden = errorResponse('forbidden: a session write without its X-CSRF-Token.');
/** 503 of a route that needs a loaded region pack. */
export const noRegion = errorResponse('not_configured: no region is loaded.');

/** Responses of a redeliver (`…/requests/{requestId}/redeliver`) beside its 202 and its authentication errors. */
export const redeliverErrors = {
  '400': errorResponse('invalid_request: a synchronous request has no webhook URL.'),
  '409': errorResponse('conflict: the request is still queued or running.'),
};

/** An OpenAPI security requirement: scheme name → scopes (none here). */
export type SecurityRequirement = Record<string, string[]>;
/** Security of the franchisor endpoints: an API key, or a dashboard session cookie. */
export const KEY_SECURITY: SecurityRequirement[] = [{ apiKey: [] }, { dashboardSession: [] }];
/** Security of the admin API: the admin token as a bearer token, or an operator's dashboard session cookie. */
export const ADMIN_SECURITY: SecurityRequirement[] = [{ adminToken: [] }, { dashboardSession: [] }];

/** The `X-CSRF-Token` header of a write made with a dashboard session cookie. */
export const csrfHeader = z.object({
  [HEADERS.csrfToken]: z.string().optional().meta({
    description: 'The csrfToken of GET /dashboard/session. Required on POST, PATCH and DELETE made with the session cookie; 403 forbidden without it.',
  }),
});

/** Errors every admin route can answer. */
export const adminErrors = {
  '401': errorResponse('unauthorized: no admin token, a wrong one, or a franchisor session.'),
  '403': csrfForbidden,
  '404': errorResponse('not_found: the server has no admin token configured (every admin route), or no such resource.'),
  '429': errorResponse('rate_limited: too many failed admin token attempts; Retry-After says when to try again.'),
};

/** Headers of a response that spent an evaluation: the calling key's quota after it, and the request id. */
export const quotaHeaders = {
  'X-Quota-Limit': { description: 'Evaluations per period, or `unlimited`.', schema: { type: 'string' as const } },
  'X-Quota-Remaining': { description: 'Evaluations left this period, or `unlimited`.', schema: { type: 'string' as const } },
  'X-Quota-Reset': { description: 'Next reset, ISO 8601 UTC.', schema: { type: 'string' as const, format: 'date-time' } },
  'X-Request-Id': { description: 'Request id (UUID v4).', schema: { type: 'string' as const, format: 'uuid' } },
};

/**
 * A JSON response that spent an evaluation of the calling key's quota: the
 * body and the {@link quotaHeaders}.
 *
 * @param description - what the body is
 * @param schema - its zod schema
 */
export const meteredResponse = (description: string, schema: z.ZodType): ZodOpenApiResponseObject => ({
  description,
  headers: quotaHeaders,
  content: { 'application/json': { schema } },
});

/** 429 of a route that spends an evaluation. */
export const quotaExceeded = errorResponse('quota_exceeded (monthly quota spent; Retry-After until the reset) or rate_limited.');
