import cliProgress from 'cli-progress';
import type { Terminal } from '../output/terminal.js';
import type { BatchTally } from './summary.js';

/** Progress display of a batch run. */
export interface BatchProgress {
  /** Redraws with the tally (rows written in this run). */
  update(tally: BatchTally): void;
  /** Removes the bar. */
  stop(): void;
}

/**
 * A cli-progress bar on stderr showing done/total, rows per second, ETA and
 * passed / below-7 / error counts; only when stderr is a terminal (a no-op
 * otherwise, so logs and pipes stay clean).
 *
 * @param terminal - the command's terminal
 * @param total - rows to score in this run, or null when unknown (stdin)
 */
export function createBatchProgress(terminal: Terminal, total: number | null): BatchProgress {
  if (!terminal.stderrIsTTY) return { update() {}, stop() {} };
  const style = terminal.err;
  const format =
    total === null
      ? `{value} rows | {rate} rows/s | ${style.green('{passed} passed')} ${style.red('{failed} below 7')} ${style.yellow('{errors} errors')}`
      : `{bar} {value}/{total} | {rate} rows/s | ETA {eta_formatted} | ${style.green('{passed} passed')} ${style.red('{failed} below 7')} ${style.yellow('{errors} errors')}`;
  const bar = new cliProgress.SingleBar(
    { format, stream: process.stderr, hideCursor: true, clearOnComplete: false, etaBuffer: 50, fps: 10 },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  bar.start(total ?? 0, 0, { passed: 0, failed: 0, errors: 0, rate: '0.0' });
  return {
    update(tally) {
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      bar.update(tally.done, { passed: tally.passed, failed: tally.failed, errors: tally.errors, rate: (tally.done / seconds).toFixed(1) });
    },
    stop: () => bar.stop(),
  };
}
