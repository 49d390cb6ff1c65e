import { stringify } from 'csv-stringify/sync';
import { OUTPUT_COLUMNS } from './columns.js';
import type { Delimiter } from './csv-input.js';
import { type RowOutcome, resultCells } from './result-cells.js';

/** Output formats of `locscore batch`. */
export const OUTPUT_FORMATS = ['csv', 'jsonl'] as const;

/** One of the {@link OUTPUT_FORMATS}. */
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * One JSON Lines record of `--format jsonl`: the 1-based data row number,
 * the row's content hash (for `--resume`), the input row as an object keyed
 * by header, and the full API result or the error.
 */
export interface JsonlRecord {
  row: number;
  rowHash: string;
  input: Record<string, string>;
  result: RowOutcome['result'] | null;
  error: { code: string; message: string; requestId: string | null } | null;
}

/** Turns rows into output text, one record per call. */
export interface RowFormatter {
  /** Text written once at the start of a new output (CSV header, with BOM if the input had one); empty for JSONL. */
  preamble(): string;
  /**
   * One output record, ending with `\n`.
   *
   * @param row - 1-based data row number
   * @param fields - input fields, normalised to the header's width
   * @param rowHash - content hash of `fields`
   * @param outcome - result or error
   */
  record(row: number, fields: readonly string[], rowHash: string, outcome: RowOutcome): string;
}

/**
 * A formatter for one output format. CSV keeps every input column (in the
 * input's delimiter) then {@link OUTPUT_COLUMNS}, quoting as needed
 * (csv-stringify), numbers with a decimal comma when asked; JSONL writes
 * {@link JsonlRecord}s.
 *
 * @param format - `csv` or `jsonl`
 * @param header - the input header
 * @param dialect - the input's delimiter, whether it had a BOM, and whether
 *   CSV numbers take a decimal comma (JSONL numbers are JSON numbers)
 */
export function createRowFormatter(
  format: OutputFormat,
  header: readonly string[],
  dialect: { delimiter: Delimiter; bom: boolean; decimalComma?: boolean | undefined },
): RowFormatter {
  if (format === 'jsonl') {
    return {
      preamble: () => '',
      record(row, fields, rowHash, outcome) {
        const input: Record<string, string> = {};
        header.forEach((name, index) => {
          input[name] = fields[index] ?? '';
        });
        const line: JsonlRecord = { row, rowHash, input, result: outcome.result ?? null, error: outcome.error ?? null };
        return `${JSON.stringify(line)}\n`;
      },
    };
  }
  const csvLine = (cells: readonly string[]): string => stringify([cells], { delimiter: dialect.delimiter, record_delimiter: '\n' });
  return {
    preamble: () => (dialect.bom ? '\uFEFF' : '') + csvLine([...header, ...OUTPUT_COLUMNS]),
    record: (_row, fields, _rowHash, outcome) => csvLine([...fields, ...resultCells(outcome, { decimalComma: dialect.decimalComma })]),
  };
}
