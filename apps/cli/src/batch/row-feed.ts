import { CliError } from '../exit-codes.js';
import type { BatchInput } from './batch-input.js';
import type { BatchOutput } from './batch-output.js';
import { normaliseRecord } from './csv-input.js';
import { rowContentHash } from './row-identity.js';

/** A row as handed to the SDK: `address` and `category` are sent, the rest comes back on its outcome. */
export interface SentRow {
  address: string;
  category: string;
  /** 1-based data row number. */
  row: number;
  /** The input fields, normalised to the header's width. */
  fields: string[];
  /** Content hash of `fields` ({@link rowContentHash}). */
  hash: string;
}

/** Counters and the stop flag a feed shares with the command that drives it. */
export interface FeedState {
  /** Data rows read from the input so far (resumed rows included). */
  rowsRead: number;
  /** Rows handed to the SDK and not yet written. */
  inFlight: number;
  /** Set to stop reading (SIGINT, or a stop error): the feed then ends. */
  stopped: boolean;
}

/**
 * The rows of a batch to score, read from the input as the SDK asks for
 * them: rows already in a resumed output are checked against it (row number
 * and content hash) and skipped; every other row is counted in flight and
 * handed on.
 *
 * @param input - the opened input
 * @param output - the opened output (its resumed rows)
 * @param state - shared counters; `stopped` ends the feed
 * @throws CliError (exit 2) when a resumed row differs from the input's row of that number
 */
export async function* feedRows(input: BatchInput, output: BatchOutput, state: FeedState): AsyncGenerator<SentRow> {
  const width = input.source.header.length;
  while (!state.stopped) {
    const next = await input.source.records.next();
    if (next.done) return;
    state.rowsRead += 1;
    const row = state.rowsRead;
    const fields = normaliseRecord(next.value, width);
    const hash = rowContentHash(fields);
    if (row <= output.resumedRows && output.doneRows) {
      const done = await output.doneRows.next();
      if (done.done || done.value.row !== row || done.value.hash !== hash) {
        throw new CliError(`row ${row} of the input differs from row ${row} of ${output.name}: not an output of this input; refusing to resume`);
      }
      continue;
    }
    if (state.stopped) return;
    state.inFlight += 1;
    yield { address: (fields[input.addressIndex] ?? '').trim(), category: input.categoryOf(fields), row, fields, hash };
  }
}
