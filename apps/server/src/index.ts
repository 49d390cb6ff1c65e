/**
 * @packageDocumentation
 * The self-hostable locscore reference server: Express 5 app with API keys
 * and plans, monthly quotas, idempotency keys, a request store on PGlite or
 * PostgreSQL, and a pg-boss job queue for scoring jobs and signed webhook deliveries.
 */
export { createServer } from './app.js';
export type { ServerConfig } from './config.js';
export {
  loadServerConfig,
  parseRateLimit,
  SETTINGS,
  SettingsError,
  LOG_LEVELS,
  type LogLevel,
  type RateLimit,
  type RateLimits,
  type ServerSettings,
  type SettingSpec,
} from './ops/settings.js';
export { createLogger, redactSecrets, REDACTED_PATHS, requestLog, type LoggerOptions } from './ops/logger.js';
export { createMetrics, routeLabel, WEBHOOK_OUTCOMES, type Metrics } from './ops/metrics.js';
export type { Lifecycle, Readiness } from './ops/health.js';
export { runServer, EXIT_CODES, SHUTDOWN_DEADLINE_MS } from './ops/run.js';
export { startServer, DEFAULT_HOST, DEFAULT_PORT, type RunningServer, type StartServerOptions } from './start.js';
export { loadEngine, UNCONFIGURED_ENGINE } from './engine-loader.js';
export { openStore, type OpenStoreOptions, type Store } from './store/open-store.js';
export { StoreLockedError } from './store/lock.js';
export type { ApiKeySummary, AuthenticatedKey, CreatedApiKey, KeyRepository } from './store/keys.js';
export type { Reservation, UsageRepository } from './store/usage.js';
export type { NewRequest, RequestRepository, StoredRequest } from './store/requests.js';
export type { ChargedRequestRepository, ScoredRequest } from './store/charged-requests.js';
export type { Db, ClosableDb, QueryResult } from './store/db.js';
export { MIGRATIONS, migrate, type Migration } from './store/migrations.js';
export { quotaPeriod, secondsUntilReset, type QuotaPeriod } from './quota/period.js';
export { API_KEY_PREFIX, hashApiKey, visiblePrefix } from './auth/api-key.js';
export type { DeliveryAttempt, DeliveryRepository, DeliveryState } from './store/deliveries.js';
export { IDEMPOTENCY_TTL_MS, type IdempotencyClaim, type IdempotencyRepository } from './store/idempotency.js';
export { startJobQueue, SCORE_QUEUE, DELIVERY_QUEUE, type JobQueue, type JobQueueOptions } from './webhooks/job-queue.js';
export { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from './webhooks/retry-schedule.js';
export { checkWebhookUrl, forbiddenRange, systemResolver, type HostResolver } from './webhooks/url-policy.js';
export { signWebhook } from './webhooks/signature.js';
