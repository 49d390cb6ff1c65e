import type { Logger } from 'pino';
import type { Store } from '../../store/open-store.js';
import { DEFAULT_REQUEST_RETENTION_DAYS } from '../../store/purge.js';

/** Options of {@link schedulePurge}. */
export interface PurgeScheduleOptions {
  /** Where a failed purge is logged. */
  logger: Logger;
  /** Days to keep finished requests. @default 30 */
  requestRetentionDays?: number;
  /** Seconds between purges. @default 3600 */
  intervalSeconds?: number;
  /** The current time (UTC). @default the system clock */
  clock?: () => Date;
}

/**
 * Purges finished requests older than the retention, and expired
 * idempotency keys (`store.purge`), at once and then every
 * `intervalSeconds`; a failure is logged and the next run tries again. Safe
 * on every instance sharing a database.
 *
 * @param store - the store to purge
 * @param options - see {@link PurgeScheduleOptions}
 * @returns a function that stops the schedule
 */
export function schedulePurge(store: Store, options: PurgeScheduleOptions): () => void {
  const clock = options.clock ?? (() => new Date());
  const requestRetentionDays = options.requestRetentionDays ?? DEFAULT_REQUEST_RETENTION_DAYS;
  const purge = (): void => {
    store.purge({ now: clock(), requestRetentionDays }).catch((error: unknown) => {
      options.logger.error({ err: error }, 'purge of old requests failed');
    });
  };
  purge();
  const timer = setInterval(purge, (options.intervalSeconds ?? 3600) * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
