import { resolve } from 'node:path';
import { note, type Terminal } from '../output/terminal.js';
import type { BatchInput } from './batch-input.js';
import { countRecords } from './batch-input.js';
import { createRowFormatter, type OutputFormat, type RowFormatter } from './output-format.js';
import { type DoneRow, prepareResume, readDoneRows } from './resume.js';
import { openSink, type Sink } from './sink.js';

/** The output of a batch, ready for its first new row. */
export interface BatchOutput {
  /** The output as the user named it (`-` for stdout), for messages. */
  name: string;
  /** Rows already in the output (`--resume`), not scored again. */
  resumedRows: number;
  /** Those rows, read back one by one to check they are this input's; `null` when there are none. */
  doneRows: AsyncGenerator<DoneRow> | null;
  /** Turns an outcome into output text. */
  formatter: RowFormatter;
  /** Where the text goes. */
  sink: Sink;
  /** Rows to score in this run (for the progress bar), or `null` when unknown (stdin, or not a terminal). */
  total: number | null;
}

/** Flags of `locscore batch` that shape its output. */
export interface OutputFlags {
  format: OutputFormat;
  /** Append to the output and skip the rows already in it. */
  resume: boolean;
  /** `--decimal-comma` (true) / `--no-decimal-comma` (false); unset: on for `;` input. */
  decimalComma?: boolean | undefined;
}

/**
 * Opens a batch's output (`-` for stdout): with `--resume`, checks the file
 * is an output of this input's header and cuts a record a kill left
 * unfinished; writes the CSV header (with the input's BOM) to a new output.
 *
 * @param out - a path or `-`
 * @param input - the opened input
 * @param flags - format, `--resume`, decimal comma
 * @param terminal - for the resume note
 * @throws CliError (exit 2) when the output to resume is not an output of this input
 */
export async function openBatchOutput(out: string, input: BatchInput, flags: OutputFlags, terminal: Terminal): Promise<BatchOutput> {
  const { header, delimiter, bom } = input.source;
  const outPath = out === '-' ? '-' : resolve(out);
  const existing = flags.resume ? await prepareResume(outPath, flags.format, header) : { empty: true, rows: 0 };
  const doneRows = existing.rows > 0 ? readDoneRows(outPath, flags.format, header) : null;
  const total = input.path && terminal.stderrIsTTY ? Math.max(0, (await countRecords(input.path)) - existing.rows) : null;
  const formatter = createRowFormatter(flags.format, header, { delimiter, bom, decimalComma: flags.decimalComma ?? delimiter === ';' });
  const sink = openSink(outPath, flags.resume && !existing.empty);
  if (!flags.resume || existing.empty) await sink.write(formatter.preamble());
  if (existing.rows > 0) note(terminal, `Resuming: ${existing.rows} rows already in ${out}`);
  return { name: out, resumedRows: existing.rows, doneRows, formatter, sink, total };
}
