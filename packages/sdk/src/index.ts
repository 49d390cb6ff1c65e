/**
 * @packageDocumentation
 * Typed client of the locscore Location Scoring API: `LocScoreClient`
 * (score, scoreAsync, getRequest, waitForResult, getUsage, usageReport,
 * requests, map, units, territories, opportunities, scoreBatch, close), `AdminClient` (the admin API), one
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
  OpportunityMap,
  OpportunitySite,
  QueuedAck,
  RefusedActivity,
  RefusedDay,
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
export type { BatchFailure, BatchOptions, BatchOutcome, BatchProgress, BatchRow, BatchSuccess } from './batch.js';
export { DEFAULT_BATCH_CONCURRENCY, MAX_BATCH_CONCURRENCY } from './batch.js';
// Everything the browser entry holds (errors, AdminClient, FranchisorClient, SessionClient…) is part of this one too.
export * from './browser.js';
export type { LocScoreClientOptions, RequestOptions, ScoreAsyncParams, ScoreParams } from './client.js';
export { LocScoreClient } from './client.js';
export { baseUrlOf } from './options.js';
export { RETRY_AFTER_MAX_MS, RETRY_BASE_DELAY_MS, RETRY_MAX_DELAY_MS } from './retry.js';
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
