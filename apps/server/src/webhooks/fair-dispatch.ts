/**
 * How many delivery attempts one process runs at once: in all, to one
 * receiver host, and for one account. A receiver that hangs holds at most
 * `perHost` of the `total` connections for up to the attempt's time-out, and
 * an account with many slow receivers at most `perAccount`: the other
 * tenants' deliveries keep the rest.
 */
export interface DeliveryConcurrency {
  /** Attempts at once, all receivers together (the connection cap). */
  total: number;
  /** Attempts at once to one receiver host (`URL.host`, port included). */
  perHost: number;
  /** Attempts at once for one account's requests. */
  perAccount: number;
}

/** The defaults of {@link DeliveryConcurrency}: 64 connections, 4 per host, 8 per account. */
export const DEFAULT_DELIVERY_CONCURRENCY: Readonly<DeliveryConcurrency> = { total: 64, perHost: 4, perAccount: 8 };

/** Where an attempt goes and for whom: what the limits count. */
export interface Lane {
  host: string;
  accountId: string;
}

/** What the dispatcher asks of the queue and of the delivery job. */
export interface DispatchSource<J> {
  /** Takes up to `count` due jobs. */
  fetch(count: number): Promise<J[]>;
  /** The lane of a job, or null when it has nothing to do (it is then completed at once by `run`). */
  laneOf(job: J): Promise<Lane | null>;
  /** Runs one job to its end (attempt, record, complete or fail); never rejects. */
  run(job: J): Promise<void>;
  /**
   * Puts jobs whose lane is full back in the queue for later, together;
   * never rejects. `slow` says the job's receiver host has lately taken a
   * second or more per attempt (a hanging or trickling receiver), so its
   * jobs can wait longer; a busy but fast host's jobs come back at once.
   */
  defer(jobs: Array<{ job: J; slow: boolean }>): Promise<void>;
}

/** The dispatcher of a queue's jobs under {@link DeliveryConcurrency}. */
export interface FairDispatch {
  /** Fetches and starts jobs while there is room; call when jobs may be due. Never throws. */
  kick(): void;
  /** Attempts running now. */
  readonly running: number;
  /** Stops fetching and waits for the running attempts to end. */
  stop(): Promise<void>;
}

/** Most jobs fetched in one statement. */
const FETCH_BATCH = 32;
/** A host whose attempts took this long on average (exponentially weighted) is slow, ms. */
const SLOW_HOST_MS = 1_000;
/** Hosts whose attempt times are remembered; the memory is cleared when more are seen. */
const MAX_TIMED_HOSTS = 10_000;

/**
 * Runs jobs one by one as they are fetched, each completing on its own
 * (no batch waits for its slowest member), at most `total` at once, `perHost`
 * per receiver host and `perAccount` per account; a job whose host or account
 * is at its limit goes back to the queue ({@link DispatchSource.defer}) rather
 * than holding a place in line, so jobs behind it are reached at once.
 *
 * @param source - the queue and the delivery job
 * @param limits - see {@link DeliveryConcurrency}
 * @param onError - where a failed fetch is reported (the next kick tries again)
 */
export function fairDispatch<J>(source: DispatchSource<J>, limits: DeliveryConcurrency, onError: (error: unknown) => void): FairDispatch {
  const byHost = new Map<string, number>();
  const byAccount = new Map<string, number>();
  /** Exponentially weighted attempt time per host, ms. */
  const timeOf = new Map<string, number>();
  const running = new Set<Promise<void>>();
  let filling: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const count = (map: Map<string, number>, key: string, delta: number): void => {
    const next = (map.get(key) ?? 0) + delta;
    if (next === 0) map.delete(key);
    else map.set(key, next);
  };
  const start = (job: J, lane: Lane | null): void => {
    if (lane !== null) {
      count(byHost, lane.host, 1);
      count(byAccount, lane.accountId, 1);
    }
    const started = performance.now();
    const done: Promise<void> = source.run(job).finally(() => {
      if (lane !== null) {
        count(byHost, lane.host, -1);
        count(byAccount, lane.accountId, -1);
        if (timeOf.size >= MAX_TIMED_HOSTS) timeOf.clear();
        const took = performance.now() - started;
        timeOf.set(lane.host, 0.7 * (timeOf.get(lane.host) ?? took) + 0.3 * took);
      }
      running.delete(done);
      kick();
    });
    running.add(done);
  };
  const full = (lane: Lane): boolean => (byHost.get(lane.host) ?? 0) >= limits.perHost || (byAccount.get(lane.accountId) ?? 0) >= limits.perAccount;

  async function fill(): Promise<void> {
    while (!stopped && running.size < limits.total) {
      const jobs = await source.fetch(Math.min(FETCH_BATCH, limits.total - running.size));
      if (jobs.length === 0) return;
      const lanes = await Promise.all(jobs.map((job) => source.laneOf(job)));
      const later: Array<{ job: J; slow: boolean }> = [];
      for (const [index, job] of jobs.entries()) {
        const lane = lanes[index] ?? null;
        if (lane !== null && full(lane)) later.push({ job, slow: (timeOf.get(lane.host) ?? 0) >= SLOW_HOST_MS });
        else start(job, lane);
      }
      await source.defer(later);
    }
  }
  function kick(): void {
    if (stopped) return;
    if (filling !== null) {
      again = true;
      return;
    }
    filling = fill()
      .catch(onError)
      .finally(() => {
        filling = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }
  return {
    kick,
    get running() {
      return running.size;
    },
    async stop() {
      stopped = true;
      await filling;
      await Promise.all([...running]);
    },
  };
}
