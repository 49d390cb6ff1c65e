/**
 * @packageDocumentation
 * The self-hostable locscore reference server: Express 5 app with API keys
 * and plans, monthly quotas, idempotency keys, a request store on PGlite or
 * PostgreSQL, and a pg-boss job queue for scoring jobs and signed webhook
 * deliveries. The public surface is what a program that runs or embeds the
 * server needs: start it, configure it from the settings table, manage its
 * API keys, and tell its errors apart.
 */

export { StoreLockedError } from './db/lock.js';
export { EXIT_CODES, runServer } from './run.js';
export { type QuotaPeriod, quotaPeriod } from './services/usage/period.js';
export * from './settings.js';
export { type RunningServer, type StartServerOptions, startServer } from './start.js';
export type { ApiKeySummary, CreatedApiKey, KeyRepository } from './store/keys.js';
export { type OpenStoreOptions, openStore, type Store } from './store/open-store.js';
