import { EngineError, type ScoringEngine } from '@locscore/engine';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; buckets for HTTP and scoring latency (5 ms to 10 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Counts read from the database at each scrape (the store's stats repository). */
export interface MetricsSources {
  /** Webhook-mode requests by status (`queued`, `running`). */
  queueDepth(): Promise<Record<string, number>>;
  /** Recorded delivery attempts by outcome. */
  webhookAttempts(): Promise<Record<string, number>>;
}

/** The server's Prometheus metrics, in their own registry (one per app). */
export interface Metrics {
  /** Everything `/metrics` exposes. */
  readonly registry: Registry;
  /** `locscore_http_requests_total{method,route,status}`. */
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  /** `locscore_http_request_duration_seconds{method,route,status}`. */
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** `locscore_scoring_duration_seconds{outcome}`, outcome `ok`, `address_not_found`, `address_ambiguous` or `error` (sync and async). */
  readonly scoringDuration: Histogram<'outcome'>;
  /** `locscore_quota_rejections_total{plan}`: 429 `quota_exceeded` answers. */
  readonly quotaRejections: Counter<'plan'>;
  /** `locscore_rate_limited_total{plan}`: 429 `rate_limited` answers. */
  readonly rateLimited: Counter<'plan'>;
}

/**
 * Creates the metrics: Node.js process defaults (`locscore_process_*`,
 * `locscore_nodejs_*`), HTTP request counts and latency by route and status,
 * scoring latency, quota and rate-limit rejections, and two gauges read from
 * the database at each scrape (so they cover every instance sharing it):
 * `locscore_queue_depth{status}` (requests `queued` or `running`) and
 * `locscore_webhook_attempts{outcome}` (recorded delivery attempts:
 * `delivered` 2xx, `gone` 410, `http_error` other status, `network_error` no answer).
 *
 * @param stats - the store's counts, read at scrape time
 * @param onScrapeError - called when a scrape query fails (the gauges keep their last value)
 */
export function createMetrics(stats: MetricsSources, onScrapeError: (error: unknown) => void = () => undefined): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'locscore_' });
  const httpRequests = new Counter({
    name: 'locscore_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'locscore_http_request_duration_seconds',
    help: 'HTTP request latency in seconds, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const scoringDuration = new Histogram({
    name: 'locscore_scoring_duration_seconds',
    help: 'Time the engine took to score one address (geocode, transit, competitors, market fit), by outcome.',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const quotaRejections = new Counter({
    name: 'locscore_quota_rejections_total',
    help: 'Requests refused with 429 quota_exceeded (monthly quota spent), by plan.',
    labelNames: ['plan'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'locscore_rate_limited_total',
    help: 'Requests refused with 429 rate_limited (per-key burst limit), by plan.',
    labelNames: ['plan'] as const,
    registers: [registry],
  });
  const countsGauge = (name: string, help: string, label: string, read: () => Promise<Record<string, number>>): void => {
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [registry],
      async collect() {
        await read().then((counts) => {
          for (const [value, count] of Object.entries(counts)) this.set({ [label]: value }, count);
        }, onScrapeError);
      },
    });
  };
  countsGauge(
    'locscore_queue_depth',
    'Webhook-mode requests waiting (queued) or being scored (running), from the database at scrape time.',
    'status',
    stats.queueDepth,
  );
  countsGauge(
    'locscore_webhook_attempts',
    'Webhook delivery attempts recorded in the database (all instances, cumulative), by outcome.',
    'outcome',
    stats.webhookAttempts,
  );
  return { registry, httpRequests, httpDuration, scoringDuration, quotaRejections, rateLimited };
}

/**
 * Wraps an engine so each `score` call is timed in {@link Metrics.scoringDuration}
 * (outcome `ok`, `address_not_found` or `error`); results and errors pass through unchanged.
 *
 * @param engine - the engine to time
 * @param metrics - from {@link createMetrics}
 */
export function timedEngine(engine: ScoringEngine, metrics: Metrics): ScoringEngine {
  return {
    get regions() {
      return engine.regions;
    },
    async score(input) {
      const stop = metrics.scoringDuration.startTimer();
      try {
        const result = await engine.score(input);
        stop({ outcome: 'ok' });
        return result;
      } catch (error) {
        stop({ outcome: error instanceof EngineError && error.code !== null ? error.code : 'error' });
        throw error;
      }
    },
    ...(engine.siteMap ? { siteMap: engine.siteMap.bind(engine) } : {}),
    ...(engine.territory ? { territory: engine.territory } : {}),
    ...(engine.opportunities ? { opportunities: engine.opportunities.bind(engine) } : {}),
    ...(engine.warm ? { warm: engine.warm.bind(engine) } : {}),
  };
}
