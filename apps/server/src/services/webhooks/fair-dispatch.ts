import { hostPace, SLOW_HOST_MS } from './host-pace.js';
import { DEFAULT_WAITING_LIMITS, type Lane, type WaitingLimits, waitingRoom } from './waiting-room.js';

export type { Lane, WaitingLimits } from './waiting-room.js';

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
  /** Fetched jobs of a full lane kept in memory until a slot frees. @default DEFAULT_WAITING_LIMITS */
  waiting?: WaitingLimits;
}

/** The defaults of {@link DeliveryConcurrency}: 64 connections, 4 per host, 8 per account; 64 jobs waiting per host, 128 per account, 512 in all. */
export const DEFAULT_DELIVERY_CONCURRENCY: Readonly<DeliveryConcurrency> = { total: 64, perHost: 4, perAccount: 8, waiting: DEFAULT_WAITING_LIMITS };

/** A job going back to the queue, and what its wait there should be based on. */
export interface Deferral<J> {
  job: J;
  /** Its receiver host has lately taken a second or more per attempt, or has one running that long (a hanging or trickling receiver). */
  slow: boolean;
  /** When a slot of its host is expected to be free, ms from now (the jobs waiting ahead of it at the host's typical pace); 0 when unknown. */
  readyInMs: number;
}

/** What the dispatcher asks of the queue and of the delivery job. */
export interface DispatchSource<J> {
  /** Takes up to `count` due jobs. */
  fetch(count: number): Promise<J[]>;
  /** The lane of a job, or null when it has nothing to do (it is then completed at once by `run`). */
  laneOf(job: J): Promise<Lane | null>;
  /** Runs one job to its end (attempt, record, complete or fail); never rejects. */
  run(job: J): Promise<void>;
  /** Puts jobs whose lane is full back in the queue for later, together; never rejects. */
  defer(jobs: Array<Deferral<J>>): Promise<void>;
  /**
   * Longest a fetched job may wait in memory for a slot, ms. It stays taken
   * in the queue meanwhile (so a crash loses nothing: the queue runs it again
   * after its expiry), so this must leave the attempt time within that expiry.
   */
  maxWaitMs: number;
}

/** The dispatcher of a queue's jobs under {@link DeliveryConcurrency}. */
export interface FairDispatch {
  /** Fetches and starts jobs while there is room; call when jobs may be due. Never throws. */
  kick(): void;
  /** Attempts running now. */
  readonly running: number;
  /** Jobs waiting in memory for a slot now. */
  readonly waiting: number;
  /** Stops fetching, puts the waiting jobs back in the queue and waits for the running attempts to end. */
  stop(): Promise<void>;
}

/** Most jobs fetched in one statement. */
const FETCH_BATCH = 32;

/** Counts of running attempts by host and by account. */
function laneCounts() {
  const byHost = new Map<string, number>();
  const byAccount = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, delta: number): void => {
    const next = (map.get(key) ?? 0) + delta;
    if (next === 0) map.delete(key);
    else map.set(key, next);
  };
  return {
    add(lane: Lane, delta: number): void {
      add(byHost, lane.host, delta);
      add(byAccount, lane.accountId, delta);
    },
    full: (lane: Lane, limits: DeliveryConcurrency): boolean =>
      (byHost.get(lane.host) ?? 0) >= limits.perHost || (byAccount.get(lane.accountId) ?? 0) >= limits.perAccount,
  };
}

/**
 * Runs jobs one by one as they are fetched, each completing on its own (no
 * batch waits for its slowest member), at most `total` at once, `perHost`
 * per receiver host and `perAccount` per account. A job whose lane is full
 * waits in memory ({@link waitingRoom}, within `limits.waiting`) and starts
 * the moment a slot of its lane frees, when its host is not slow and the jobs
 * ahead of it would start within `source.maxWaitMs` at the host's pace;
 * otherwise, or once it has waited `maxWaitMs`, or when its host turns out
 * slow, it goes back to the queue ({@link DispatchSource.defer}). Fetching
 * goes on while fewer than `total` attempts run, whatever waits, so the jobs
 * of other lanes behind a busy one are reached at once.
 *
 * @param source - the queue and the delivery job
 * @param limits - see {@link DeliveryConcurrency}
 * @param onError - where a failed fetch is reported (the next kick tries again)
 * @param clock - the time in ms (for the waits and the hosts' pace) @default performance.now
 */
export function fairDispatch<J>(
  source: DispatchSource<J>,
  limits: DeliveryConcurrency,
  onError: (error: unknown) => void,
  clock: () => number = () => performance.now(),
): FairDispatch {
  const counts = laneCounts();
  const pace = hostPace();
  const waiting = waitingRoom<J>(limits.waiting ?? DEFAULT_WAITING_LIMITS);
  const running = new Set<Promise<void>>();
  let filling: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const canStart = (lane: Lane): boolean => !stopped && running.size < limits.total && !counts.full(lane, limits);
  /**
   * When the jobs waiting for the host would have started, at its typical
   * pace, ms; before any attempt to it ended, a second per slot's worth of
   * waiting jobs (so jobs beyond a full waiting room are not fetched again
   * and again while it drains).
   */
  const readyInMs = (host: string): number => {
    const ahead = waiting.waitingOn(host) / limits.perHost;
    return ahead * (pace.typicalMs(host) ?? (ahead > 0 ? SLOW_HOST_MS : 0));
  };
  const start = (job: J, lane: Lane | null): void => {
    if (lane !== null) counts.add(lane, 1);
    const ended = lane === null ? null : pace.started(lane.host, clock());
    const done: Promise<void> = source.run(job).finally(() => {
      if (lane !== null) counts.add(lane, -1);
      ended?.(clock());
      running.delete(done);
      waiting.startWhere(canStart, start);
      kick();
    });
    running.add(done);
  };
  const sendBack = async (jobs: Array<{ job: J; lane: Lane }>, now: number): Promise<void> => {
    if (jobs.length > 0) await source.defer(jobs.map(({ job, lane }) => ({ job, slow: pace.slow(lane.host, now), readyInMs: readyInMs(lane.host) })));
  };
  const place = (job: J, lane: Lane | null, now: number): boolean => {
    if (lane === null || canStart(lane)) {
      start(job, lane);
      return true;
    }
    const soonEnough =
      !pace.slow(lane.host, now) && ((waiting.waitingOn(lane.host) + 1) / limits.perHost) * (pace.typicalMs(lane.host) ?? 0) < source.maxWaitMs;
    return soonEnough && waiting.admit(job, lane, now);
  };

  async function fill(): Promise<void> {
    const now = clock();
    await sendBack(
      waiting.removeWhere(({ lane, since }) => now - since >= source.maxWaitMs || pace.slow(lane.host, now)),
      now,
    );
    while (!stopped && running.size < limits.total) {
      const jobs = await source.fetch(Math.min(FETCH_BATCH, limits.total - running.size));
      if (jobs.length === 0) return;
      const lanes = await Promise.all(jobs.map((job) => source.laneOf(job)));
      const at = clock();
      const later: Array<{ job: J; lane: Lane }> = [];
      for (const [index, job] of jobs.entries()) {
        const lane = lanes[index] ?? null;
        if (!place(job, lane, at) && lane !== null) later.push({ job, lane });
      }
      await sendBack(later, at);
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
    get waiting() {
      return waiting.size;
    },
    async stop() {
      stopped = true;
      await filling;
      await sendBack(
        waiting.removeWhere(() => true),
        clock(),
      );
      await Promise.all([...running]);
    },
  };
}
