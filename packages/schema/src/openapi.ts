import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import { QueuedAck, RequestId, RequestStatus, WebhookDelivery, WebhookFailure } from './async.js';
import { DEFAULT_BASE_URL } from './defaults.js';
import { HEADERS, WEBHOOK_HEADERS } from './headers.js';
import { adminPaths } from './openapi-admin.js';
import { franchisorPaths, sessionPaths } from './openapi-dashboard.js';
import { opportunityPaths } from './openapi-opportunities.js';
import { errorResponse, jsonBody, KEY_SECURITY, meteredResponse, noRegion, quotaExceeded } from './openapi-responses.js';
import { territoryPaths } from './openapi-territory.js';
import { SCORE_PATH, SESSION_COOKIE, USAGE_PATH } from './paths.js';
import { Usage } from './plans.js';
import { ScoreRequest } from './score-request.js';
import { ScoreResult } from './score-result.js';

/** Version of the API contract, as written in the OpenAPI document's `info.version`. */
export const API_VERSION = '1.0.0';

const idempotencyKey = z.string().min(1).max(255).optional().meta({
  description: 'Same key and same body within 24 h: the first response is returned again and costs nothing. Same key, other body: 409 idempotency_conflict.',
});

/**
 * Builds the OpenAPI 3.1 document of the API from the zod schemas of this
 * package (never a hand-written copy). The build writes it to
 * `packages/schema/openapi.json`.
 *
 * @returns a plain OpenAPI 3.1.0 document object
 */
export function createOpenApiDocument(): ReturnType<typeof createDocument> {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'locscore Location Scoring API',
      version: API_VERSION,
      description:
        'Scores a civic address for a franchise category: transit access, competition and market fit, 0–10. Synchronous, or asynchronous with a signed webhook delivery.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: DEFAULT_BASE_URL, description: 'locscore serve (default)' }],
    security: KEY_SECURITY,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'API key of a plan (starter, growth, enterprise).' },
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The server’s admin token (LOCSCORE_ADMIN_TOKEN, at least 32 characters). Without one configured every /api/admin route answers 404.',
        },
        dashboardSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `Dashboard session cookie set by POST /dashboard/session. Writes made with it carry ${HEADERS.csrfToken}.`,
        },
      },
    },
    paths: {
      [SCORE_PATH]: {
        post: {
          operationId: 'score',
          summary: 'Score an address for a franchise category',
          description:
            'Without webhookUrl: scores now and answers 200 with the result. With webhookUrl: answers 202 at once and POSTs the result (or failure) to the URL, signed with Standard Webhooks headers.',
          requestParams: { header: z.object({ [HEADERS.idempotencyKey]: idempotencyKey }) },
          requestBody: jsonBody(ScoreRequest),
          responses: {
            '200': meteredResponse('The score.', ScoreResult),
            '202': meteredResponse('Queued for asynchronous scoring and webhook delivery.', QueuedAck),
            '400': errorResponse(
              'invalid_request (names each bad field); address_not_found (details.reason, and details.candidates: up to 3 "did you mean" near misses); or address_ambiguous (the same street and number in several municipalities and nothing in the address to choose: details.candidates, up to 5).',
            ),
            '401': errorResponse('unauthorized: X-API-Key missing, unknown or revoked.'),
            '409': errorResponse('idempotency_conflict: the Idempotency-Key was used with another body.'),
            '413': errorResponse('payload_too_large: body over 16 KiB.'),
            '415': errorResponse('unsupported_media_type: body is not application/json.'),
            '429': quotaExceeded,
            '500': errorResponse('scoring_failed: the scoring pipeline failed; retry. The quota unit is given back.'),
            '503': noRegion,
          },
        },
      },
      [`${SCORE_PATH}/{requestId}`]: {
        get: {
          operationId: 'getRequest',
          summary: 'Status of an asynchronous request',
          description: 'Only the API key that made the request sees it. Costs no quota.',
          requestParams: { path: z.object({ requestId: RequestId }) },
          responses: {
            '200': { description: 'The request and its delivery.', content: { 'application/json': { schema: RequestStatus } } },
            '401': errorResponse('unauthorized'),
            '404': errorResponse('not_found: unknown id, or a request of another key.'),
          },
        },
      },
      [USAGE_PATH]: {
        get: {
          operationId: 'getUsage',
          summary: 'Quota usage of the calling key in the current period',
          responses: {
            '200': { description: 'Usage.', content: { 'application/json': { schema: Usage } } },
            '401': errorResponse('unauthorized'),
          },
        },
      },
      ...franchisorPaths(),
      ...territoryPaths(),
      ...opportunityPaths(),
      ...adminPaths(),
      ...sessionPaths(),
    },
    webhooks: {
      scoreCompleted: {
        post: {
          summary: 'Result of an asynchronous request',
          description: `POSTed to webhookUrl with headers ${WEBHOOK_HEADERS.id} (the requestId), ${WEBHOOK_HEADERS.timestamp} (unix seconds) and ${WEBHOOK_HEADERS.signature} (v1,<base64 HMAC-SHA256 of "id.timestamp.body">). Any 2xx ends the retries; 410 stops them.`,
          requestBody: {
            content: { 'application/json': { schema: z.union([WebhookDelivery, WebhookFailure]) } },
          },
          responses: { '200': { description: 'Received.' } },
        },
      },
    },
  });
}
