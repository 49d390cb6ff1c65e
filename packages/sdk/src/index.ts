/**
 * @packageDocumentation
 * Typed client of the locscore Location Scoring API: `LocScoreClient`
 * (score, scoreAsync, getRequest, waitForResult, getUsage, usageReport,
 * requests, map, scoreBatch), `AdminClient` (the admin API), one error class
 * per failure kind, and Standard Webhooks helpers. `@locscore/sdk/browser`
 * holds the parts that run in browsers.
 */
export {
  LocScoreClient,
  DEFAULT_BASE_URL,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
} from './client.js';
export type { LocScoreClientOptions, RequestOptions, ScoreAsyncParams, ScoreParams } from './client.js';
export type { WaitForResultOptions } from './wait-for-result.js';
export { DEFAULT_BATCH_CONCURRENCY, MAX_BATCH_CONCURRENCY } from './batch.js';
export type { BatchFailure, BatchOptions, BatchOutcome, BatchProgress, BatchRow, BatchSuccess } from './batch.js';
export {
  AbortedError,
  AuthenticationError,
  AddressAmbiguousError,
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
export type { LocScoreErrorInit } from './errors.js';
export { RETRY_AFTER_MAX_MS, RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS } from './retry.js';
export { SDK_VERSION } from './version.js';
export {
  webhooks,
  createWebhookHandler,
  WebhookVerificationError,
  DEFAULT_TOLERANCE_SECONDS,
} from './webhooks/index.js';
export type {
  RawBody,
  VerifyOptions,
  WebhookHandlerOptions,
  WebhookHeaders,
  WebhookRequest,
  WebhookVerificationReason,
} from './webhooks/index.js';
export type { ConnectionOptions } from './client-options.js';
export { AdminAccounts, AdminClient, AdminKeys } from './admin/index.js';
export type { AdminClientOptions, AdminRequestListParams, CreateKeyParams } from './admin/index.js';
export { FranchisorClient } from './franchisor/franchisor-client.js';
export type { FranchisorClientOptions, FranchisorScoreOptions, FranchisorScoreParams, SiteMapParams } from './franchisor/franchisor-client.js';
export { RequestLog } from './franchisor/request-log.js';
export type { CallOptions, RequestListParams } from './franchisor/request-log.js';
export { SessionClient } from './session/session-client.js';
export type {
  Account,
  ApiKeyRecord,
  CreatedKey,
  DashboardSession,
  QueuedAck,
  RequestDetail,
  RequestPage,
  RequestStatus,
  RequestSummary,
  RotatedSecret,
  ScoreResult,
  SiteMap,
  Usage,
  UsageReport,
  WebhookDelivery,
  WebhookFailure,
} from '@locscore/schema';
