/** A host whose attempts take this long is slow (a hanging or trickling receiver), ms. */
export const SLOW_HOST_MS = 1_000;
/** Hosts whose attempt times are remembered; the memory is cleared when more are seen. */
const MAX_TIMED_HOSTS = 10_000;
/** Weight of the newest attempt in a host's typical time (exponentially weighted mean). */
const NEWEST_WEIGHT = 0.3;

/** How long each receiver host's attempts take: those that ended, and those running now. */
export interface HostPace {
  /**
   * Notes an attempt to `host` starting at `now` (`performance.now()`, ms).
   *
   * @returns the call that notes its end at `now`
   */
  started(host: string, now: number): (now: number) => void;
  /** The host's typical attempt time (exponentially weighted mean of those that ended), ms; undefined before the first ended. */
  typicalMs(host: string): number | undefined;
  /** Whether the host is slow: its typical time, or the age of an attempt running on it now, is {@link SLOW_HOST_MS} or more. */
  slow(host: string, now: number): boolean;
}

/** A {@link HostPace} in memory, for one process's dispatcher. */
export function hostPace(): HostPace {
  const typical = new Map<string, number>();
  /** Start times of the attempts running now, by host. */
  const running = new Map<string, Set<{ at: number }>>();
  return {
    started(host, now) {
      const start = { at: now };
      const ofHost = running.get(host) ?? new Set();
      ofHost.add(start);
      running.set(host, ofHost);
      return (end) => {
        ofHost.delete(start);
        if (ofHost.size === 0 && running.get(host) === ofHost) running.delete(host);
        if (typical.size >= MAX_TIMED_HOSTS) typical.clear();
        const took = end - start.at;
        typical.set(host, (1 - NEWEST_WEIGHT) * (typical.get(host) ?? took) + NEWEST_WEIGHT * took);
      };
    },
    typicalMs: (host) => typical.get(host),
    slow(host, now) {
      if ((typical.get(host) ?? 0) >= SLOW_HOST_MS) return true;
      for (const { at } of running.get(host) ?? []) if (now - at >= SLOW_HOST_MS) return true;
      return false;
    },
  };
}
