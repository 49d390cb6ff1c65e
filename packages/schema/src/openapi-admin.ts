import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  Account,
  AccountList,
  ApiKeyRecord,
  CreateAccount,
  CreatedKey,
  CreateKey,
  KeyList,
  KeyListQuery,
  KeyPrefix,
  RotatedSecret,
  UpdateKeyPlan,
  UsageReport,
  UsageReportQuery,
} from './admin.js';
import { RequestId } from './async.js';
import { ADMIN_SECURITY, adminErrors, badRequest, csrfHeader, errorResponse, jsonBody, jsonResponse, redeliverErrors } from './openapi-responses.js';
import { ADMIN_ACCOUNTS_PATH, ADMIN_KEYS_PATH, ADMIN_REQUESTS_PATH, ADMIN_USAGE_PATH } from './paths.js';
import { AdminRequestListQuery, Redelivery, RequestDetail, RequestPage } from './request-log.js';

const prefixParam = z.object({ prefix: KeyPrefix });
const requestParam = z.object({ requestId: RequestId });

/**
 * The admin API's paths (`/api/admin/*`) for the OpenAPI document: accounts,
 * keys and plans, usage, and every key's requests with their deliveries.
 */
export function adminPaths(): ZodOpenApiPathsObject {
  return { ...accountAndKeyPaths(), ...usageAndRequestPaths() };
}

/** Accounts and keys: create, list, re-plan, revoke, rotate a secret. */
function accountAndKeyPaths(): ZodOpenApiPathsObject {
  return {
    [ADMIN_ACCOUNTS_PATH]: {
      post: {
        operationId: 'adminCreateAccount',
        summary: 'Create an account (a franchisor organisation)',
        security: ADMIN_SECURITY,
        requestParams: { header: csrfHeader },
        requestBody: jsonBody(CreateAccount),
        responses: {
          '201': jsonResponse('The account.', Account),
          '400': badRequest,
          '409': errorResponse('conflict: an account has that name.'),
          ...adminErrors,
        },
      },
      get: {
        operationId: 'adminListAccounts',
        summary: 'Every account, oldest first',
        security: ADMIN_SECURITY,
        responses: { '200': jsonResponse('The accounts.', AccountList), ...adminErrors },
      },
    },
    [ADMIN_KEYS_PATH]: {
      post: {
        operationId: 'adminCreateKey',
        summary: 'Create an API key for an account, on a plan',
        description: 'The answer holds the full key and its webhook secret: they are shown this once.',
        security: ADMIN_SECURITY,
        requestParams: { header: csrfHeader },
        requestBody: jsonBody(CreateKey),
        responses: {
          '201': jsonResponse('The key, its secret and its record.', CreatedKey),
          '400': errorResponse('invalid_request, or no account with that id (field account).'),
          ...adminErrors,
        },
      },
      get: {
        operationId: 'adminListKeys',
        summary: 'Every key with its usage this period and its last use',
        security: ADMIN_SECURITY,
        requestParams: { query: KeyListQuery },
        responses: { '200': jsonResponse('The keys, oldest first, revoked ones included.', KeyList), '400': badRequest, ...adminErrors },
      },
    },
    [`${ADMIN_KEYS_PATH}/{prefix}`]: {
      patch: {
        operationId: 'adminSetKeyPlan',
        summary: 'Change a key’s plan',
        description: 'Takes effect on the key’s next request: this period’s limit becomes the new plan’s; the evaluations already used stay used.',
        security: ADMIN_SECURITY,
        requestParams: { path: prefixParam, header: csrfHeader },
        requestBody: jsonBody(UpdateKeyPlan),
        responses: { '200': jsonResponse('The key after the change.', ApiKeyRecord), '400': badRequest, ...adminErrors },
      },
      delete: {
        operationId: 'adminRevokeKey',
        summary: 'Revoke a key',
        description: 'Its next request gets 401. Revoking a revoked key changes nothing and answers the same record.',
        security: ADMIN_SECURITY,
        requestParams: { path: prefixParam, header: csrfHeader },
        responses: { '200': jsonResponse('The key, with revokedAt.', ApiKeyRecord), ...adminErrors },
      },
    },
    [`${ADMIN_KEYS_PATH}/{prefix}/rotate-secret`]: {
      post: {
        operationId: 'adminRotateSecret',
        summary: 'Replace a key’s webhook signing secret',
        security: ADMIN_SECURITY,
        requestParams: { path: prefixParam, header: csrfHeader },
        responses: { '200': jsonResponse('The new secret, shown once.', RotatedSecret), '409': errorResponse('conflict: the key is revoked.'), ...adminErrors },
      },
    },
  };
}

/** The monthly usage report and every key's requests with their redeliveries. */
function usageAndRequestPaths(): ZodOpenApiPathsObject {
  return {
    [ADMIN_USAGE_PATH]: {
      get: {
        operationId: 'adminUsage',
        summary: 'Usage of every key in a month, requests per day and webhook outcomes',
        security: ADMIN_SECURITY,
        requestParams: { query: UsageReportQuery },
        responses: { '200': jsonResponse('The month’s report.', UsageReport), '400': badRequest, ...adminErrors },
      },
    },
    [ADMIN_REQUESTS_PATH]: {
      get: {
        operationId: 'adminListRequests',
        summary: 'Every key’s requests, newest first, a page at a time',
        security: ADMIN_SECURITY,
        requestParams: { query: AdminRequestListQuery },
        responses: { '200': jsonResponse('A page of requests.', RequestPage), '400': badRequest, ...adminErrors },
      },
    },
    [`${ADMIN_REQUESTS_PATH}/{requestId}`]: {
      get: {
        operationId: 'adminGetRequest',
        summary: 'One request with its result, its deliveries and every attempt',
        security: ADMIN_SECURITY,
        requestParams: { path: requestParam },
        responses: { '200': jsonResponse('The request.', RequestDetail), ...adminErrors },
      },
    },
    [`${ADMIN_REQUESTS_PATH}/{requestId}/redeliver`]: {
      post: {
        operationId: 'adminRedeliver',
        summary: 'Deliver a finished webhook-mode request’s outcome again',
        description: 'A new delivery of the same body, signed afresh with the key’s current secret, on the usual retry schedule. Costs no quota.',
        security: ADMIN_SECURITY,
        requestParams: { path: requestParam, header: csrfHeader },
        responses: {
          '202': jsonResponse('Queued.', Redelivery),
          ...redeliverErrors,
          ...adminErrors,
        },
      },
    },
  };
}
