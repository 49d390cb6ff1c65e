import type { ChalkInstance } from 'chalk';
import type { RowOutcome } from './result-cells.js';

/** How many best sites the summary lists. */
export const BEST_SITES = 5;

/** Running totals of a batch run (only the rows written in this run). */
export interface BatchTally {
  /** Rows written (scored or failed). */
  done: number;
  /** Rows with a result and `passed` (score >= 7.0). */
  passed: number;
  /** Rows with a result that did not pass. */
  failed: number;
  /** Rows with an error (bad address, unknown category...). */
  errors: number;
  /** Sum of scores of rows with a result, for the mean. */
  scoreSum: number;
  /** The best sites so far, highest score first, at most {@link BEST_SITES}. */
  best: Array<{ row: number; address: string; score: number }>;
}

/** An empty {@link BatchTally}. */
export function createTally(): BatchTally {
  return { done: 0, passed: 0, failed: 0, errors: 0, scoreSum: 0, best: [] };
}

/**
 * Adds one written row to a tally (in place). Ties keep the earlier row first.
 *
 * @param tally - the running tally
 * @param row - 1-based data row number
 * @param address - the row's address, for the best-sites list
 * @param outcome - the row's result or error
 */
export function addToTally(tally: BatchTally, row: number, address: string, outcome: RowOutcome): void {
  tally.done += 1;
  if (!outcome.result) {
    tally.errors += 1;
    return;
  }
  const score = outcome.result.score;
  if (outcome.result.passed) tally.passed += 1;
  else tally.failed += 1;
  tally.scoreSum += score;
  const last = tally.best[tally.best.length - 1];
  if (tally.best.length < BEST_SITES || (last !== undefined && score > last.score)) {
    tally.best.push({ row, address, score });
    tally.best.sort((a, b) => b.score - a.score || a.row - b.row);
    tally.best.length = Math.min(tally.best.length, BEST_SITES);
  }
}

/**
 * The summary printed on stderr after a batch: counts, mean score, and the
 * five best sites with their row numbers.
 *
 * @param tally - the run's tally
 * @param style - chalk instance of stderr
 * @returns lines ending with a newline
 */
export function renderSummary(tally: BatchTally, style: ChalkInstance): string {
  const scored = tally.passed + tally.failed;
  const lines = [
    `${style.bold(String(tally.done))} rows: ${style.green(`${tally.passed} passed`)}, ${style.red(`${tally.failed} below 7.0`)}, ${style.yellow(`${tally.errors} errors`)}`,
  ];
  if (scored > 0) lines.push(`Mean score ${(tally.scoreSum / scored).toFixed(1)}`);
  if (tally.best.length > 0) {
    lines.push('Best sites:');
    for (const site of tally.best) lines.push(`  ${site.score.toFixed(1)}  ${site.address} (row ${site.row})`);
  }
  return `${lines.join('\n')}\n`;
}
