/**
 * @packageDocumentation
 * The part of `@locscore/sdk` that runs in browsers (no `node:` imports):
 * `FranchisorClient` (score, usage, usage report, request log, site map,
 * units, territory check, opportunity map),
 * `AdminClient` (accounts, keys, plans, usage, every key's requests),
 * `SessionClient` (the dashboard's cookie session) and the typed errors.
 * Import it as `@locscore/sdk/browser`; Node code can use `@locscore/sdk`,
 * which exports all of this too.
 */

export type { AdminClientOptions, AdminRequestListParams, CreateKeyParams } from './admin/index.js';
export { AdminAccounts, AdminClient, AdminKeys } from './admin/index.js';
export type { CallOptions } from './call-options.js';
export type { ConnectionOptions } from './client-options.js';
export { DEFAULT_BASE_URL, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from './client-options.js';
export type { LocScoreErrorInit } from './errors.js';
export {
  AbortedError,
  AddressAmbiguousError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  ForbiddenError,
  InvalidResponseError,
  LocScoreError,
  NotFoundError,
  QuotaExceededError,
  RateLimitError,
  ScoringError,
  ServiceUnavailableError,
  TimeoutError,
} from './errors.js';
export type { FranchisorClientOptions, FranchisorScoreOptions, FranchisorScoreParams, SiteMapParams } from './franchisor/franchisor-client.js';
export { FranchisorClient } from './franchisor/franchisor-client.js';
export type { RequestListParams } from './franchisor/request-log.js';
export { RequestLog } from './franchisor/request-log.js';
export { Opportunities, type OpportunityListParams } from './opportunities/opportunities.js';
export { SessionClient } from './session/session-client.js';
export type { TerritoryCheckOptions, UnitImportFailure, UnitImportOptions, UnitImportOutcome, UnitImportReport, UnitListParams } from './units/index.js';
export { Territories, Units } from './units/index.js';
export { SDK_VERSION } from './version.js';
