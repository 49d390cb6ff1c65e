import type { ImportProgress } from '@locscore/engine/import';

/**
 * One line for a progress event of a region import: the step, then the
 * engine's message, which carries its own counts.
 *
 * @param event - the event as the importer emitted it
 * @returns e.g. `osm: 1,200,000 OSM elements`
 */
export function describeProgress(event: ImportProgress): string {
  return `${event.phase}: ${event.message}`;
}

/** A log of an import's steps, fed every progress event; see {@link stepLog}. */
export interface StepLog {
  /** Takes the next progress event. */
  push(event: ImportProgress): void;
  /** Writes what the last step has not written yet; call once the import ends or fails. */
  end(): void;
}

/**
 * The lines an import leaves behind, without its running counters: the
 * first event of each step (a phase on one input: each GTFS feed is a step of
 * its own, so every feed is named), the step's last event when the next step
 * begins (its summary, such as the counts read from a feed), and every
 * warning as it comes.
 *
 * @param write - writes one line (on stderr)
 * @returns the log
 */
export function stepLog(write: (line: string) => void): StepLog {
  let step: string | null = null;
  let pending: ImportProgress | null = null;
  const flush = (): void => {
    if (pending !== null) write(describeProgress(pending));
    pending = null;
  };
  return {
    push(event) {
      const key = `${event.phase}\u0000${event.source}`;
      if (event.warning === true) write(describeProgress(event));
      else if (key !== step) {
        flush();
        step = key;
        write(describeProgress(event));
      } else pending = event;
    },
    end: flush,
  };
}
