/**
 * @packageDocumentation
 * zod schemas and inferred types of every body of the locscore Location
 * Scoring API, the contract decisions of docs/api.md as constants, and the OpenAPI 3.1
 * document generated from them.
 */

export * from './account-budgets.js';
export * from './admin.js';
export * from './async.js';
export * from './categories.js';
export * from './dashboard-session.js';
export { DEFAULT_BASE_URL, DEFAULT_HOST, DEFAULT_PORT } from './defaults.js';
export * from './errors.js';
export * from './headers.js';
export { MAX_ADDRESS_CANDIDATES, MAX_INSIGHTS, MAX_LISTED_COMPETITORS, MIN_INSIGHTS } from './limits.js';
export { API_VERSION, createOpenApiDocument } from './openapi.js';
export * from './opportunities.js';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './pagination.js';
export * from './paths.js';
export * from './plans.js';
export * from './request-log.js';
export * from './score-request.js';
export * from './score-result.js';
export * from './score-territory.js';
export * from './site-input.js';
export * from './site-map.js';
export { STORABLE_TEXT, storable } from './storable-text.js';
export * from './territory.js';
export * from './territory-check.js';
export * from './territory-geometry.js';
export { foldText } from './text-fold.js';
export * from './unit-import.js';
export * from './unit-refs.js';
export * from './unit-rows.js';
export * from './units.js';
export {
  type ComparedSite,
  comparisonCaveat,
  describeFailingFact,
  type FailingFact,
  formatDistance,
  readVerdict,
  type Verdict,
  verdictLine,
} from './verdict.js';
