import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Store, StoreTransaction } from '../../store/open-store.js';

/** Options of {@link openQueue}. */
export interface QueueOptions {
  /** The store whose database holds the jobs. */
  store: Store;
  /** Where queue errors and failed jobs are logged. */
  logger: Logger;
  /** How often idle workers look for jobs, seconds. @default 0.5 (pg-boss's minimum) */
  pollingIntervalSeconds?: number;
  /** Jobs a worker fetches and runs at once. @default 16 */
  batchSize?: number;
  /** PostgreSQL schema of pg-boss's tables. @default 'pgboss' */
  bossSchema?: string;
  /** How often pg-boss looks for expired jobs, seconds (one instance at a time does it). @default 10 */
  maintenanceIntervalSeconds?: number;
}

/** How one job is sent. */
export interface SendOptions {
  /** Seconds before it may run. @default 0 */
  startAfterSeconds?: number;
  /** Retries after a failed run. */
  retryLimit: number;
  /** Seconds between retries. */
  retryDelaySeconds: number;
  /** Seconds after which a job still running counts as lost (its process died) and is retried. */
  expireInSeconds: number;
  /** The transaction to send it in: the job then commits (or not) with the transaction's rows. */
  tx?: StoreTransaction;
}

/** A job taken from a queue with {@link Queue.fetch}: `active` until it is completed, failed, deferred or expires. */
export interface FetchedJob<T> {
  id: string;
  data: T;
}

/** Jobs in the store's database (pg-boss): send, run, wake. */
export interface Queue {
  /** Sends a job to a queue. */
  send(name: string, data: object, options: SendOptions): Promise<void>;
  /**
   * Starts `workers` workers on a queue. Each fetches up to `batchSize` jobs
   * per poll and runs them at once; a job whose `run` throws is failed alone
   * (pg-boss retries it under its retry limit), the others complete.
   *
   * @param describe - what to log of a failed job, e.g. its request id
   */
  work<T extends object>(name: string, workers: number, run: (data: T) => Promise<void>, describe: (data: T) => Record<string, unknown>): Promise<void>;
  /**
   * Wakes this process's workers of a queue at once instead of at their next
   * poll. Call it after the transaction that sent the job commits: a worker
   * woken before would not see it. Never throws.
   */
  notify(name: string): void;
  /**
   * Takes up to `count` jobs that are due, oldest first, for a caller that
   * runs each on its own ({@link Queue.complete}, {@link Queue.fail},
   * {@link Queue.defer}); a job left `active` past its expiry is retried.
   */
  fetch<T extends object>(name: string, count: number): Promise<Array<FetchedJob<T>>>;
  /** Marks a fetched job done. */
  complete(name: string, id: string): Promise<void>;
  /** Fails a fetched job: pg-boss retries it under its retry limit. */
  fail(name: string, id: string, error: unknown): Promise<void>;
  /**
   * Puts fetched jobs back to run later, each as a new job with its `data`
   * due in its `options.startAfterSeconds`, in one transaction with
   * completing them (so none is lost or run twice by this); not a retry.
   */
  defer(name: string, jobs: ReadonlyArray<{ id: string; data: object; options: SendOptions }>): Promise<void>;
  /** Stops the workers (waiting for running jobs) and pg-boss's supervision. */
  stop(): Promise<void>;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * {@link Queue.fetch}, {@link Queue.complete}, {@link Queue.fail} and
 * {@link Queue.defer} over pg-boss: jobs taken and settled one by one by
 * their caller, with no worker.
 */
function directAccess(boss: PgBoss, store: Store): Pick<Queue, 'fetch' | 'complete' | 'fail' | 'defer'> {
  return {
    async fetch<T extends object>(name: string, count: number) {
      const jobs = await boss.fetch<T>(name, { batchSize: count });
      return (jobs ?? []).map((job) => ({ id: job.id, data: job.data }));
    },
    async complete(name, id) {
      await boss.complete(name, id);
    },
    async fail(name, id, error) {
      await boss.fail(name, id, { message: describeError(error) });
    },
    async defer(name, jobs) {
      if (jobs.length === 0) return;
      const again = jobs.map(({ data, options }) => ({
        name,
        data,
        startAfter: new Date(Date.now() + (options.startAfterSeconds ?? 0) * 1000).toISOString(),
        retryLimit: options.retryLimit,
        retryDelay: options.retryDelaySeconds,
        expireInSeconds: options.expireInSeconds,
      }));
      await store.transaction(async (tx) => {
        // pg-boss 10 takes an array of ids here; its types allow one id when `data` and `options` follow.
        const ids = jobs.map((job) => job.id) as unknown as string;
        await boss.complete(name, ids, {}, { db: tx.bossDb });
        await boss.insert(again, { db: tx.bossDb });
      });
    },
  };
}

/**
 * Starts pg-boss over the store's database (PGlite or PostgreSQL) and creates
 * the named queues. After a crash, jobs left `active` are retried: at once on
 * PGlite (one process per data directory, so they can only be orphans), after
 * their expiry on PostgreSQL (other instances may be running them).
 *
 * pg-boss 10 waits out the polling interval after each fetch, so a worker
 * fetches a batch per poll; jobs sent by this process wake its workers
 * ({@link Queue.notify}), so an idle instance starts them within milliseconds.
 *
 * @param names - the queues
 * @param options - see {@link QueueOptions}
 * @returns the running queue
 * @throws Error when pg-boss cannot create its schema
 */
export async function openQueue(names: readonly string[], options: QueueOptions): Promise<Queue> {
  const { store, logger } = options;
  const schema = options.bossSchema ?? 'pgboss';
  const boss = new PgBoss({
    db: store.jobs.boss,
    schema,
    schedule: false,
    supervise: true,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 10,
  });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  await store.jobs.oneInstanceAtATime(async () => {
    await boss.start();
    for (const name of names) await boss.createQueue(name);
  });
  if (store.driver === 'pglite') {
    let orphans = 0;
    for (const name of names) {
      for (const id of await store.jobs.activeJobIds(schema, name)) {
        await boss.fail(name, id, { message: 'the server stopped while this job ran; retried at restart' });
        orphans += 1;
      }
    }
    if (orphans > 0) logger.warn({ jobs: orphans }, 'retrying jobs interrupted by the last stop');
  }

  const polling = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5, batchSize: options.batchSize ?? 16 };
  const workerIds = new Map<string, string[]>();
  return {
    async send(name, data, send) {
      await boss.send(name, data, {
        startAfter: send.startAfterSeconds ?? 0,
        retryLimit: send.retryLimit,
        retryDelay: send.retryDelaySeconds,
        expireInSeconds: send.expireInSeconds,
        ...(send.tx ? { db: send.tx.bossDb } : {}),
      });
    },
    async work(name, workers, run, describe) {
      const ids = workerIds.get(name) ?? [];
      workerIds.set(name, ids);
      for (let worker = 0; worker < workers; worker += 1) {
        const id = await boss.work<Parameters<typeof run>[0]>(name, polling, (jobs) =>
          Promise.all(
            jobs.map(async (job) => {
              try {
                await run(job.data);
              } catch (error) {
                logger.error({ queue: name, ...describe(job.data), err: error }, 'job failed');
                await boss.fail(name, job.id, { message: describeError(error) });
              }
            }),
          ).then(() => undefined),
        );
        ids.push(id);
      }
    },
    ...directAccess(boss, store),
    notify(name) {
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 15_000, close: false });
    },
  };
}
