import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { UsageReport, UsageReportQuery } from './admin.js';
import { RequestId } from './async.js';
import { DashboardSession, SessionSignIn } from './dashboard-session.js';
import {
  badRequest,
  csrfForbidden,
  csrfHeader,
  errorResponse,
  jsonBody,
  jsonResponse,
  KEY_SECURITY,
  keyUnauthorized,
  noRegion,
  redeliverErrors,
} from './openapi-responses.js';
import { DASHBOARD_SESSION_PATH, FRANCHISOR_REQUESTS_PATH, MAP_PATH, SESSION_COOKIE, USAGE_REPORT_PATH } from './paths.js';
import { Redelivery, RequestDetail, RequestListQuery, RequestPage } from './request-log.js';
import { MapQuery, SiteMap } from './site-map.js';

const requestParam = z.object({ requestId: RequestId });
const requestNotFound = errorResponse('not_found: unknown id, or a request of another key.');

/** The dashboard's session paths (`/dashboard/session`) for the OpenAPI document. */
export function sessionPaths(): ZodOpenApiPathsObject {
  const cookie = `${SESSION_COOKIE}=<opaque>; HttpOnly; SameSite=Strict; Path=/; Secure behind https`;
  return {
    [DASHBOARD_SESSION_PATH]: {
      post: {
        operationId: 'signIn',
        summary: 'Sign in to the dashboard with the admin token or an API key',
        description: `Answers 204 with Set-Cookie: ${cookie}. A request whose Origin is not the server's own is refused (403).`,
        security: [],
        requestBody: jsonBody(SessionSignIn),
        responses: {
          '204': { description: 'Signed in; the session cookie is set.', headers: { 'Set-Cookie': { description: cookie, schema: { type: 'string' } } } },
          '400': badRequest,
          '401': errorResponse('unauthorized: wrong token or key, or a revoked key.'),
          '403': errorResponse('forbidden: the request came from another origin.'),
          '404': errorResponse('not_found: kind admin on a server without an admin token.'),
          '429': errorResponse('rate_limited: too many failed sign-ins; Retry-After says when to try again.'),
        },
      },
      get: {
        operationId: 'getSession',
        summary: 'The signed-in session and its CSRF token, or null when there is none',
        description:
          'Answers 200 with null when the request carries no live session (none, or it expired), so that a page asking whether it is signed in logs no error.',
        security: [{ dashboardSession: [] }, {}],
        responses: { '200': jsonResponse('The session, or null when there is none.', DashboardSession.nullable()) },
      },
      delete: {
        operationId: 'signOut',
        summary: 'Sign out: ends the session and clears the cookie',
        security: [{ dashboardSession: [] }],
        requestParams: { header: csrfHeader },
        responses: { '204': { description: 'Signed out.' }, '403': errorResponse('forbidden: missing or wrong X-CSRF-Token.') },
      },
    },
  };
}

/** The franchisor's own usage report, requests and site map, for the OpenAPI document. */
export function franchisorPaths(): ZodOpenApiPathsObject {
  return {
    [USAGE_REPORT_PATH]: {
      get: {
        operationId: 'getUsageReport',
        summary: 'The calling key’s usage in a month, requests per day and webhook outcomes',
        security: KEY_SECURITY,
        requestParams: { query: UsageReportQuery },
        responses: { '200': jsonResponse('The month’s report (keys holds the calling key only).', UsageReport), '400': badRequest, '401': keyUnauthorized },
      },
    },
    [FRANCHISOR_REQUESTS_PATH]: {
      get: {
        operationId: 'listRequests',
        summary: 'The calling key’s requests, newest first, a page at a time',
        security: KEY_SECURITY,
        requestParams: { query: RequestListQuery },
        responses: { '200': jsonResponse('A page of requests.', RequestPage), '400': badRequest, '401': keyUnauthorized },
      },
    },
    [`${FRANCHISOR_REQUESTS_PATH}/{requestId}`]: {
      get: {
        operationId: 'getRequestDetail',
        summary: 'One of the calling key’s requests with its result and deliveries',
        security: KEY_SECURITY,
        requestParams: { path: requestParam },
        responses: {
          '200': jsonResponse('The request.', RequestDetail),
          '401': keyUnauthorized,
          '404': requestNotFound,
        },
      },
    },
    [`${FRANCHISOR_REQUESTS_PATH}/{requestId}/redeliver`]: {
      post: {
        operationId: 'redeliver',
        summary: 'Deliver one of the calling key’s finished webhook-mode requests again',
        description:
          'A new delivery of the same body, signed afresh with the key’s current secret. Costs no quota; the account may ask for REDELIVERIES_PER_DAY of its key’s plan in any 24 hours.',
        security: KEY_SECURITY,
        requestParams: { path: requestParam, header: csrfHeader },
        responses: {
          '202': jsonResponse('Queued.', Redelivery),
          ...redeliverErrors,
          '401': keyUnauthorized,
          '403': csrfForbidden,
          '404': requestNotFound,
          '429': errorResponse(
            'rate_limited: the account asked for its plan’s redeliveries of the last 24 hours already (details: limit, used, windowSeconds, retryAfterSeconds); Retry-After says when to ask again.',
          ),
        },
      },
    },
    [MAP_PATH]: {
      get: {
        operationId: 'getSiteMap',
        summary: 'Roads, stations and competitors near a point, as GeoJSON',
        description: 'Drawn from the loaded region pack (no tile server). Costs no quota. An operator session may call it too.',
        security: [...KEY_SECURITY, { adminToken: [] }],
        requestParams: { query: MapQuery },
        responses: {
          '200': jsonResponse('A GeoJSON FeatureCollection with a meta member.', SiteMap),
          '400': errorResponse(
            'invalid_request: lat, lng or radius out of range (radius 50–2,000 m), or an unknown category; or the point is outside every loaded region.',
          ),
          '401': keyUnauthorized,
          '503': noRegion,
        },
      },
    },
  };
}
