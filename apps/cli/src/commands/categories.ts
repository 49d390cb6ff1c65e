import { CATEGORIES, CATEGORY_LABELS } from '@locscore/schema';
import { printJson } from '../output/json.js';
import { renderTable } from '../output/table.js';
import type { Terminal } from '../output/terminal.js';

/**
 * `locscore categories`: the twelve categories the API scores, as a table
 * (value and label) or, with `--json`, `[{ "category", "label" }]`.
 *
 * @param options - `json`
 * @param terminal - the command's terminal
 * @returns exit code 0
 */
export function runCategories(options: { json?: boolean | undefined }, terminal: Terminal): number {
  const rows = CATEGORIES.map((category) => ({ category, label: CATEGORY_LABELS[category] }));
  if (options.json) printJson(terminal, rows);
  else
    terminal.stdout.write(
      renderTable(
        ['CATEGORY', 'LABEL'],
        rows.map((row) => [row.category, row.label]),
      ),
    );
  return 0;
}
