/**
 * @packageDocumentation
 * Typed client of the locscore Location Scoring API: `LocScoreClient`
 * (score, scoreAsync, getRequest, waitForResult, getUsage, usageReport,
 * requests, map, units, territories, scoreBatch, close), `AdminClient` (the admin API), one
 * error class per failure kind, and Standard Webhooks helpers built on the
 * `standardwebhooks` package. `@locscore/sdk/browser` holds the parts that
 * run in browsers.
 */

export type {
  Account,
  ApiKeyRecord,
  CreatedKey,
  CreateUnitInput,
  DashboardSession,
  QueuedAck,
  RequestDetail,
  RequestPage,
  RequestStatus,
  RequestSummary,
  RotatedSecret,
  ScoreResult,
  SiteMap,
  TerritoryCheckRequestInput,
  TerritoryCheckResult,
  Unit,
  UnitPage,
  UpdateUnitInput,
  Usage,
  UsageReport,
  WebhookDelivery,
  WebhookFailure,
} from '@locscore/schema';
export type { AdminClientOptions, AdminRequestListParams, CreateKeyParams } from './admin/index.js';
export { AdminAccounts, AdminClient, AdminKeys } from './admin/index.js';
export type { BatchFailure, BatchOptions, BatchOutcome, BatchProgress, BatchRow, BatchSuccess } from './batch.js';
export { DEFAULT_BATCH_CONCURRENCY, MAX_BATCH_CONCURRENCY } from './batch.js';
export type { LocScoreClientOptions, RequestOptions, ScoreAsyncParams, ScoreParams } from './client.js';
export {
  DEFAULT_BASE_URL,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  LocScoreClient,
} from './client.js';
export type { ConnectionOptions } from './client-options.js';
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
export type { CallOptions, RequestListParams } from './franchisor/request-log.js';
export { RequestLog } from './franchisor/request-log.js';
export { baseUrlOf } from './options.js';
export { RETRY_AFTER_MAX_MS, RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS } from './retry.js';
export { SessionClient } from './session/session-client.js';
export type { TerritoryCheckOptions, UnitImportFailure, UnitImportOptions, UnitImportOutcome, UnitImportReport, UnitListParams } from './units/index.js';
export { Territories, Units } from './units/index.js';
export { SDK_VERSION } from './version.js';
export type { WaitForResultOptions } from './wait-for-result.js';
export type {
  RawBody,
  VerifyOptions,
  WebhookHandlerOptions,
  WebhookHeaders,
  WebhookInfo,
  WebhookRejection,
  WebhookRequest,
  WebhookVerificationReason,
} from './webhooks/index.js';
export {
  createWebhookHandler,
  DEFAULT_TOLERANCE_SECONDS,
  MAX_WEBHOOK_BODY_BYTES,
  WebhookVerificationError,
  webhooks,
} from './webhooks/index.js';
