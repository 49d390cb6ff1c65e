import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { errorResponse, KEY_SECURITY, keyUnauthorized, meteredResponse, noRegion, quotaExceeded } from './openapi-responses.js';
import { OPPORTUNITIES_PATH, OpportunitiesQuery, OpportunityMap } from './opportunities.js';

/** The opportunity map (whitespace analysis) for the OpenAPI document: one evaluation per call. */
export function opportunityPaths(): ZodOpenApiPathsObject {
  return {
    [OPPORTUNITIES_PATH]: {
      get: {
        operationId: 'listOpportunities',
        summary: 'The best sites of a region for a category that the account does not yet serve (opportunity map)',
        description:
          'Candidate sites (the region pack’s address points, one per 100 m cell, or grid cells where the pack has few addresses) are scored once per region and category with the same model as a score, and cached. Sites inside the protected territory of one of the account’s own units, or that would take more than 10 % of an own unit’s demand (Huff cannibalisation), are left out; answered sites are half a trade-area radius apart at least. Also answers the heat grid of every candidate’s score. Costs one evaluation of the quota per call, whatever the limit. See docs/opportunities.md.',
        security: KEY_SECURITY,
        requestParams: { query: OpportunitiesQuery },
        responses: {
          '200': meteredResponse('The ranked sites and the heat grid.', OpportunityMap),
          '400': errorResponse(
            'invalid_request: names each bad or unknown query parameter (`category`, `limit`), or `region` when it is not loaded (the message lists the loaded regions).',
          ),
          '401': keyUnauthorized,
          '429': quotaExceeded,
          '503': noRegion,
        },
      },
    },
  };
}
