/** Where an attempt goes and for whom: what the concurrency limits count. */
export interface Lane {
  /** The receiver host (`URL.host`, port included). */
  host: string;
  accountId: string;
}

/**
 * How many fetched jobs whose lane is full may wait in memory for a slot, per
 * receiver host, per account and in all. A job beyond these goes back to the
 * queue instead. Each waiting job is a few hundred bytes; 0 everywhere makes
 * every such job go back to the queue.
 */
export interface WaitingLimits {
  /** Jobs waiting for one receiver host. */
  perHost: number;
  /** Jobs waiting for one account. */
  perAccount: number;
  /** Jobs waiting in all. */
  total: number;
}

/** The defaults of {@link WaitingLimits}: 64 per host, 128 per account, 512 in all. */
export const DEFAULT_WAITING_LIMITS: Readonly<WaitingLimits> = { perHost: 64, perAccount: 128, total: 512 };

/** A job waiting in a {@link WaitingRoom}, with its lane and when it began to wait (`performance.now()`, ms). */
export interface WaitingJob<J> {
  job: J;
  lane: Lane;
  since: number;
}

/**
 * Fetched jobs whose lane is full, oldest first, within {@link WaitingLimits}:
 * they start the moment their lane has a slot, in the order they came.
 */
export interface WaitingRoom<J> {
  /** Jobs waiting now. */
  readonly size: number;
  /** Jobs waiting now for `host`. */
  waitingOn(host: string): number;
  /**
   * Takes a job in unless a limit of its host, its account or the total is
   * reached.
   *
   * @returns whether it was taken in
   */
  admit(job: J, lane: Lane, now: number): boolean;
  /** Removes, oldest first, each job for which `canStart(lane)` holds when its turn comes, and calls `start` on it at once (so the next check sees it running). */
  startWhere(canStart: (lane: Lane) => boolean, start: (job: J, lane: Lane) => void): void;
  /** Removes and returns the jobs for which `leave` holds (too old, or a host found slow), oldest first. */
  removeWhere(leave: (waiting: WaitingJob<J>) => boolean): Array<WaitingJob<J>>;
}

/** Adds `delta` to the count of `key`, deleting it at 0. */
function add(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next === 0) counts.delete(key);
  else counts.set(key, next);
}

/**
 * A {@link WaitingRoom} in memory. It holds at most `limits.total` jobs, so a
 * scan of all of them per freed slot is cheap.
 *
 * @param limits - see {@link WaitingLimits}
 */
export function waitingRoom<J>(limits: WaitingLimits): WaitingRoom<J> {
  let queue: Array<WaitingJob<J>> = [];
  const byHost = new Map<string, number>();
  const byAccount = new Map<string, number>();
  const count = ({ lane }: WaitingJob<J>, delta: number): void => {
    add(byHost, lane.host, delta);
    add(byAccount, lane.accountId, delta);
  };
  return {
    get size() {
      return queue.length;
    },
    waitingOn: (host) => byHost.get(host) ?? 0,
    admit(job, lane, now) {
      if (queue.length >= limits.total || (byHost.get(lane.host) ?? 0) >= limits.perHost || (byAccount.get(lane.accountId) ?? 0) >= limits.perAccount) {
        return false;
      }
      const waiting = { job, lane, since: now };
      queue.push(waiting);
      count(waiting, 1);
      return true;
    },
    startWhere(canStart, start) {
      const kept: Array<WaitingJob<J>> = [];
      for (const waiting of queue) {
        if (!canStart(waiting.lane)) {
          kept.push(waiting);
          continue;
        }
        count(waiting, -1);
        start(waiting.job, waiting.lane);
      }
      queue = kept;
    },
    removeWhere(leave) {
      const left: Array<WaitingJob<J>> = [];
      const kept: Array<WaitingJob<J>> = [];
      for (const waiting of queue) (leave(waiting) ? left : kept).push(waiting);
      queue = kept;
      for (const waiting of left) count(waiting, -1);
      return left;
    },
  };
}
