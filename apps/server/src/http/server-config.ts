import type { ScoringEngine } from '@locscore/engine';
import type { Logger } from 'pino';
import type { Metrics } from '../infra/metrics.js';
import type { RateLimits, TrustProxy } from '../infra/settings.js';
import type { ScoringJobs, ScoringService } from '../services/scoring/scoring-service.js';
import type { UnitNetworks } from '../services/units/unit-networks.js';
import type { Redeliveries } from '../services/webhooks/delivery-job.js';
import type { HostResolver } from '../services/webhooks/url-policy.js';
import type { Store } from '../store/open-store.js';
import type { FailedAttemptLimit } from './auth/failed-attempts.js';
import type { Lifecycle } from './health.js';

/** Everything `createServer` needs. */
export interface ServerConfig {
  /** Keys, usage, requests. */
  store: Store;
  /** Scores addresses; `engine.regions` empty answers 503 `not_configured`. */
  engine: ScoringEngine;
  /**
   * Accept webhook URLs whose host is loopback, private, link-local, CGNAT,
   * multicast or unspecified (tests and local development). Default false.
   */
  allowPrivateWebhooks?: boolean;
  /** The current time; tests inject one to move across quota periods. Default `() => new Date()`. */
  clock?: () => Date;
  /**
   * Where webhook-mode requests are queued: the job queue of `startJobQueue`,
   * which scores them and delivers their webhooks. Without one, a body with
   * `webhookUrl` answers 501 `not_implemented`. `startServer` starts one.
   */
  queue?: ScoringJobs;
  /** The process's scoring service, shared with the scoring workers; default a new one over `store` and `engine`. */
  scoring?: ScoringService;
  /** The process's cache of account unit networks; default the scoring service's own, or a new one. */
  unitNetworks?: UnitNetworks;
  /** Resolves webhook host names for the address check (tests); default the system resolver. */
  resolveHost?: HostResolver;
  /** JSON request and error logs (`createLogger`); default warnings and errors to stderr. */
  logger?: Logger;
  /** Prometheus metrics (`createMetrics`); default a new registry over `store.stats`. */
  metrics?: Metrics;
  /** Per-key burst limits by plan; default none (off). */
  rateLimits?: RateLimits;
  /** Shutdown state read by `/readyz`; default never draining. */
  lifecycle?: Lifecycle;
  /**
   * The admin token (at least 32 characters): turns on `/api/admin/*` and the
   * operator's dashboard sign-in. Without one every admin route answers 404.
   */
  adminToken?: string;
  /** Where redeliveries are queued (the job queue); without one a redeliver answers 501. */
  redeliveries?: Redeliveries;
  /** Express's `trust proxy`: whose X-Forwarded-For and X-Forwarded-Proto count. Default false (none). */
  trustProxy?: TrustProxy;
  /** The built dashboard's folder; default `@locscore/dashboard`'s `dist/` (null or absent build: 503 at `/dashboard`). */
  dashboardDir?: string | null;
  /** The failed-attempt limit of the admin token and sign-in (tests lower it); default 10 failures per 15 minutes per address, then wrong ones are throttled (right ones always pass). */
  failedAttempts?: FailedAttemptLimit;
}

/** What the routers get: the configuration with the services `createServer` wired once. */
export interface WiredConfig extends ServerConfig {
  scoring: ScoringService;
  unitNetworks: UnitNetworks;
}
